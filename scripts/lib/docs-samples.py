#!/usr/bin/env python3
"""Every Swift and shell sample of the docs, extracted and run.

Each ```swift and ```sh block of README.md, content/docs/*.md, docs/*.md and Fuzz/README.md must
follow a marker line that says which sample it is and so how it is run:
  <!-- usage example: FILE -->  the block is FILE, which scripts/app-package-check.sh builds and tests
  <!-- sample: NAME -->          a named sample, run by the check of its kind (CHECKS below)
A block without a marker, or a marker this script does not know, fails the run.

  docs-samples.py --print NAME          prints the sample NAME (scripts/dist-check.sh runs some)
  docs-samples.py --backdrop BIN --geometry FILE
                                        runs every sample that is not run elsewhere
"""
import argparse
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "Fuzz/README.md"] + sorted((ROOT / "content/docs").glob("*.md")) + sorted((ROOT / "docs").glob("*.md"))

# The kind of each named sample. "dist": run by scripts/dist-check.sh (which prints it with
# --print); "decode": compiled with swiftc and run on the real geometry.json; "apple": compiled
# with swiftc against the stubs of the Apple frameworks it names (scripts/lib/docs-samples/AppleStubs.swift);
# "scripts": each line runs a script that CI runs (scripts/test.sh, .ci/run) or a benchmark, checked
# with `bash -n`; "cli": each line is a backdrop command whose subcommand and options the binary knows.
CHECKS = {
    "setup": "scripts",
    "measured-crops": "cli",
    "check-widgets": "cli",
    "icons": "cli",
    "styles": "cli",
    "commands": "cli",
    "benchmark": "scripts",
    "wasm": "scripts",
    "browser-tests": "scripts",
    "browser-core": "scripts",
    "fuzz": "scripts",
    "calibrate": "cli",
    "install": "dist",
    "release": "dist",
    "app-manifest": "dist",
    "decode-geometry": "decode",
    "transparent-background": "apple",
    "container-background": "apple",
    "app-group": "apple",
}
# Scripts the docs name that CI does not run: they measure, and take minutes.
BENCHMARKS = {"scripts/benchmark.sh", "scripts/benchmark-browser.sh", "scripts/benchmark-build.sh"}


def samples():
    """(page, line, marker kind, name, text) of every swift and sh block."""
    found = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").split("\n")
        for index, line in enumerate(lines):
            fence = re.fullmatch(r"```(swift|sh)", line)
            if not fence:
                continue
            end = lines.index("```", index + 1)
            text = "\n".join(lines[index + 1:end]) + "\n"
            marker = lines[index - 1] if index else ""
            where = f"{page.relative_to(ROOT)}:{index + 1}"
            if m := re.fullmatch(r"<!-- usage example: (\S+) -->", marker):
                found.append((where, "example", m.group(1), text))
            elif m := re.fullmatch(r"<!-- sample: ([a-z0-9-]+) -->", marker):
                if m.group(1) not in CHECKS:
                    sys.exit(f"{where}: the sample `{m.group(1)}` is not one scripts/lib/docs-samples.py knows how to run")
                found.append((where, "sample", m.group(1), text))
            else:
                sys.exit(f"{where}: a ```{fence.group(1)} block without a `<!-- sample: NAME -->` line before it; "
                         "name it and say in scripts/lib/docs-samples.py how it is run")
    return found


def commands(text):
    """The command lines of a shell block, comments dropped and continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", text)
    result = []
    for line in joined.split("\n"):
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if line and result and line.startswith(("[", "-")):
            result[-1] += " " + line  # a synopsis continued on the next line
        elif line:
            result.append(line)
    return result


def ci_scripts():
    """Every script CI runs: those .ci/run runs, and those they run, transitively."""
    seen, todo = set(), [".ci/run"]
    while todo:
        text = (ROOT / todo.pop()).read_text(encoding="utf-8")
        for script in re.findall(r"\bbash (scripts/[\w.-]+\.sh)", text):
            if script not in seen:
                seen.add(script)
                todo.append(script)
    return seen


def check_scripts(where, text):
    ci = ci_scripts()
    for line in commands(text):
        words = shlex.split(line)
        if words[:1] != ["bash"] or len(words) < 2 or not (ROOT / words[1]).is_file():
            sys.exit(f"{where}: `{line}` does not run a script of the repository")
        script = words[1]
        if script not in ci and script not in BENCHMARKS:
            sys.exit(f"{where}: `{script}` is not run by CI (.ci/run and the scripts it runs)")
        subprocess.run(["bash", "-n", str(ROOT / script)], check=True)


def check_cli(where, text, backdrop):
    for line in commands(text):
        words = shlex.split(line.replace("[", " ").replace("]", " ").replace("…", " "))
        if words[:1] != ["backdrop"]:
            sys.exit(f"{where}: `{line}` is not a backdrop command")
        subcommand = [w for w in words[1:3] if re.fullmatch(r"[a-z][a-z0-9-]*", w)]
        path = subcommand[:1]
        if path == ["export"]:
            path = subcommand[:2]
        helped = subprocess.run([backdrop, *path, "--help"], capture_output=True, text=True)
        if helped.returncode != 0:
            sys.exit(f"{where}: `backdrop {' '.join(path)}` is not a command: {helped.stderr.strip()}")
        for option in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-z])\b", line):
            if not re.search(rf"(^|[\s,]){re.escape(option)}\b", helped.stdout, re.M):
                sys.exit(f"{where}: `backdrop {' '.join(path)}` has no option {option}")


def write_files(work, files):
    """Writes each `(name, text)` into the folder `work`; returns their paths."""
    paths = []
    for name, text in files:
        path = Path(work) / name
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def swift_run(where, files, arguments):
    with tempfile.TemporaryDirectory() as work:
        paths = write_files(work, files)
        binary = str(Path(work) / "sample")
        built = subprocess.run(["swiftc", "-o", binary, *paths],
                               capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit(f"{where}: the sample does not compile:\n{built.stderr}")
        ran = subprocess.run([binary, *arguments], capture_output=True, text=True)
        if ran.returncode != 0:
            sys.exit(f"{where}: the sample failed:\n{ran.stdout}{ran.stderr}")
        return ran.stdout


DECODE_HARNESS = """import Foundation

@main struct Harness {
    static func main() throws {
        let geometry = try loadGeometry(from: URL(fileURLWithPath: CommandLine.arguments[1]))
        let layouts = geometry.devices.flatMap(\\.layouts)
        let slots = layouts.flatMap(\\.slots)
        let version = geometry.dataVersion ?? "unversioned"
        print("decoded data \\(version): \\(geometry.devices.count) devices, \\(layouts.count) layouts, \\(slots.count) slots")
    }
}
"""

# How each app sample sits in the app: statements go inside a function with what they use.
APPLE_WRAPPERS = {
    "container-background": "func sample(entry: Entry) -> some View {\n    {}}\n",
    "app-group": "import Foundation\n\nfunc sample(pngData: Data) throws {\n{}}\n",
}


def typecheck(where, files):
    with tempfile.TemporaryDirectory() as work:
        paths = write_files(work, files)
        checked = subprocess.run(["swiftc", "-typecheck", *paths], capture_output=True, text=True)
        if checked.returncode != 0:
            sys.exit(f"{where}: the app samples do not type-check against scripts/lib/docs-samples/AppleStubs.swift:\n{checked.stderr}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--print", dest="name")
    parser.add_argument("--backdrop")
    parser.add_argument("--geometry")
    args = parser.parse_args()
    found = samples()
    if args.name:
        texts = [text for (_, kind, name, text) in found if kind == "sample" and name == args.name]
        if not texts:
            sys.exit(f"no docs sample is named {args.name}")
        sys.stdout.write(texts[0])
        return
    if not args.backdrop or not args.geometry:
        parser.error("--backdrop and --geometry are needed to run the samples")
    stubs = (ROOT / "scripts/lib/docs-samples/AppleStubs.swift").read_text(encoding="utf-8")
    dist = (ROOT / "scripts/dist-check.sh").read_text(encoding="utf-8")
    run = 0
    apple = []
    for where, kind, name, text in found:
        if kind == "example":
            if (ROOT / name).read_text(encoding="utf-8") != text:
                sys.exit(f"{where}: the usage example differs from {name}")
            continue
        check = CHECKS[name]
        if check == "scripts":
            check_scripts(where, text)
        elif check == "cli":
            check_cli(where, text, args.backdrop)
        elif check == "dist":
            if f"--print {name}" not in dist:
                sys.exit(f"{where}: scripts/dist-check.sh does not run the sample {name}")
        elif check == "decode":
            print(f"{where}: " + swift_run(where, [("sample.swift", text), ("harness.swift", DECODE_HARNESS)], [args.geometry]).strip())
        elif check == "apple":
            apple.append((where, name, text))
        run += 1
    # The app samples type-check together (the container background uses the transparent one).
    sources = [("stubs.swift", stubs)] + [(f"{name}.swift", APPLE_WRAPPERS.get(name, "{}").replace("{}", text, 1)) for (_, name, text) in apple]
    typecheck(", ".join(where for (where, _, _) in apple), sources)
    print(f"docs samples: {run} run, {sum(1 for s in found if s[1] == 'example')} usage examples equal to their files")


if __name__ == "__main__":
    main()
