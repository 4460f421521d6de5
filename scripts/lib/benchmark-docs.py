#!/usr/bin/env python3
"""The benchmark figures of README.md and docs/benchmarks.md, written from docs/figures.json.

Each figure the docs show sits in a block between `<!-- figures: NAME -->` and `<!-- /figures -->`,
whose text this script writes from the figures the benchmark scripts recorded (their --record
option, scripts/lib/figures.py): nothing between the markers is typed by hand.

  benchmark-docs.py          rewrites every block from docs/figures.json
  benchmark-docs.py --check  fails, naming the file and block, where a block is not what the
                             figures give (scripts/lint.sh runs it)
"""
import argparse
import datetime
import os
import re
import sys
import textwrap

import figures

PAGES = ["README.md", "docs/benchmarks.md"]
BLOCK = re.compile(r"(<!-- figures: ([a-z-]+) -->\n)(.*?)(<!-- /figures -->)", re.S)


def day(iso):
    date = datetime.date.fromisoformat(iso)
    return f"{date.day} {date:%B %Y}"


def ms(value):
    return f"{value:,.0f} ms"


def seconds(value):
    return f"{value:.2f} s"


def times(value):
    return f"{value:.2f}×"


def megabytes(value):
    return f"{value / 2**20:.0f} MB"


def verdict(holds):
    return "holds" if holds else "missed"


def measured(part):
    """Where a part's figures come from: its command, date, commit and the machine's state."""
    return (f"`{part['command']}` on {day(part['measured'])}, commit {part['commit']}, {part['cores']} cores, load average "
            f"{part['load']:.2f} at the start")


def entry(entries, screenshot, slowdown=1):
    """The recorded entry of `screenshot` (the start of its description) at `slowdown`."""
    for candidate in entries:
        if candidate["screenshot"].startswith(screenshot) and candidate.get("slowdown", 1) == slowdown:
            return candidate
    raise SystemExit(f"docs/figures.json: no figures for {screenshot!r} at CPU slowdown {slowdown}")


def slowed(entries, slowdown):
    for candidate in entries:
        if candidate["slowdown"] == slowdown:
            return candidate
    raise SystemExit(f"docs/figures.json: no figures at CPU slowdown {slowdown}")


def crops_summary(recorded):
    crops = recorded["cli-crops"]
    totals = {tool: sum(shot["tools"][tool]["seconds"] for shot in crops["screenshots"]) for tool in crops["screenshots"][0]["tools"]}
    sizes = {tool: sum(shot["tools"][tool]["bytes"] for shot in crops["screenshots"]) for tool in totals}
    fastest = min((tool for tool in totals if tool != "backdrop"), key=totals.get)
    return totals, sizes, fastest


PEER_NAMES = {"vips": "libvips' `vips crop` command", "pyvips": "libvips through pyvips", "imagemagick": "ImageMagick", "pillow": "Pillow"}


def readme_speed(recorded):
    make = recorded["page-make"]["screenshots"]
    eight, sixteen, large = (entry(make, name) for name in ("1206x2622 8-bit", "1206x2622 16-bit", "1320x2868 16-bit"))
    eight_slow, large_slow = entry(make, "1206x2622 8-bit", 4), entry(make, "1320x2868 16-bit", 4)
    totals, sizes, fastest = crops_summary(recorded)
    sets = sorted(shot["measures"]["set"]["ratio"]["median"] for shot in (sixteen, large))
    return (
        f"On the make page the slots are drawn {ms(eight['measures']['drawn']['make']['median'])} after a 1206x2622 8-bit "
        f"screenshot is chosen ({ms(large['measures']['drawn']['make']['median'])} for a 1320x2868 16-bit one); a tapped slot is "
        f"on screen within {ms(eight['measures']['tap']['make']['median'])} and {ms(large['measures']['tap']['make']['median'])} "
        f"({ms(eight_slow['measures']['tap']['make']['median'])} and {ms(large_slow['measures']['tap']['make']['median'])} with "
        f"the CPU slowed 4× like a phone), its PNG file following; every crop and the .zip take "
        f"{times(eight['measures']['set']['ratio']['median'])} a plain canvas page's time at 8 bits and {times(sets[0])} to "
        f"{times(sets[1])} at 16 bits, which the canvas page loses ({measured(recorded['page-make'])}). `backdrop crop` is "
        f"{times(totals[fastest] / totals['backdrop'])} as fast as the fastest peer, {PEER_NAMES[fastest]}, with files "
        f"{times(sizes['backdrop'] / sizes[fastest])} its size ({measured(recorded['cli-crops'])}).\n"
    )


def readme_styles(recorded):
    cli = recorded["cli-styles"]
    eight = entry(cli["screenshots"], "8-bit")["times"]
    page = entry(recorded["page-styles"]["screenshots"], "8-bit")
    page_slow = entry(recorded["page-styles"]["screenshots"], "8-bit", 4)
    core, canvas = page["times"]["core"]["plan blur"]["median"], page["times"]["canvas"]["blur alone"]["median"]
    return (
        f"Speed, {cli['screenshots'][0]['size']} 8-bit RGB: `crop --style blur` with its {cli['slots']} crops "
        f"{seconds(eight['blur']['median'])}, Pillow's same job {times(eight['pillow']['median'] / eight['blur']['median'])} that; "
        f"the blur alone {seconds(eight['stored blur - none']['median'])}, Pillow's GaussianBlur "
        f"{times(eight['pillow blur']['median'] / eight['stored blur - none']['median'])} it ({measured(cli)}). In Chromium the "
        f"core's blur takes {ms(core)}, a canvas with `filter: blur({recorded['page-styles']['sigma']}px)` {ms(canvas)} "
        f"({times(core / canvas)}; {times(page_slow['core / canvas']['blur'])} with the CPU slowed 4×; aim "
        f"{recorded['page-styles']['aim']}×: {verdict(core / canvas <= recorded['page-styles']['aim'])}) "
        f"({measured(recorded['page-styles'])}).\n"
    )


def readme_icons(recorded):
    cli, page = recorded["cli-icons"], recorded["page-icons"]
    at_once = slowed(page["slowdowns"], 1)
    return (
        f"One reading of a 1320x2868 pair with {cli['icons']} icons: {seconds(cli['read']['median'])} on the command line with "
        f"the crops written, {times(cli['ratio']['median'])} the plain `crop` of the same screenshot "
        f"({seconds(cli['crop']['median'])}; aim {cli['aim']}×: {verdict(cli['ratio']['median'] <= cli['aim'])}; "
        f"{measured(cli)}); on the make page {times(at_once['ratio']['median'])} the page's own crops of the empty page "
        f"({ms(at_once['icons ms']['median'])} against {ms(at_once['make ms']['median'])}; {measured(page)}).\n"
    )


def readme_check(recorded):
    cli, page = recorded["cli-check"], recorded["page-check"]
    at_once, slow = slowed(page["slowdowns"], 1), slowed(page["slowdowns"], 4)
    aims = page["aims"]
    slow_seconds = slow["check ms"]["median"] / 1000
    return (
        f"One check of a 1320x2868 pair ({cli['widgets']} widgets with overlay, rim and content): "
        f"{seconds(cli['check']['median'])} on the command line with the corrected crops written, "
        f"{times(cli['ratio']['median'])} the plain `crop` of the same screenshot (aim {cli['aim']}×: "
        f"{verdict(cli['ratio']['median'] <= cli['aim'])}; {measured(cli)}); {seconds(at_once['check ms']['median'] / 1000)} on "
        f"the fixer page (the empty page read while the home screen is picked), {times(at_once['ratio']['median'])} the make "
        f"page's own crops of the empty page, and "
        f"{seconds(slow_seconds)} with the CPU slowed 4× (aims {aims['ratio']}× and {aims['seconds at 4x slower']} s: "
        f"{verdict(at_once['ratio']['median'] <= aims['ratio'])}, {verdict(slow_seconds <= aims['seconds at 4x slower'])}; "
        f"{measured(page)}).\n"
    )


def crops_table(recorded):
    crops = recorded["cli-crops"]
    totals, sizes, fastest = crops_summary(recorded)
    large = max(crops["screenshots"], key=lambda shot: shot["decoded bytes"])
    versions = crops["versions"]
    lines = [
        f"Median of {crops['runs']} runs each, {len(crops['screenshots'])} screenshots "
        f"({', '.join(shot['size'] for shot in crops['screenshots'])}), {measured(crops)}; {versions['libvips']}, "
        f"ImageMagick {versions['imagemagick'].split()[2]}, Pillow {versions['pillow']}. Peak memory for the {large['size']} "
        f"screenshot, beside its decoded size ({megabytes(large['decoded bytes'])}):",
        "",
        "| tool | time, screenshots' medians added | backdrop is | bytes | backdrop's bytes are | peak memory |",
        "|---|---|---|---|---|---|",
    ]
    for tool in ["backdrop"] + sorted((tool for tool in totals if tool != "backdrop"), key=totals.get):
        peak = large["tools"][tool]["peak bytes"]
        faster = "" if tool == "backdrop" else f"{times(totals[tool] / totals['backdrop'])} as fast"
        smaller = "" if tool == "backdrop" else times(sizes["backdrop"] / sizes[tool])
        name = "backdrop" if tool == "backdrop" else PEER_NAMES[tool]
        lines.append(f"| {name} | {seconds(totals[tool])} | {faster} | {sizes[tool]:,} | {smaller} | "
                     f"{megabytes(peak)}, {times(peak / large['decoded bytes'])} decoded |")
    speed = totals[fastest] / totals["backdrop"]
    memory = large["tools"]["backdrop"]["peak bytes"] / large["decoded bytes"]
    lines += ["", f"Aims: at least {crops['speed aim']}× as fast as the fastest peer ({PEER_NAMES[fastest]}: "
                  f"{times(speed)}, {verdict(speed >= crops['speed aim'])}); peak memory at most {crops['memory aim']}× the "
                  f"decoded screenshot ({times(memory)}, {verdict(memory <= crops['memory aim'])})."]
    return "\n".join(lines) + "\n"


def cpu(slowdown):
    return "as it is" if slowdown == 1 else f"{slowdown:g}× slower"


MAKE_MEASURES = [("drawn", "slots drawn"), ("tap", "tap to crop on screen"), ("file", "tap to its file"), ("set", "the set and the zip")]


def make_table(recorded):
    make = recorded["page-make"]
    lines = [f"Median of {make['runs']}, {measured(make)}:", "",
             "| screenshot | CPU | measure | make page | canvas page | make / canvas | aim |", "|---|---|---|---|---|---|---|"]
    for shot in make["screenshots"]:
        aims = shot["aims"]
        for index, (key, label) in enumerate(MAKE_MEASURES):
            figure = shot["measures"][key]
            aim = ""
            if key == "tap" and aims["tap ms"] is not None:
                aim = f"{aims['tap ms']} ms: {verdict(figure['make']['median'] <= aims['tap ms'])}"
            elif key == "set":
                aim = f"{aims['set']}×: {verdict(figure['ratio']['median'] <= aims['set'])}"
            where = f"| {shot['screenshot']} | {cpu(shot['slowdown'])} " if index == 0 else "| | "
            lines.append(f"{where}| {label} | {ms(figure['make']['median'])} | {ms(figure['canvas']['median'])} | "
                         f"{times(figure['ratio']['median'])} | {aim} |")
    lines.append("")
    memory = [f"{megabytes(shot['memory bytes'])} for the {shot['screenshot']} screenshot ({times(shot['memory bytes'] / shot['decoded bytes'])} "
              f"its decoded {megabytes(shot['decoded bytes'])})" for shot in make["screenshots"] if shot["slowdown"] == 1]
    aim = make["screenshots"][0]["aims"]["memory"]
    worst = max(shot["memory bytes"] / shot["decoded bytes"] for shot in make["screenshots"])
    lines.append(f"The core's memory once the set is made (a WebAssembly memory never shrinks: its peak): {'; '.join(memory)}; "
                 f"aim {aim}×: {verdict(worst <= aim)}.")
    return "\n".join(lines) + "\n"


def module_size(recorded):
    module = recorded["page-module"]
    size = module["module bytes"]
    return (f"The make page's WebAssembly module: {size:,} bytes ({size / 1024:.0f} KB; aim {module['aim KB']} KB: "
            f"{verdict(size <= module['aim KB'] * 1024)}), in a script of {module['script bytes']:,} bytes; the full module, which "
            f"also measures (the measure and fixer pages, and the make page once it measures): {module['full module bytes']:,} bytes "
            f"in a script of {module['full script bytes']:,} ({measured(module)}).\n")


STYLE_JOBS = [
    ("blur", "`crop --style blur`, the whole job"),
    ("pillow", "Pillow: open, GaussianBlur, crop, save"),
    ("pyvips", "pyvips: open, gaussblur into memory, crop, write"),
    ("none", "`crop --style none`"),
    ("stored blur - none", "the blur alone: backdrop's (`--style blur` less `none`, stored crops)"),
    ("pillow blur", "Pillow's GaussianBlur of the decoded image"),
    ("pyvips blur", "libvips' gaussblur of the decoded image"),
]


def styles_tables(recorded):
    cli, page = recorded["cli-styles"], recorded["page-styles"]
    lines = [f"Command line: median of {cli['runs']} rounds, {measured(cli)} (Pillow reads 16-bit RGB as 8-bit):", "",
             "| job | " + " | ".join(shot["screenshot"] for shot in cli["screenshots"]) + " |",
             "|---|" + "---|" * len(cli["screenshots"])]
    for job, label in STYLE_JOBS:
        cells = []
        for shot in cli["screenshots"]:
            figure = shot["times"].get(job)
            cells.append(ms(figure["median"] * 1000) if figure else "not run")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", "Mean difference of the same slot from backdrop's, in 8-bit levels: " + "; ".join(
        f"{shot['screenshot']}: " + ", ".join(f"{tool} {value:.2f}" for tool, value in shot["difference from backdrop's"].items())
        for shot in cli["screenshots"]) + "."]
    lines += ["", f"Browser: median of {page['runs']} rounds after a cold one, {measured(page)}:", "",
              "| screenshot | CPU | core's crop in blur | canvas's blur job | core's blur alone | canvas filter alone | core / canvas, blur alone "
              "| canvas's crop against the core's |", "|---|---|---|---|---|---|---|---|"]
    for shot in page["screenshots"]:
        core, canvas = shot["times"]["core"], shot["times"]["canvas"]
        ratio = shot["core / canvas"]["blur"]
        lines.append(f"| {shot['screenshot']} | {cpu(shot['slowdown'])} | {ms(core['blur']['median'])} | {ms(canvas['blur']['median'])} "
                     f"| {ms(core['plan blur']['median'])} | {ms(canvas['blur alone']['median'])} | "
                     f"{times(ratio)} (aim {page['aim']}×: {verdict(ratio <= page['aim'])}) | "
                     f"{shot['canvas difference']:.2f} of an 8-bit level on average |")
    return "\n".join(lines) + "\n"


def command_line_pair(cli, job, label):
    """The sentence of a command-line part that times `job` beside the plain crop, run by run."""
    figure = cli[job]
    return (f"Command line, median of {cli['runs']}, the two in turn, {measured(cli)}: {label} {seconds(figure['median'])} "
            f"({seconds(figure['min'])} to {seconds(figure['max'])}), the plain crop of the same screenshot "
            f"{seconds(cli['crop']['median'])}: {times(cli['ratio']['median'])} run by run (aim {cli['aim']}×: "
            f"{verdict(cli['ratio']['median'] <= cli['aim'])})")


def page_pairs(page, key, what, aim_of):
    """A browser part's runs, a bullet each: `key`'s time beside the make page's own crops, pair by
    pair; `aim_of(run)` gives the aim's words and whether it holds."""
    lines = []
    for run in page["slowdowns"]:
        aim, holds = aim_of(run)
        lines.append(f"- CPU {cpu(run['slowdown'])}: {what} {ms(run[key]['median'])}, beside the make page's own crops of the "
                     f"same empty page, {ms(run['make ms']['median'])}: {times(run['ratio']['median'])} pair by pair (aim {aim}: "
                     f"{verdict(holds)}).")
    return lines + ["", f"Median of {page['runs']}, {measured(page)}."]


def check_figures(recorded):
    cli, page = recorded["cli-check"], recorded["page-check"]
    aims = page["aims"]

    def aim_of(run):
        if run["slowdown"] == 1:
            return f"{aims['ratio']}×", run["ratio"]["median"] <= aims["ratio"]
        return f"{aims['seconds at 4x slower']} s", run["check ms"]["median"] <= aims["seconds at 4x slower"] * 1000

    lines = [command_line_pair(cli, "check", "the check with its corrected crops written and verified") + ".", "",
             f"The fixer page, from the home screen chosen to the offsets, the {page['crops']} corrected crops and the zip, the "
             "empty page chosen first (the page reads it while the home screen is picked):"]
    pairs = page_pairs(page, "check ms", "the fixer page", aim_of)
    # Both pictures chosen at once: the empty page is then read after the home screen is chosen too.
    at_once = [f"- CPU {cpu(run['slowdown'])}, both pictures chosen at once (the empty page read after that too): "
               f"{ms(run['at once ms']['median'])}, {times(run['at once ratio']['median'])} the make page's crops."
               for run in page["slowdowns"] if "at once ms" in run]
    lines += pairs[:-2] + at_once + pairs[-2:]
    return "\n".join(lines) + "\n"


def icons_figures(recorded):
    cli, page = recorded["cli-icons"], recorded["page-icons"]
    lines = [command_line_pair(cli, "read", f"`crop EMPTY --icons-from ICONS` ({cli['crops']} crops)")
             + f"; peak memory {megabytes(cli['peak bytes']['read'])} against {megabytes(cli['peak bytes']['crop'])}.", "",
             f"The make page, from the page of icons chosen to the slots read, {page['crops']} crops and the zip:"]
    lines += page_pairs(page, "icons ms", "the slots read off the icons", lambda run: (f"{page['aim']}×", run["ratio"]["median"] <= page["aim"]))
    return "\n".join(lines) + "\n"


def build_table(recorded):
    build = recorded["build"]
    aims = build["aims"]
    rows = [
        (f"cold, bundled content ({build['screenshots']} screenshots, {build['site PNG files']} PNG files in the site)", build["cold"],
         f"{aims['cold s']} s: {verdict(build['cold']['wall']['median'] <= aims['cold s'])}"),
        ("nothing changed", build["nothing changed"],
         f"{aims['nothing changed s']} s: {verdict(build['nothing changed']['wall']['median'] <= aims['nothing changed s'])}"),
        (f"cold, {build['copies']} times the screenshots ({build['copied screenshots']})", build["tenfold"],
         f"memory flat: {times(build['tenfold']['peak MB'] / build['cold']['peak MB'])} for {build['copies']} times the screenshots"),
    ]
    lines = [f"Median of each build's runs, {measured(build)}:", "", "| build | wall | cores used | peak memory | runs | aim |",
             "|---|---|---|---|---|---|"]
    for label, figure, aim in rows:
        lines.append(f"| {label} | {seconds(figure['wall']['median'])} | {figure['cores']:.2f} | {figure['peak MB']} MB | {figure['runs']} | {aim} |")
    return "\n".join(lines) + "\n"


def in_cell(text):
    """`text` for a table cell: a `|` in it would end the cell."""
    return text.replace("|", "\\|")


def test_command(recorded):
    run = recorded["test-command"]
    minutes, rest = divmod(run["seconds"], 60)
    lines = [f"`scripts/test.sh` on commit {run['commit']}, {run['how']}, {day(run['measured'])} ({run['cores']} cores): "
             f"{minutes} min {rest} s (aim {run['aim minutes']} min: {verdict(run['seconds'] <= run['aim minutes'] * 60)}).", "",
             "| step | seconds |", "|---|---|"]
    lines += [f"| `{in_cell(step['step'])}` | {step['seconds']:,} |" for step in run["steps"]]
    return "\n".join(lines) + "\n"


BLOCKS = {
    "readme-speed": readme_speed,
    "readme-styles": readme_styles,
    "readme-icons": readme_icons,
    "readme-check": readme_check,
    "crops": crops_table,
    "make": make_table,
    "module": module_size,
    "styles": styles_tables,
    "check": check_figures,
    "icons": icons_figures,
    "build": build_table,
    "test-command": test_command,
}


class Recorded(dict):
    """docs/figures.json's parts; a part it lacks stops the run, naming the benchmark to record."""

    def __missing__(self, part):
        if part == "test-command":
            raise SystemExit("docs/figures.json: no figures of test-command: record a passing run's .build/test-times.tsv with "
                             "python3 scripts/lib/figures.py --test-times FILE --how WHERE")
        script = {"cli": "scripts/benchmark.sh", "page": "scripts/benchmark-browser.sh", "build": "scripts/benchmark-build.sh"}[part.split("-")[0]]
        raise SystemExit(f"docs/figures.json: no figures of {part}: run bash {script} --record")


def wrapped(text):
    """`text` with its prose lines (not table rows) wrapped at 100 columns, as the docs are."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("|") or len(line) <= 100:
            lines.append(line)
        else:
            indent = "  " if line.startswith("- ") else ""
            lines += textwrap.wrap(line, 100, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines)


def rewritten(text, recorded, page, problems):
    """`text` with every block written from `recorded`; unknown block names go to `problems`."""

    def block(match):
        name = match.group(2)
        if name not in BLOCKS:
            problems.append(f"{page}: <!-- figures: {name} --> is not a block this script writes ({', '.join(BLOCKS)})")
            return match.group(0)
        return match.group(1) + wrapped(BLOCKS[name](recorded)) + match.group(4)

    return BLOCK.sub(block, text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="fail where a block differs from what the figures give")
    args = parser.parse_args()
    recorded = Recorded(figures.load())
    problems, written = [], set()
    for page in PAGES:
        path = os.path.join(figures.ROOT, page)
        with open(path, encoding="utf-8") as file:
            text = file.read()
        new = rewritten(text, recorded, page, problems)
        written.update(match.group(2) for match in BLOCK.finditer(text))
        if new == text:
            continue
        if args.check:
            old_blocks = {m.group(2): m.group(3) for m in BLOCK.finditer(text)}
            for match in BLOCK.finditer(new):
                if old_blocks.get(match.group(2)) != match.group(3):
                    problems.append(f"{page}: the block <!-- figures: {match.group(2)} --> is not what docs/figures.json gives "
                                    "(run python3 scripts/lib/benchmark-docs.py)")
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(new)
    problems += [f"no page has the block <!-- figures: {name} -->" for name in BLOCKS if name not in written]
    for problem in problems:
        print(problem, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
