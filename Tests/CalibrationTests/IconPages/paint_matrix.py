#!/usr/bin/env python3
"""Paints the matrix of icon-page scenes: for each scene NAME-empty.png and NAME-home.png, and
scenes.json, a list of {name, empty, home, format, truth}. Deterministic (fixed seeds).

    python3 paint_matrix.py OUT_DIR [--quick]
"""

import hashlib
import json
import os
import shutil
import sys
import time

import icon_pages as ip

P8 = {"depth": 8, "p3": False, "palette": False, "interlaced": False}


def fmt(**kw):
    return dict(P8, **kw)


# (name, spec, format, what it tests)
SCENES = [
    ("m1170-ladybird", {"grid": "1170x2532", "wallpaper": "photo:LadyBird.jpg", "seed": 1}, fmt(), "measured grid 1170x2532, full page"),
    ("m1179-storm", {"grid": "1179x2556", "wallpaper": "photo:Storm.jpg", "glass": True, "seed": 2}, fmt(), "measured grid 1179x2556, glass rims"),
    ("m1206-dune", {"grid": "1206x2622", "wallpaper": "photo:Dune.jpg", "shadow": True, "seed": 3}, fmt(), "measured grid 1206x2622, drop shadows"),
    ("m1320-garden-16", {"grid": "1320x2868", "wallpaper": "photo:Garden.jpg", "seed": 4}, fmt(depth=16), "measured grid 1320x2868, 16-bit"),
    ("i1290-raindrops", {"grid": "1290x2796", "wallpaper": "photo:RainDrops.jpg", "seed": 5}, fmt(), "invented 1290x2796"),
    (
        "i1260-aqua-p3",
        {"grid": "1260x2736", "wallpaper": "photo:Aqua.jpg", "glass": True, "seed": 6},
        fmt(depth=16, p3=True),
        "invented 1260x2736, 16-bit Display P3",
    ),
    ("i1284-twowings", {"grid": "1284x2778", "wallpaper": "photo:TwoWings.jpg", "seed": 7}, fmt(), "invented 1284x2778"),
    (
        "i1125-yellowflower-rrect",
        {"grid": "1125x2436", "wallpaper": "photo:YellowFlower.jpg", "shape": "rrect", "seed": 8},
        fmt(),
        "invented 1125x2436, rounded-rect icons (r = 0.225 icon)",
    ),
    ("i828-greenmeadow", {"grid": "828x1792", "wallpaper": "photo:GreenMeadow.jpg", "seed": 9}, fmt(), "invented 828x1792 @2x (w = 8 px)"),
    (
        "i750-wood",
        {"grid": "750x1334", "wallpaper": "photo:Wood.jpg", "seed": 10},
        fmt(),
        "invented 750x1334 @2x, home-button status bar, full-width dock",
    ),
    (
        "odd1104-gradient",
        {"grid": "1104x2400", "wallpaper": "painted:gradient", "seed": 11},
        fmt(),
        "no device has 1104x2400 (368x800 pt @3x); smooth painted wallpaper",
    ),
    ("odd700-waves", {"grid": "700x1500", "wallpaper": "painted:waves", "seed": 12}, fmt(), "no device has 700x1500 @2x; painted waves"),
    (
        "odd700-two-rows",
        {"grid": "700x1500", "wallpaper": "painted:aurora", "rowsWithIcons": [1, 2], "seed": 13},
        fmt(),
        "only two rows: the row pitch from two rows",
    ),
    (
        "large1179-freshflower",
        {"grid": "1179x2556-large", "wallpaper": "photo:FreshFlower.jpg", "seed": 14},
        fmt(),
        "large-icon setting (222 px, no labels)",
    ),
    (
        "large1320-aurora",
        {"grid": "1320x2868-large", "wallpaper": "painted:aurora", "glass": True, "seed": 15},
        fmt(),
        "large-icon setting (228 px), painted wallpaper",
    ),
    (
        "large1179-widget",
        {"grid": "1179x2556-large", "wallpaper": "photo:LadyBird.jpg", "widgets": [["medium-middle", "weather"]], "seed": 16},
        fmt(),
        "large icons with a medium widget",
    ),
    (
        "folders-badges-1179",
        {
            "grid": "1179x2556",
            "wallpaper": "photo:LadyBird.jpg",
            "folders": [[1, 1], [4, 5]],
            "badges": [[2, 1, 3], [3, 2, 12], [4, 6, 1], [1, 4, 7]],
            "holes": [[2, 6]],
            "seed": 17,
        },
        fmt(),
        "folders, notification badges, a hole",
    ),
    (
        "widget-medium-top-1170",
        {
            "grid": "1170x2532",
            "wallpaper": "photo:Storm.jpg",
            "widgets": [["medium-top", "weather"], ["small-middle-left", "clock"]],
            "holes": [[4, 6]],
            "seed": 18,
        },
        fmt(),
        "medium + small widgets among icons",
    ),
    (
        "widgets-small-large-1320",
        {"grid": "1320x2868", "wallpaper": "photo:Dune.jpg", "widgets": [["small-top-right", "clock"], ["large-bottom", "calendar"]], "seed": 19},
        fmt(),
        "small + large widgets, only 4 icons (2 x 2)",
    ),
    (
        "widget-medium-bottom-1206",
        {
            "grid": "1206x2622",
            "wallpaper": "photo:RainDrops.jpg",
            "widgets": [["small-top-left", "clock"], ["medium-bottom", "weather"]],
            "badges": [[3, 1, 2]],
            "seed": 20,
        },
        fmt(),
        "widgets at top left and bottom",
    ),
    (
        "rows3to5-1206",
        {"grid": "1206x2622", "wallpaper": "photo:Garden.jpg", "rowsWithIcons": [3, 4, 5], "seed": 21},
        fmt(),
        "only rows 3-5 hold icons",
    ),
    (
        "holes-1290",
        {
            "grid": "1290x2796",
            "wallpaper": "photo:Storm.jpg",
            "holes": [[1, 1], [3, 2], [4, 2], [2, 3], [1, 5], [3, 5], [4, 6], [2, 6], [1, 6]],
            "seed": 22,
        },
        fmt(),
        "nine cells empty",
    ),
    ("one-row-1179", {"grid": "1179x2556", "wallpaper": "photo:Dune.jpg", "rowsWithIcons": [2], "seed": 23}, fmt(), "one row: rows axis unknown"),
    (
        "one-column-1320",
        {"grid": "1320x2868", "wallpaper": "photo:RainDrops.jpg", "columnsWithIcons": [3], "seed": 24},
        fmt(),
        "one column: columns axis unknown",
    ),
    ("single-icon-1170", {"grid": "1170x2532", "wallpaper": "photo:LadyBird.jpg", "cells": [[2, 3]], "seed": 25}, fmt(), "one icon: too few icons"),
    ("no-icons-1179", {"grid": "1179x2556", "wallpaper": "photo:Storm.jpg", "cells": [], "seed": 26}, fmt(), "home page = empty page"),
    (
        "time-differs-1179",
        {"grid": "1179x2556", "wallpaper": "photo:LadyBird.jpg", "homeTime": "9:47", "seed": 27},
        fmt(),
        "status-bar time differs between the pages",
    ),
    (
        "jiggle-edit-1320",
        {"grid": "1320x2868", "wallpaper": "photo:Garden.jpg", "jiggle": True, "jiggleChrome": True, "seed": 28},
        fmt(),
        "jiggle mode with Edit/Done buttons and page dots",
    ),
    ("jiggle-1179", {"grid": "1179x2556", "wallpaper": "photo:Storm.jpg", "jiggle": True, "seed": 29}, fmt(), "jiggle mode, chrome unchanged"),
    (
        "another-wallpaper-1179",
        {"grid": "1179x2556", "wallpaper": "photo:Storm.jpg", "homeWallpaper": "photo:LadyBird.jpg", "seed": 30},
        fmt(),
        "pages on different photos",
    ),
    (
        "another-wallpaper-painted-1206",
        {"grid": "1206x2622", "wallpaper": "painted:gradient", "homeWallpaper": "painted:aurora", "seed": 31},
        fmt(),
        "pages on different painted wallpapers",
    ),
    (
        "another-size-1179",
        {"grid": "1179x2556", "emptyGrid": "1170x2532", "wallpaper": "photo:LadyBird.jpg", "seed": 32},
        fmt(),
        "empty page 1170x2532, home 1179x2556",
    ),
    (
        "light-vs-dark-1206",
        {"grid": "1206x2622", "wallpaper": "photo:Dune.jpg", "homeDark": True, "seed": 33},
        fmt(),
        "empty light, home in dark mode",
    ),
    ("dark-1206", {"grid": "1206x2622", "wallpaper": "photo:Dune.jpg", "dark": True, "seed": 34}, fmt(), "both pages dark mode, dark icons"),
    (
        "dark-p3-16-1320",
        {"grid": "1320x2868", "wallpaper": "photo:Storm.jpg", "dark": True, "glass": True, "badges": [[1, 1, 4]], "seed": 35},
        fmt(depth=16, p3=True),
        "dark mode, 16-bit Display P3",
    ),
    ("swapped-1170", {"grid": "1170x2532", "wallpaper": "photo:Garden.jpg", "swap": True, "seed": 36}, fmt(), "wrong way round: the pages swapped"),
    (
        "palette-1179",
        {"grid": "1179x2556", "wallpaper": "photo:RainDrops.jpg", "seed": 37},
        fmt(palette=True),
        "palette PNGs (colour type 3, shared palette)",
    ),
    ("palette-1179-twin", None, fmt(), "the palette scene's pictures as 8-bit RGB"),
    (
        "interlaced-828",
        {"grid": "828x1792", "wallpaper": "photo:LadyBird.jpg", "folders": [[2, 2]], "seed": 38},
        fmt(interlaced=True),
        "Adam7-interlaced 8-bit",
    ),
    (
        "interlaced-16-p3-1290",
        {"grid": "1290x2796", "wallpaper": "painted:aurora", "seed": 39},
        fmt(depth=16, p3=True, interlaced=True),
        "Adam7-interlaced 16-bit Display P3",
    ),
    ("pastel-1179", {"grid": "1179x2556", "wallpaper": "painted:pastel", "seed": 40}, fmt(), "very light wallpaper: white icons and labels on it"),
]

QUICK = [
    "m1179-storm",
    "m1320-garden-16",
    "widget-medium-top-1170",
    "one-row-1179",
    "jiggle-edit-1320",
    "another-wallpaper-1179",
    "swapped-1170",
    "palette-1179",
    "palette-1179-twin",
]


def scene_pages(name, spec, form, cache):
    """(empty, home, truth, stored pictures) of one scene; palette scenes give index planes."""
    if spec is None:  # a twin: the scene before it, decoded from its palette
        return cache[name.replace("-twin", "")]
    empty, home, truth = ip.paint_pair(spec)
    if form["palette"]:
        (ih, ie), pal = ip.quantise([home, empty])  # the palette is the home page's
        stored = (ie, ih, pal)
        twin = (ip.decode_palette(ie, pal), ip.decode_palette(ih, pal), truth)
        cache[name] = twin
        return empty, home, truth, stored
    return empty, home, truth, None


def main(argv):
    out = argv[1]
    quick = "--quick" in argv
    os.makedirs(out, exist_ok=True)
    start = time.time()
    written = {}  # hash of a file's samples and format -> a path already written with them
    cache = {}
    listing = []
    for name, spec, form, what in SCENES:
        if quick and name not in QUICK:
            continue
        result = scene_pages(name, spec, form, cache)
        if len(result) == 3:
            empty, home, truth = result
            stored = None
            truth = dict(truth, twinOf=name.replace("-twin", ""))
        else:
            empty, home, truth, stored = result
        files = {}
        for which, pixels in (("empty", empty), ("home", home)):
            path = os.path.join(out, f"{name}-{which}.png")
            if stored:
                plane = stored[0] if which == "empty" else stored[1]
                ip.save_indexed(path, plane, stored[2], form["interlaced"], form["p3"])
            else:
                samples = ip.samples_of(pixels, form["depth"])
                key = hashlib.blake2b(samples.tobytes(), digest_size=16).hexdigest() + json.dumps(form, sort_keys=True)
                if key in written:
                    shutil.copyfile(written[key], path)
                else:
                    ip.pngfiles.write(
                        path, samples, 2, form["depth"], [(b"iCCP", ip.widget_scenes.display_p3_profile())] if form["p3"] else [], form["interlaced"],
                        level=0)
                    written[key] = path
            files[which] = os.path.basename(path)
        listing.append({"name": name, "tests": what, "empty": files["empty"], "home": files["home"], "format": form, "spec": spec, "truth": truth})
        print(f"{time.time() - start:6.1f}s  {name}: {truth['expect']}", flush=True)
    with open(os.path.join(out, "scenes.json"), "w") as file:
        json.dump(listing, file, indent=1)
    print(f"{len(listing)} scenes in {time.time() - start:.1f}s -> {out}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv)
