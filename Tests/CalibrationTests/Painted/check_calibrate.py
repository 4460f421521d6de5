#!/usr/bin/env python3
"""Runs `backdrop calibrate` on every painted scene and compares what it found with scenes.json.

    python3 check_calibrate.py BACKDROP [--root PACKAGE_ROOT] [--dir SCENES_DIR] [--json OUT.json] [SCENE ...]

BACKDROP is the backdrop executable; it runs with PACKAGE_ROOT (default: three folders up, the
package root) as the working directory so that it finds content/. SCENES_DIR (default: this
folder) holds scenes.json and the PNGs, e.g. variants from `paint_scenes.py OUTDIR --without ...`. For each scene it prints how
many placed widgets were found in the right slot with all four edges within 1 px, the worst edge
error, the widgets missed, anything reported that was not placed, the layout matched, and the
tool's error if it failed. Exit status 1 when any scene falls short. Needs only Python 3.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def check(backdrop, root, folder, scene):
    cmd = [backdrop, "calibrate", os.path.join(folder, scene["screenshot"]), "--json"]
    if scene["empty"]:
        cmd[3:3] = ["--empty", os.path.join(folder, scene["empty"])]
    run = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    result = {"name": scene["name"], "placed": len(scene["widgets"]), "exact": 0, "worst": None, "missed": [], "off": [],
              "extra": [], "match": None, "expected_match": scene["expected_match"], "error": None}
    if run.returncode != 0:
        result["error"] = (run.stderr.strip() or run.stdout.strip()).splitlines()[-1] if (run.stderr or run.stdout) else f"exit {run.returncode}"
        result["missed"] = [w["slot"] for w in scene["widgets"]]
        return result
    out = json.loads(run.stdout)
    result["match"] = out.get("match")
    reported = {s["id"]: s["pixels"] for s in out.get("slots", [])}
    worst = 0
    for widget in scene["widgets"]:
        got = reported.pop(widget["slot"], None)
        if got is None:
            result["missed"].append(widget["slot"])
            continue
        x, y, w, h = widget["rect"]
        errors = [abs(got["x"] - x), abs(got["y"] - y), abs(got["x"] + got["width"] - (x + w)), abs(got["y"] + got["height"] - (y + h))]
        worst = max(worst, max(errors))
        if max(errors) <= 1:
            result["exact"] += 1
        else:
            result["off"].append(f'{widget["slot"]} got {got["x"]},{got["y"]} {got["width"]}x{got["height"]} (edges off {errors})')
    result["worst"] = worst
    result["extra"] = [f'{k} {v["x"]},{v["y"]} {v["width"]}x{v["height"]}' for k, v in reported.items()]
    return result


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    backdrop = os.path.abspath(args.pop(0))
    root = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    out_json = None
    folder = HERE
    names = []
    while args:
        a = args.pop(0)
        if a == "--root":
            root = os.path.abspath(args.pop(0))
        elif a == "--dir":
            folder = os.path.abspath(args.pop(0))
        elif a == "--json":
            out_json = args.pop(0)
        else:
            names.append(a)
    scenes = json.load(open(os.path.join(folder, "scenes.json")))["scenes"]
    results = [check(backdrop, root, folder, s) for s in scenes if not names or s["name"] in names]
    failed = 0
    print(f"{'scene':40} {'found':>7} {'worst':>6}  match / problems")
    for r in results:
        ok = r["exact"] == r["placed"] and not r["extra"] and r["match"] in r["expected_match"]
        failed += not ok
        problems = []
        if r["error"]:
            problems.append("error: " + r["error"])
        if r["missed"] and not r["error"]:
            problems.append("missed " + ", ".join(r["missed"]))
        problems += ["off: " + o for o in r["off"]]
        if r["extra"]:
            problems.append("extra: " + "; ".join(r["extra"]))
        if not r["error"] and r["match"] not in r["expected_match"]:
            problems.append(f'matched {r["match"]!r}, expected {" or ".join(r["expected_match"])}')
        worst = "-" if r["worst"] is None else str(r["worst"])
        print(f'{r["name"]:40} {r["exact"]:>3}/{r["placed"]:<3} {worst:>6}  {"ok" if ok else " | ".join(problems)}')
    print(f"{len(results) - failed} of {len(results)} scenes fully right")
    if out_json:
        with open(out_json, "w") as f:
            json.dump(results, f, indent=2)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
