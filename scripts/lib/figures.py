"""The benchmarks' recorded figures: docs/figures.json, one entry per benchmark part.

A benchmark run with --record writes its part's figures here, with when, on which commit and with
which command they were measured and how busy the machine was; scripts/lib/benchmark-docs.py
writes them into README.md and docs/benchmarks.md, so that no figure is copied by hand. A run
without --record only prints.
"""
import datetime
import json
import os
import statistics
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PATH = os.path.join(ROOT, "docs", "figures.json")
# The one-minute load average as the benchmark started (before its own work): how busy the machine
# was with other work.
STARTING_LOAD = round(os.getloadavg()[0], 2)


def load():
    """Every part's recorded figures, by part."""
    with open(PATH, encoding="utf-8") as file:
        try:
            return json.load(file)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{os.path.relpath(PATH, ROOT)}: not JSON ({error}); run the benchmarks again with --record") from None


def commit():
    """The checked-out commit, short, with `+` when what is measured (the code, the templates, the
    content) differs from it."""
    head = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True).strip()
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "Sources", "templates", "content", "Package.swift"], cwd=ROOT).returncode
    return head + ("+" if dirty else "")


class Recorder:
    """Collects one benchmark run's figures and, when `enabled`, keeps them in docs/figures.json."""

    def __init__(self, enabled, command):
        self.enabled = enabled
        self.command = command

    def record(self, part, figures):
        """Keeps `figures` (plain JSON values) as `part`'s, replacing what was recorded before; a
        figure named `commit` or `load` stands for the one this run would say."""
        if not self.enabled:
            return
        recorded = load() if os.path.exists(PATH) else {}
        recorded[part] = {
            "measured": datetime.date.today().isoformat(),
            "commit": commit(),
            "command": self.command,
            "cores": os.cpu_count(),
            "load": STARTING_LOAD,
            **figures,
        }
        with open(PATH, "w", encoding="utf-8") as file:
            json.dump(dict(sorted(recorded.items())), file, indent=1, ensure_ascii=False)
            file.write("\n")
        print(f"(recorded as {part} in {os.path.relpath(PATH, ROOT)})")


def spread(values, digits=3):
    """A list of runs as the docs show them: median, least and most, rounded."""
    return {"median": round(statistics.median(values), digits), "min": round(min(values), digits), "max": round(max(values), digits)}


# The test command's aim on a fresh clone (issue 54).
TEST_AIM_MINUTES = 20


def record_test_times(path, how):
    """Keeps a passing `scripts/test.sh` run's step times (its .build/test-times.tsv) as the
    test-command part; `how` says where it ran (a fresh clone, CI's order or the README's)."""
    with open(path, encoding="utf-8") as file:
        rows = [line.rstrip("\n").split("\t", 1) for line in file if line.strip()]
    if not rows or rows[0][0] != "commit" or len(rows[0]) != 2:
        raise SystemExit(f"{path}: not a test-times file of scripts/test.sh (its first line names the commit)")
    steps = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != 2 or not row[0].isdigit():
            raise SystemExit(f"{path}:{number}: not a step's seconds, a tab and its command")
        steps.append({"step": row[1], "seconds": int(row[0])})
    # The commit is the one tested, and the machine's state is `how`, not this process's.
    Recorder(True, "bash scripts/test.sh").record("test-command", {
        "commit": rows[0][1], "load": None, "how": how, "steps": steps, "seconds": sum(step["seconds"] for step in steps),
        "aim minutes": TEST_AIM_MINUTES})


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Records the figures that no benchmark script measures itself.")
    parser.add_argument("--test-times", required=True, help="a passing scripts/test.sh run's .build/test-times.tsv")
    parser.add_argument("--how", required=True, help="where and how it ran, e.g. 'a fresh clone, CI=true bash .ci/run'")
    arguments = parser.parse_args()
    record_test_times(arguments.test_times, arguments.how)
