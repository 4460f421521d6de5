#!/usr/bin/env python3
"""Checks the icon-page painter against its own truth by an independent route: it paints the
matrix into a temporary folder (paint_matrix.py), reads the PNGs back and looks at where the
home page differs from the empty page, and checks rule_slots against the measured catalog.

    python3 selfcheck.py [--quick] [--keep DIR]

Exits 1 and lists the failures if any check fails.
"""
import itertools
import json
import os
import shutil
import sys
import tempfile
import time

import numpy as np
from PIL import Image

import icon_pages as ip
import paint_matrix
import pngfiles  # the tests' reader (on sys.path through icon_pages)

FAILURES = []
COUNT = [0]


def check(ok, what):
    COUNT[0] += 1
    if not ok:
        FAILURES.append(what)
    return ok


# ---------------------------------------------------------------------------------------------
# 1. The rule against the measured widgets (icon-rule.md), independent of the grids in GRIDS.

CATALOG = [
    # (grid, slot, expected [x, y, w, h] with None for "not stated")
    ({"icon": 192, "columns": [84, 354, 624, 894], "rows": [201 + 294 * k for k in range(6)]}, 3, {
        "medium-top": [72, 201, 1026, 486], "small-middle-left": [72, 789, 486, 486]}),
    ({"icon": 192, "columns": [85, 357, 631, 903], "rows": [240 + 296 * k for k in range(6)]}, 3, {
        "small-top-left": [73, 240, 488, 488], "medium-top": [73, 240, 1034, 488],
        "small-middle-left": [73, 832, 488, 488], "large-top": [73, 240, 1034, 1080]}),
    ({"icon": 192, "columns": [91, 368, 647, 924], "rows": [270 + 301 * k for k in range(6)]}, 3, {
        "medium-top": [79, 270, 1049, 493], "medium-middle": [79, 872, 1049, 493]}),
    ({"icon": 204, "columns": [105, 407, 709, 1011], "rows": [282 + 326 * k for k in range(6)]}, 3, {
        "small-top-left": [93, 282, 530, 530], "small-top-right": [697, 282, 530, 530],
        "small-middle-left": [93, 934, 530, 530], "medium-top": [93, 282, 1134, 530],
        "large-top": [93, 282, 1134, 1182]}),
]


def check_rule():
    for grid, scale, want in CATALOG:
        got = ip.rule_slots(grid, scale)
        for name, rect in want.items():
            check(got[name] == rect, f"rule_slots {grid['columns'][0]}: {name} {got[name]} != {rect}")
    # The same numbers through the painter's own grid table.
    for key in ("1170x2532", "1179x2556", "1206x2622", "1320x2868"):
        g = ip.GRIDS[key]
        want = next(w for gg, _, w in CATALOG if gg["columns"] == g["columns"] and gg["rows"] == g["rows"] and gg["icon"] == g["icon"])
        got = ip.rule_slots(g, g["scale"])
        check(all(got[n] == r for n, r in want.items()), f"GRIDS[{key}] disagrees with the catalog")
    # @2x: w = 8 px.
    g = ip.GRIDS["828x1792"]
    s = ip.rule_slots(g, 2)
    check(s["small-top-left"] == [48, 136, 196 + 128 + 16, 210 + 128], f"@2x small {s['small-top-left']}")
    check(set(s) == set(ip.SLOT_CELLS), "every slot named")
    check("extra-large" in ip.rule_slots(g, 2, extra_large=True), "extra-large on request")


# ---------------------------------------------------------------------------------------------
# 2. Files read back.

def read_png(path):
    with open(path, "rb") as file:
        header, chunks, samples = pngfiles.read(file.read())
    return header, chunks, samples


def decoded(path):
    """RGB samples of a PNG by pngfiles (palette looked up), and by Pillow when it is 8-bit."""
    header, chunks, samples = read_png(path)
    if header["color_type"] == 3:
        pal = np.frombuffer(chunks[b"PLTE"][0], np.uint8).reshape(-1, 3)
        samples = pal[samples[:, :, 0]]
    if header["depth"] == 8:
        pil = np.asarray(Image.open(path).convert("RGB"))
        check(np.array_equal(pil, samples), f"{os.path.basename(path)}: Pillow and pngfiles disagree")
    return header, chunks, samples


def check_file(path, form, expected):
    header, chunks, samples = decoded(path)
    name = os.path.basename(path)
    check(header["interlace"] == (1 if form["interlaced"] else 0), f"{name}: interlace flag")
    check(header["color_type"] == (3 if form["palette"] else 2), f"{name}: colour type {header['color_type']}")
    check(header["depth"] == (8 if form["palette"] else form["depth"]), f"{name}: depth {header['depth']}")
    has_p3 = b"iCCP" in chunks
    check(has_p3 == form["p3"], f"{name}: iCCP present={has_p3}")
    if has_p3:
        check(chunks[b"iCCP"][0] == ip.widget_scenes.display_p3_profile(), f"{name}: the Display P3 profile")
    if expected is not None:
        check(samples.shape == expected.shape and np.array_equal(samples, expected), f"{name}: samples differ from the painted arrays")
    return samples


# ---------------------------------------------------------------------------------------------
# 3. Where the pages differ.

def inside(box, W, H):
    x, y, w, h = box
    return max(0, x), max(0, y), min(W, x + w), min(H, y + h)


def box_mask(shape, boxes, grow=0):
    m = np.zeros(shape, bool)
    for b in boxes:
        if b is None:
            continue
        x0, y0, x1, y1 = inside([b[0] - grow, b[1] - grow, b[2] + 2 * grow, b[3] + 2 * grow], shape[1], shape[0])
        m[y0:y1, x0:x1] = True
    return m


def ring(shape, box, width=3):
    outer = box_mask(shape, [box], grow=width)
    return outer & ~box_mask(shape, [box])


def check_differences(name, truth, empty, home):
    H, W = home.shape[:2]
    changed = np.any(empty != home, axis=-1)
    s = truth["scale"]
    allowed = np.zeros((H, W), bool)
    chrome = truth["chrome"]
    for item in truth["icons"]:
        box = [item["x"], item["y"], item["size"], item["size"]]
        extra = list(item.get("marks", [])) + ([item["label"]] if "label" in item else [])
        x0, y0, x1, y1 = inside(box, W, H)
        inner = changed[y0 + item["size"] // 6:y1 - item["size"] // 6, x0 + item["size"] // 6:x1 - item["size"] // 6]
        check(inner.mean() > 0.9, f"{name}: icon at {box[:2]} hardly differs ({inner.mean():.2f})")
        if item["kind"] != "jiggle":
            # The box is tight: its first and last rows and columns hold changed pixels.
            sub = changed[y0:y1, x0:x1]
            check(sub[0].any() and sub[-1].any() and sub[:, 0].any() and sub[:, -1].any(), f"{name}: icon {box[:2]} box not tight")
        r = ring((H, W), box) & ~box_mask((H, W), extra)
        check(not changed[r].any(), f"{name}: icon {box[:2]} spills {int(changed[r].sum())} px into its 3 px ring")
        if "label" in item:
            lx, ly, lw, lh = item["label"]
            check(item["y"] + item["size"] <= ly <= item["y"] + item["size"] + 6 * s,
                  f"{name}: label of {box[:2]} starts {ly - item['y'] - item['size']} px below the icon")
            check(abs(lx + lw / 2 - (item["x"] + item["size"] / 2)) <= 2 * s, f"{name}: label of {box[:2]} not centred")
            lab = changed[ly:ly + lh, lx:lx + lw]
            check(lab.any(), f"{name}: label of {box[:2]} not painted")
        if item["kind"] == "badged":
            bx, by, bw, bh = item["badge"]
            out = item["size"] // 6
            check(bx + bw - (item["x"] + item["size"]) == out and item["y"] - by == out, f"{name}: badge of {box[:2]} sticks out wrongly")
        allowed |= box_mask((H, W), [box] + extra)
    for wd in truth["widgets"]:
        rect = wd["rect"]
        check(rect == truth["slots"][wd["slot"]], f"{name}: widget {wd['slot']} not on its slot")
        x0, y0, x1, y1 = inside(rect, W, H)
        sub = changed[y0:y1, x0:x1]
        check(sub[0].any() and sub[-1].any() and sub[:, 0].any() and sub[:, -1].any(), f"{name}: widget {wd['slot']} not tight")
        extra = [wd["label"]] if "label" in wd else []
        r = ring((H, W), rect) & ~box_mask((H, W), extra)
        check(not changed[r].any(), f"{name}: widget {wd['slot']} spills")
        allowed |= box_mask((H, W), [rect] + extra)
    if chrome["timeDiffers"]:
        allowed |= box_mask((H, W), [chrome["timeBox"]])
        tb = chrome["timeBox"]
        check(changed[tb[1]:tb[1] + tb[3], tb[0]:tb[0] + tb[2]].any(), f"{name}: the time should differ")
    if chrome["editMode"]:
        allowed |= box_mask((H, W), [chrome["statusBar"], chrome["pill"]])
    stray = changed & ~allowed
    check(not stray.any(), f"{name}: {int(stray.sum())} changed px outside icons, labels, badges and widgets"
          + (f" (first at {np.argwhere(stray)[0][::-1].tolist()})" if stray.any() else ""))
    for part in ("dock", "pill", "statusBar"):
        if (part == "statusBar" and (chrome["timeDiffers"] or chrome["editMode"])) or (part == "pill" and chrome["editMode"]):
            continue
        x0, y0, x1, y1 = inside(chrome[part], W, H)
        check(not changed[y0:y1, x0:x1].any(), f"{name}: {part} differs between the pages")
    if chrome["timeDiffers"]:
        bar = chrome["statusBar"]
        rest = box_mask((H, W), [bar]) & ~box_mask((H, W), [chrome["timeBox"]])
        check(not changed[rest].any(), f"{name}: the status bar differs beyond the time")
    # Every app icon is a distinct picture.
    apps = [i for i in truth["icons"] if i["kind"] in ("app", "badged")]
    tiles = [home[i["y"] + i["size"] // 4:i["y"] + 3 * i["size"] // 4, i["x"] + i["size"] // 4:i["x"] + 3 * i["size"] // 4].astype(int) for i in apps]
    for a, b in itertools.combinations(range(len(tiles)), 2):
        if tiles[a].shape == tiles[b].shape and np.abs(tiles[a] - tiles[b]).mean() < 2:
            check(False, f"{name}: icons {a} and {b} look the same")


def check_empty_page(name, truth, spec, empty, depth):
    """The empty page is the wallpaper except in the chrome (no icons on it)."""
    g = ip.GRIDS[spec.get("emptyGrid") or spec["grid"]]
    wall = ip.samples_of(ip.wallpaper(spec["wallpaper"], g["size"], spec.get("dark", False)), depth)
    lay = ip.chrome_layout(g)
    H, W = empty.shape[:2]
    chrome = box_mask((H, W), [lay["statusBar"], lay["pill"][:4], lay["dock"][:4]])
    diff = np.any(wall != empty, axis=-1)
    check(not (diff & ~chrome).any(), f"{name}: the empty page differs from its wallpaper outside the chrome")
    for part in ("pill", "dock"):
        x0, y0, x1, y1 = inside(lay[part][:4], W, H)
        check(diff[y0:y1, x0:x1].mean() > 0.9, f"{name}: no {part} on the empty page")
    for b in lay["dockIcons"]:
        x0, y0, x1, y1 = inside(b, W, H)
        check(diff[y0:y1, x0:x1].mean() > 0.7, f"{name}: dock icon missing")


def check_truth(name, truth, spec):
    g = ip.GRIDS[spec["grid"]]
    check(truth["slots"] == ip.rule_slots(g, g["scale"]), f"{name}: slots are not rule_slots")
    for i in truth["icons"]:
        check(i["x"] in truth["columns"] and i["y"] in truth["rows"] and i["size"] == truth["icon"], f"{name}: icon off the grid")
    check(truth["rowsWithIcons"] == sorted({truth["rows"].index(i["y"]) + 1 for i in truth["icons"]}), f"{name}: rowsWithIcons")
    covered = set()
    for wd in truth["widgets"]:
        c0, c1, r0, r1 = ip.SLOT_CELLS[wd["slot"]]
        covered |= {(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    check(not any(tuple(i["cell"]) in covered for i in truth["icons"]), f"{name}: an icon under a widget")
    pill_top = truth["chrome"]["pill"][1]
    bar = truth["chrome"]["statusBar"][3]
    for i in truth["icons"]:
        bottom = max([i["y"] + i["size"]] + [b[1] + b[3] for b in [i.get("label")] + i.get("marks", []) if b])
        check(bottom < pill_top and i["y"] > bar, f"{name}: icon {i['cell']} runs into the chrome")
    json.dumps(truth)  # serialisable


def main(argv):
    quick = "--quick" in argv
    keep = argv[argv.index("--keep") + 1] if "--keep" in argv else None
    start = time.time()
    check_rule()
    out = keep or tempfile.mkdtemp(prefix="icon-pages-")
    paint_matrix.main(["paint_matrix.py", out] + (["--quick"] if quick else []))
    with open(os.path.join(out, "scenes.json")) as file:
        scenes = json.load(file)
    check(quick or len(scenes) >= 30, "at least 30 scenes")
    specs = {name: spec for name, spec, _, _ in paint_matrix.SCENES}
    twins = {}
    for sc in scenes:
        name, form, truth = sc["name"], sc["format"], sc["truth"]
        spec = specs[name]
        if spec is None:  # the 8-bit twin of a palette scene: the same samples as its palette files
            base = name.replace("-twin", "")
            for which in ("empty", "home"):
                check_file(os.path.join(out, sc[which]), form, twins[(base, which)])
            continue
        empty_a, home_a, truth2 = ip.paint_pair(spec)
        check(json.loads(json.dumps(truth2)) == truth, f"{name}: painting again gives another truth")
        if form["palette"]:
            (ih, ie), pal = ip.quantise([home_a, empty_a])
            exp_e, exp_h = pal[ie], pal[ih]
        else:
            exp_e, exp_h = ip.samples_of(empty_a, form["depth"]), ip.samples_of(home_a, form["depth"])
        empty = check_file(os.path.join(out, sc["empty"]), form, exp_e)
        home = check_file(os.path.join(out, sc["home"]), form, exp_h)
        twins[(name, "empty")], twins[(name, "home")] = empty, home
        check_truth(name, truth, dict(ip.DEFAULTS, **spec))
        expect = truth["expect"]
        full = dict(ip.DEFAULTS, **spec)
        if truth["swapped"]:
            empty, home = home, empty
        same_page = not full["homeWallpaper"] and not full["emptyGrid"] and (full["homeDark"] in (None, full["dark"]))
        if same_page:
            check_differences(name, truth, empty, home)
            if not form["palette"]:
                check_empty_page(name, truth, full, empty, form["depth"])
        else:
            check(isinstance(expect, str) and expect.startswith("refused"), f"{name}: different pages must be refused")
        print(f"{time.time() - start:6.1f}s  checked {name}", flush=True)
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    print(f"{COUNT[0]} checks, {len(FAILURES)} failed, {time.time() - start:.1f}s")
    for f in FAILURES[:60]:
        print("FAIL", f)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
