"""How long `backdrop build` takes and how much memory it needs: a cold build (empty cache), a
rebuild with nothing changed, and a cold build of a content folder with ten times the screenshots
(every device profile copied nine times, each copy with screenshots of its own, one pixel apart,
so that no crop comes from another copy's cache entry). Each figure is the median of --runs whole
processes (--runs-large for the tenfold content), timed by the kernel's accounting of the finished child (wall, user and system seconds,
peak resident memory). Run by scripts/benchmark-build.sh, which builds the release binary.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

import figures
import numpy as np
from PIL import Image

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
COPIES = 10
# The build's aims: a cold build within this many seconds (issue 54), a rebuild with nothing changed
# within this many.
COLD_AIM_S = 8
NOTHING_CHANGED_AIM_S = 0.2


def run(command):
    """(wall s, user s, sys s, peak RSS MB) of one run of `command`, which must succeed."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode()
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{stderr}")
    return wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss / 1024


def report(label, runs):
    """Prints the median of `runs` and returns it as recorded: wall, user and system seconds, cores used, peak MB."""
    wall, user, system, rss = (statistics.median(values) for values in zip(*runs))
    cores = (user + system) / wall if wall else 0
    print(f"  {label:<44} {wall:6.2f} s wall  {user:6.2f} s user  {system:5.2f} s sys  "
          f"{cores:4.2f} cores  {rss:6.0f} MB peak  (wall runs {', '.join(f'{r[0]:.2f}' for r in runs)})")
    return {"wall": figures.spread([r[0] for r in runs], 2), "user": round(user, 2), "system": round(system, 2), "cores": round(cores, 2),
            "peak MB": round(rss), "runs": len(runs)}


def multiplied(content, folder):
    """A copy of `content` whose every device profile stands COPIES times, each copy with its own
    screenshots (one pixel changed) and its own id, name and model names."""
    shutil.copytree(content, folder)
    devices = os.path.join(folder, "devices")
    for name in sorted(os.listdir(devices)):
        if not name.endswith(".md"):
            continue
        text = open(os.path.join(devices, name), encoding="utf-8").read()
        for copy in range(1, COPIES):
            copied = text
            for shot in sorted(set(re.findall(r"(?<![\w/.-])screenshots/[A-Za-z0-9._-]+\.png", text))):
                new = shot.replace(".png", f"-copy{copy}.png")
                image = Image.open(os.path.join(content, shot))
                image.load()
                pixels = np.array(image)
                pixels.flat[copy] ^= 1
                options = {"icc_profile": image.info["icc_profile"]} if "icc_profile" in image.info else {}
                Image.fromarray(pixels, image.mode).save(os.path.join(folder, new), compress_level=1, **options)
                copied = copied.replace(shot, new)
            copied = re.sub(r"^name: (.*)$", lambda m: f"name: {m.group(1).strip(chr(34))} (copy {copy})", copied, count=1, flags=re.M)
            copied = re.sub(r"^models: \[(.*)\]$",
                            lambda m: "models: [" + ", ".join(f"{model.strip()} copy {copy}" for model in m.group(1).split(",")) + "]",
                            copied, count=1, flags=re.M)
            copied = re.sub(r"^identifiers: .*\n", "", copied, flags=re.M)
            with open(os.path.join(devices, name.replace(".md", f"-copy{copy}.md")), "w", encoding="utf-8") as file:
                file.write(copied)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backdrop", default=os.path.join(ROOT, ".build/release/backdrop"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--runs-large", type=int, default=1, help="runs of the build with ten times the screenshots (about 100 s each)")
    parser.add_argument("--record", action="store_true", help="keep the figures in docs/figures.json (scripts/lib/figures.py)")
    args = parser.parse_args()
    options = ("" if args.runs == 3 else f" --runs {args.runs}") + ("" if args.runs_large == 1 else f" --runs-large {args.runs_large}")
    recorder = figures.Recorder(args.record, f"bash scripts/benchmark-build.sh{options}")

    work = tempfile.mkdtemp(prefix="backdrop-build-bench-")
    try:
        content = os.path.join(ROOT, "content")
        templates = os.path.join(ROOT, "templates")

        def build(content, cache, site):
            return [args.backdrop, "build", "--quiet", "--content", content, "--templates", templates, "--output", site, "--cache", cache]

        def cold(content, tag, count):
            runs = []
            for index in range(count):
                cache, site = os.path.join(work, f"cache-{tag}-{index}"), os.path.join(work, f"site-{tag}-{index}")
                runs.append(run(build(content, cache, site)))
                shutil.rmtree(cache)
                if index:
                    shutil.rmtree(site)
            return runs

        shots = len([name for name in os.listdir(os.path.join(content, "screenshots")) if name.endswith(".png")])
        print(f"backdrop build on {os.cpu_count()} cores, median of {args.runs} runs each:")
        cold_build = report(f"cold build, bundled content ({shots} screenshots)", cold(content, "one", args.runs))
        cache, site = os.path.join(work, "cache-warm"), os.path.join(work, "site-warm")
        run(build(content, cache, site))
        pictures = sum(name.endswith(".png") for _, _, names in os.walk(site) for name in names)
        nothing_changed = report("rebuild, nothing changed", [run(build(content, cache, site)) for _ in range(max(args.runs, 5))])

        many = os.path.join(work, "content-x10")
        multiplied(content, many)
        many_shots = len([name for name in os.listdir(os.path.join(many, "screenshots")) if name.endswith(".png")])
        tenfold = report(f"cold build, {COPIES}x the screenshots ({many_shots})", cold(many, "ten", args.runs_large))
        print(f"aims: cold build at most {COLD_AIM_S} s ({cold_build['wall']['median']:.2f} s), rebuild with nothing changed at most "
              f"{NOTHING_CHANGED_AIM_S} s ({nothing_changed['wall']['median']:.2f} s), memory that does not grow with the devices "
              f"({tenfold['peak MB'] / cold_build['peak MB']:.2f}x the peak for {COPIES}x the screenshots)")
        recorder.record("build", {"screenshots": shots, "site PNG files": pictures, "copies": COPIES, "copied screenshots": many_shots,
                                  "cold": cold_build,
                                  "nothing changed": nothing_changed, "tenfold": tenfold,
                                  "aims": {"cold s": COLD_AIM_S, "nothing changed s": NOTHING_CHANGED_AIM_S}})
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
