#!/usr/bin/env python3
"""Paints the small "check my widgets" scenes the Swift tests read (WidgetCheckTests), with the
independent painter widget_scenes.py, and writes scenes.json: for each scene the layout's slots
(what the backgrounds were cropped with), the widgets painted (slot and offset d = S - R), and
what the check must answer. Run from anywhere; writes beside this file. Needs numpy, Pillow and
mate-backgrounds (scripts/lib/system-packages.sh installs it)."""
import json
import os

import numpy as np

import widget_scenes as ws

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = (390, 844)
# A made-up layout on a 390x844 page: two small slots, the medium slot over them, a medium and a
# large slot below; what a layout's slots are to the check (rectangles in pixels).
SLOTS = {
    "small-top-left": (24, 70, 158, 158),
    "small-top-right": (208, 70, 158, 158),
    "medium-top": (24, 70, 342, 158),
    "medium-middle": (24, 276, 342, 158),
    "small-bottom-left": (24, 482, 158, 158),
    "small-bottom-right": (208, 482, 158, 158),
}


def scene(name, wallpaper, widgets, expect, depth=8, p3=False, home_wallpaper=None, source_shift=(0, 0), icons=False, empty_name=None, seed=0,
          **look):
    """widgets: [(slot, (dx, dy))]; expect: per slot (dx or None, dy or None), or an error kind."""
    home_base = wallpaper if home_wallpaper is None else home_wallpaper
    placed = []
    for slot, d in widgets:
        x, y, w, h = SLOTS[slot]
        placed.append(((x + source_shift[0], y + source_shift[1], w, h), (d[0] - source_shift[0], d[1] - source_shift[1])))
    home = ws.paint(home_base, placed, seed=seed, **look)
    if icons:
        # App icons, no widget: opaque rounded squares in a 4 x 2 grid.
        for row in range(2):
            for column in range(4):
                x, y = 30 + column * 90, 560 + row * 110
                cover = ws.rounded_mask(60, 60, 14)[:, :, None]
                colour = np.array([(column * 70 % 255) / 255, (row * 120 % 255) / 255, 0.6])
                home[y:y + 60, x:x + 60] = home[y:y + 60, x:x + 60] * (1 - cover) + colour * cover
    empty = empty_name or f"{name}-empty.png"
    if not os.path.exists(os.path.join(HERE, empty)):
        ws.save(os.path.join(HERE, empty), wallpaper, depth, p3, level=1)
    ws.save(os.path.join(HERE, f"{name}-home.png"), home, depth, p3, level=1)
    return {"name": name, "empty": empty, "home": f"{name}-home.png", "depth": depth, "p3": p3,
            "look": {key: (list(value) if isinstance(value, tuple) else value) for key, value in look.items()},
            "widgets": [{"slot": slot, "d": list(d)} for slot, d in widgets], "expect": expect}


def main():
    photo = ws.photo("LadyBird.jpg", SIZE)
    dune = ws.photo("Dune.jpg", SIZE)
    gradient = ws.vertical_gradient(SIZE)
    scenes = [
        # Widgets iOS puts in one column (the medium one's left edge and the small left one's; its
        # right edge and the small right one's) or one row move together: within 2 px.
        scene("photo-glass-content", photo, [("medium-top", (9, -7)), ("small-bottom-left", (8, 6)), ("small-bottom-right", (10, 5))],
              {"widgets": {"medium-top": [9, -7], "small-bottom-left": [8, 6], "small-bottom-right": [10, 5]}},
              empty_name="ladybird-empty.png", overlay=("white", 0.2), rim=True, content=True),
        scene("photo-16bit-p3-dark", dune, [("small-top-left", (-3, 4)), ("small-top-right", (-2, 5)), ("medium-middle", (-3, 14))],
              {"widgets": {"small-top-left": [-3, 4], "small-top-right": [-2, 5], "medium-middle": [-3, 14]}},
              depth=16, p3=True, overlay=("black", 0.3)),
        # Two small widgets of one column 30 px apart: one was dragged, or cropped elsewhere.
        scene("column-disagrees", photo, [("small-top-left", (0, 5)), ("small-bottom-left", (30, 5))], {"error": "widgetsDisagree"},
              empty_name="ladybird-empty.png", overlay=("white", 0.2)),
        scene("gradient-bare", gradient, [("medium-middle", (10, -9)), ("small-bottom-left", (-6, 12))],
              {"widgets": {"medium-middle": [None, -9], "small-bottom-left": [None, 12]}}),
        # Content over a gradient: what the content covers stays left out where it is on the
        # home screen, at every offset compared (it once followed the piece, and dragged y off).
        scene("gradient-content", gradient, [("medium-middle", (10, -9)), ("small-bottom-left", (-6, 12))],
              {"widgets": {"medium-middle": [None, -9], "small-bottom-left": [None, 12]}}, empty_name="gradient-bare-empty.png",
              content=True, seed=3),
        # Two small widgets moved towards each other on a wallpaper flat from side to side: the
        # narrow gap between them (6 px) shows; not one medium widget.
        scene("gradient-narrow-gap", gradient, [("small-top-left", (10, 8)), ("small-top-right", (-10, 8))],
              {"widgets": {"small-top-left": [None, 8], "small-top-right": [None, 8]}}, empty_name="gradient-bare-empty.png"),
        # A straight gradient with content and no layer over the widgets: any gain and offset
        # would take up a shift along it as well as the right one does (y a few px off, called
        # known); the simplest overlay that fits, none, cannot.
        scene("straight-content", ws.linear_gradient(SIZE), [("medium-middle", (-12, 7)), ("medium-top", (6, -10))],
              {"widgets": {"medium-middle": [None, 7], "medium-top": [None, -10]}}, content=True, seed=5),
        # Small widgets whose content covers most of them, on a photograph of low contrast:
        # most tiles of the piece hold content, and the median tile voted for no offset.
        scene("storm-content", ws.photo("Storm.jpg", SIZE), [("small-top-left", (9, 9)), ("small-top-right", (-9, 9))],
              {"widgets": {"small-top-left": [9, 9], "small-top-right": [-9, 9]}}, content=True, seed=1),
        scene("icons-only", photo, [], {"error": "noTransparentWidget"}, icons=True, empty_name="ladybird-empty.png"),
        scene("another-layout", photo, [("small-top-left", (0, 0)), ("small-top-right", (0, 0))], {"error": "cropsFromAnotherLayout"},
              empty_name="ladybird-empty.png", source_shift=(0, 206), overlay=("white", 0.2)),
        scene("another-page", gradient, [("small-top-left", (4, 4))], {"error": "notTheSamePage"}, home_wallpaper=ws.waves(SIZE),
              empty_name="gradient-bare-empty.png"),
    ]
    with open(os.path.join(HERE, "scenes.json"), "w") as file:
        json.dump({"size": list(SIZE), "slots": {k: list(v) for k, v in SLOTS.items()}, "scenes": scenes}, file, indent=1)
        file.write("\n")


if __name__ == "__main__":
    main()
