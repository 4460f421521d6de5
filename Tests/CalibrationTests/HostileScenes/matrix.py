"""The hostile-scene matrix: each scene of hostile_scenes.SCENES painted (once, cached by the
painter's own source), checked with `backdrop crop EMPTY --widgets-from HOME --json`, and judged
against the scene's `expect` (README.md) by this file alone, never by Backdrop's code.

    matrix.py [--names A,B] [--only CLASS,..] [--backdrop PATH] [--content DIR] [--cache DIR]

prints one line per scene and a summary; exits 1 when any scene is judged wrong. The browser
tests run it (Tests/BrowserTests/test_hostile_widgets.py): a quick subset every run, the whole
matrix with BACKDROP_HOSTILE=all.

The judgement, scene by scene:
* `refuse`: exit 1, no output folder, and a message with the words of one of the keywords;
* `widgets`: exit 0; only the painted slots are named; every offset given is within 1 px of the
  painted one (else it is WRONG: a wrong answer given with confidence); an axis that is `exact`
  for the window the tool says it searched is given; a widget that must be reported is in the
  report's list, measured or named as not measured with why.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hostile_scenes as H  # noqa: E402
import textures as T  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

# What each refusal keyword reads as in a message (README.md's table of keywords).
KEYWORDS = {
    "swapped": r"wrong way round",
    "not-empty": r"given as (the )?empty (page )?(shows|has) (a )?widget",
    "no-widgets": r"no widget",
    "none-measured": r"none could be measured",
    "identical": r"identical images",
    "disagree": r"more than 2 px apart",
    "beyond-window": r"no widget within \d+ px",
    "blurred": r"look blurred",
    "resized": r"screenshots are \d+[x×]\d+|is \d+[x×]\d+ but the empty screenshot",
    "rotated": r"landscape",
}

# A quick subset: the named cases and one or two of every class (about a quarter of the matrix).
QUICK = ["tiles24-d17-0", "stripes-d45-30-d8-0", "glyphs48-gradient-medium", "checker30-shaded-black", "strip41-outside",
         "gradient-flat-x", "swap-ladybird", "card-on-both", "both-home-different", "column3-0-30-m2", "row-dy5",
         "agree-medium-small-2", "beyond-45-0", "blur10", "blur20-one-of-four", "resized-home-1179x2556", "rotated-home-90",
         "tiles16-shaded", "banner-40", "panel-top-half",
         # Once wrong with confidence: an outline 3 px short gave an offset 2 px off on bricks.
         "bricks-48x24",
         # Once measured with crops in the plain style (blurred widgets placed by their outline), and
         # said to be blurred or crops of another layout (widgets beyond the reach).
         "blur30-black", "beyond-0-m50", "beyond-57-57-glass",
         # Two small widgets under two stacked banners, and one medium widget under a banner: each
         # was once taken for the other.
         "banner-70", "banner-40-glass",
         # Sharp widgets 2 px up on a glyph grid over one colour were once said to look blurred;
         # widgets moved by a whole period with a rim, named as seen with every offset unknown.
         "glyphs32-solid", "tiles24-d24-0-rim",
         # Once measured 20 px off at a repeat taken for better by a rounding's worth (the
         # pair refused, the column measured apart).
         "checker20-16bit"]


def painter_key():
    """What the painted files depend on: the painter's source files and the photographs' names."""
    digest = hashlib.sha256()
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".py") and name not in ("matrix.py", "selfcheck.py"):
            with open(os.path.join(HERE, name), "rb") as file:
                digest.update(name.encode() + file.read())
    with open(os.path.join(HERE, "..", "WidgetScenes", "widget_scenes.py"), "rb") as file:
        digest.update(file.read())
    return digest.hexdigest()[:16]


def paint(names, cache):
    """Paints the scenes `names` into `cache` (kept between runs: a scene painted with the same
    painter is not painted again); returns {name: truth}."""
    folder = os.path.join(cache, painter_key())
    os.makedirs(folder, exist_ok=True)
    truths = {}
    for scene in H.SCENES:
        if scene["name"] not in names:
            continue
        stored = os.path.join(folder, scene["name"] + ".json")
        if os.path.exists(stored):
            with open(stored) as file:
                truths[scene["name"]] = json.load(file)
            continue
        truth = H.paint_scene(scene, folder)
        with open(stored + ".part", "w") as file:
            json.dump(truth, file)
        os.replace(stored + ".part", stored)
        truths[scene["name"]] = truth
    for truth in truths.values():
        truth["folder"] = folder
    return truths


def check(backdrop, content, truth, work):
    """Runs the command line's check on a painted pair: (exit status, report or None, stderr, out folder)."""
    out = os.path.join(work, truth["name"])
    if os.path.exists(out):
        shutil.rmtree(out)
    command = [backdrop, "crop", os.path.join(truth["folder"], truth["files"]["empty"]["file"]), "--widgets-from",
               os.path.join(truth["folder"], truth["files"]["home"]["file"]), "--device", truth["device"], "--layout", truth["layout"],
               "--out", out, "--json"]
    if content:
        command += ["--content", content]
    run = subprocess.run(command, capture_output=True, text=True)
    report = json.loads(run.stdout) if run.returncode == 0 and run.stdout.strip() else None
    return run.returncode, report, run.stderr, out


def axis_rules(truth, widget, window):
    """Each axis's rule for the window the tool searched: exact unless an alias of the painted
    offset inside that window differs from it along the axis (README.md: "Window")."""
    d = tuple(widget["d"])
    exact, near = T.lattice(truth["wallpaper"])
    others = [a for a in T.aliases(d, exact + near, window) if a != d]
    expect = truth["expect"]["widgets"][widget["slot"]]
    rules = {}
    for axis, index in (("x", 0), ("y", 1)):
        why = (expect.get("why") or {}).get(axis)
        if why in ("covered", "blurred"):
            rules[axis] = expect[axis]
        else:
            rules[axis] = "unknown-or-exact" if any(a[index] != d[index] for a in others) else "exact"
    return rules


def judge(truth, status, report, stderr, out):
    """The findings about one scene: [(kind, words)], kind "wrong" (a number more than 1 px off,
    or crops written from a refused pair), "missed" (a refusal or a number that should have been
    given), "cause" (refused for another reason), "extra" (a slot not painted)."""
    found = []
    expect = truth["expect"]
    if "refuse" in expect:
        if status == 0:
            measured = [(w["slot"], w["dx"], w["dy"]) for w in (report or {}).get("widgets") or [] if w["dx"] is not None or w["dy"] is not None]
            found.append(("wrong" if measured else "missed", f"not refused ({', '.join(expect['refuse'])} expected); measured {measured}"))
            return found
        if os.path.exists(out):
            found.append(("wrong", "refused, but the output folder was written"))
        if not any(re.search(KEYWORDS[k], stderr) for k in expect["refuse"]):
            found.append(("cause", f"refused for another reason ({', '.join(expect['refuse'])} expected): {stderr.strip()[-400:]}"))
        return found
    if status != 0 or report is None:
        # Every widget invisible (the same picture twice, or nothing to measure): a refusal
        # that says so is right, as is one that names them seen but none measurable (moved by a
        # whole period, only their rims show).
        invisible = all(expect["widgets"][w["slot"]].get("may_be_missing") for w in truth["widgets"])
        # Every axis of every widget one the wallpaper may not tell (it repeats): a refusal that
        # names each widget seen, none measurable, is right too.
        untold = all(expect["widgets"][w["slot"]].get(axis) != "exact" for w in truth["widgets"] for axis in ("x", "y")) \
            and re.search(KEYWORDS["none-measured"], stderr) and all(f"{w['slot']}:" in stderr for w in truth["widgets"])
        if not untold and not (invisible and re.search("|".join(KEYWORDS[k] for k in ("identical", "no-widgets", "none-measured")), stderr)):
            found.append(("missed", f"refused: {stderr.strip()[-400:]}"))
        return found
    window = report.get("window", truth["window"])
    listed = {w["slot"]: w for w in report["widgets"]}
    for slot in listed:
        if slot not in expect["only_slots"]:
            found.append(("extra", f"{slot} reported, not painted: {listed[slot]}"))
    for widget in truth["widgets"]:
        slot, d = widget["slot"], widget["d"]
        rule = expect["widgets"][slot]
        got = listed.get(slot)
        if got is None:
            if rule.get("must_report"):
                found.append(("missed", f"{slot} (painted at {d}) not in the report"))
            continue
        rules = axis_rules(truth, widget, window)
        for axis, index, value in (("x", 0, got.get("dx")), ("y", 1, got.get("dy"))):
            if value is not None and abs(value - d[index]) > 1:
                found.append(("wrong", f"{slot} {axis} {value:+d}, painted {d[index]:+d}"))
            elif value is None and rules[axis] == "exact" and got.get("measured", True) and not rule.get("covered") \
                    and not rule.get("may_be_missing"):
                found.append(("missed", f"{slot} {axis} unknown ({got.get('unknown')}), painted {d[index]:+d}, unique in ±{window} px"))
        if got.get("dx") is None and got.get("dy") is None and not got.get("unknown"):
            found.append(("missed", f"{slot}: neither offset given, and no reason"))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--names")
    parser.add_argument("--only")
    parser.add_argument("--quick", action="store_true", help="the quick subset")
    parser.add_argument("--backdrop", default=os.path.join(ROOT, ".build", "release", "backdrop"))
    parser.add_argument("--content", default=os.path.join(ROOT, "content"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build", "hostile-scenes"))
    args = parser.parse_args()
    scenes = H.SCENES
    if args.quick:
        scenes = [s for s in scenes if s["name"] in QUICK]
    if args.only:
        scenes = [s for s in scenes if s["class"] in args.only.split(",")]
    if args.names:
        scenes = [s for s in scenes if s["name"] in args.names.split(",")]
    start = time.time()
    truths = paint({s["name"] for s in scenes}, args.cache)
    print(f"painted or cached in {time.time() - start:.1f} s", flush=True)
    work = tempfile.mkdtemp(prefix="hostile-")
    totals = {}
    for scene in scenes:
        truth = truths[scene["name"]]
        t = time.time()
        status, report, stderr, out = check(args.backdrop, args.content, truth, work)
        findings = judge(truth, status, report, stderr, out)
        for kind, _ in findings:
            totals[kind] = totals.get(kind, 0) + 1
        print(f"{time.time() - t:5.1f} s {'ok  ' if not findings else 'BAD '} {scene['class']:<12} {scene['name']}", flush=True)
        for kind, words in findings:
            print(f"        {kind}: {words}")
    shutil.rmtree(work)
    print(f"{len(scenes)} scenes; findings: {totals or 'none'}")
    sys.exit(1 if totals else 0)


if __name__ == "__main__":
    main()
