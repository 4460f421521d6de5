"""Hostile "check my widgets" scenes: pairs (EMPTY, HOME) on which a check that measures each
widget's offset d = S - R by matching it against the wallpaper has been seen answering wrong with
confidence. Painted independently of Backdrop's code (numpy, Pillow, widget_scenes.py's looks and
PNG writer), for the iPhone 16 Pro Max page (1320x2868) and its ios26 layout.

SCENES: a list of dicts
  name      file stem: NAME-empty.png, NAME-home.png
  class     aliasing | edge | roles | disagreement | failure | covered
  wallpaper a textures.py spec {"kind": ..., parameters}
  widgets   [(slot, dx, dy)]: the widget cropped at slot R is drawn at S = R + (dx, dy)
  look      overlay (colour, alpha) | rim | content (widget_scenes' looks), blur {sigma, tint, slots},
            clock {slot: diameter as a fraction of the widget's side}, cover [banner | panel],
            card (an opaque widget), status (status-bar times of EMPTY and HOME)
  pair      roles normal|swap|both-empty|both-home, empty_widgets (both-home), resize
            {which, size}, rotate {which, k}, depth 8|16|[empty, home], twin8 (the 16-bit page is the
            8-bit picture x 257), palette None|home|both, p3
  expect    {"refuse": [keywords]} or {"widgets": {slot: {"x": rule, "y": rule, ...}}, "only_slots": [...]}
            rule "exact": the painted d within 1 px; "unknown-or-exact": no number, or the painted d
            within 1 px (any other number is a wrong confident answer). See README.md.

paint_scene(scene, out_dir) writes the pair and returns the truth (see README.md).
"""
import math
import os
import shutil
import sys

import numpy as np
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import textures as T  # noqa: E402  (found through the path set just above)

sys.path.insert(0, T.WIDGET_SCENES)
sys.path.insert(0, os.path.join(T.WIDGET_SCENES, "..", "..", "BrowserTests"))
import pngfiles  # noqa: E402  (found through the path set just above)
import widget_scenes as ws  # noqa: E402  (found through the path set just above)

DEVICE, LAYOUT, SIZE = "iphone-16-pro-max", "ios26", (1320, 2868)
# The check's search reaches about this far from each slot on this phone (wider on some phones):
# the expectations below are computed for it; the truth carries the aliases so that a harness can
# recompute them for the window the tool reports.
WINDOW = 40
SMALL, MEDIUM, LARGE = (530, 530), (1134, 530), (1134, 1182)
LEFT, RIGHT, ROWS = 93, 697, {"top": 282, "middle": 934, "bottom": 1586}
SLOTS = {}
for _row, _y in ROWS.items():
    SLOTS[f"small-{_row}-left"] = (LEFT, _y) + SMALL
    SLOTS[f"small-{_row}-right"] = (RIGHT, _y) + SMALL
for _row, _y in ROWS.items():
    SLOTS[f"medium-{_row}"] = (LEFT, _y) + MEDIUM
SLOTS["large-top"] = (LEFT, ROWS["top"]) + LARGE
SLOTS["large-bottom"] = (LEFT, ROWS["middle"]) + LARGE

CHOSEN = ["medium-top", "small-middle-left", "small-middle-right", "medium-bottom"]
SMALL6 = [f"small-{r}-{c}" for r in ROWS for c in ("left", "right")]
TOP_ROW = ["small-top-left", "small-top-right", "medium-middle", "small-bottom-left", "small-bottom-right"]
PHOTO = {name: {"kind": "photo", "name": name} for name in ("LadyBird.jpg", "Storm.jpg", "Dune.jpg", "Garden.jpg", "RainDrops.jpg")}
LADYBIRD, STORM, DUNE, GARDEN, RAINDROPS = (PHOTO[n] for n in ("LadyBird.jpg", "Storm.jpg", "Dune.jpg", "Garden.jpg", "RainDrops.jpg"))


def looks(letters):
    """widget_scenes' looks by letter, as the existing matrix spells them: w/b/g overlay, r rim,
    c content."""
    overlay = ["white", 0.2] if "w" in letters else ["black", 0.3] if "b" in letters else ["grey", 0.25] if "g" in letters else None
    return {"overlay": overlay, "rim": "r" in letters, "content": "c" in letters}


# ---------------------------------------------------------------- expectations


def columns_and_rows(slot):
    """The columns (left edge 93 or right column 697, the right edge 1227) and the row a slot
    sits in: widgets sharing one move together when the layout is off."""
    x, y, w, _h = SLOTS[slot]
    cols = set()
    if x == LEFT:
        cols.add("left-edge")
    if x + w == RIGHT + SMALL[0]:
        cols.add("right-edge")
    return cols, {y}


def covered_fraction_static(slot, d, look):
    """About how much of the widget a cover (banner, panel) or its own opaque clock hides: rect
    overlap, ignoring rounded corners (the truth from paint_scene is exact)."""
    x, y, w, h = SLOTS[slot]
    x, y = x + d[0], y + d[1]
    best = 0.0
    for cover in look.get("cover") or []:
        if cover["kind"] == "banner":
            r = (15, cover["y"], 1305, cover["y"] + cover.get("height", 230))
        else:
            r = tuple(cover["rect"])
        ix = max(0, min(x + w, r[2]) - max(x, r[0]))
        iy = max(0, min(y + h, r[3]) - max(y, r[1]))
        best += ix * iy / (w * h)
    clock = (look.get("clock") or {}).get(slot)
    if clock:
        best += math.pi * (clock / 2) ** 2
    return min(1.0, best)


def widget_expect(wallpaper, slot, d, look):
    exact, near = T.lattice(wallpaper)
    basis = exact + near
    found = T.aliases(d, basis, WINDOW)
    out = {}
    period = {"x": T.axis_period(basis, 0), "y": T.axis_period(basis, 1)}
    for axis, i in (("x", 0), ("y", 1)):
        ambiguous = any(a[i] != d[i] for a in found)
        out[axis] = "unknown-or-exact" if ambiguous else "exact"
        if ambiguous:
            out.setdefault("why", {})[axis] = "flat" if period[axis] == 1 else "repeats"
    out["aliases"] = [list(a) for a in found[:12]]
    out["aliases_total"] = len(found)
    blur = look.get("blur")
    if blur and (blur.get("slots") is None or slot in blur["slots"]):
        out["x"] = out["y"] = "unknown-or-exact"
        out["why"] = {"x": "blurred", "y": "blurred"}
    covered = covered_fraction_static(slot, d, look)
    if covered > 0:
        out["covered"] = round(covered, 3)
        out["x"] = out["y"] = "unknown-or-exact"
        out["why"] = {"x": "covered", "y": "covered"}
    # Invisible: the piece is the wallpaper it covers (moved by a symmetry of the wallpaper, or
    # not at all), with no overlay or rim to show its outline.
    points = T.lattice_points(exact, max(abs(d[0]), abs(d[1])) + 1)
    lattice_zero = bool((points == np.array(d)).all(axis=1).any())
    bare = not look.get("overlay") and not look.get("rim") and not blur
    out["may_be_missing"] = bool(lattice_zero and bare) or covered >= 0.95
    out["must_report"] = not out["may_be_missing"]
    return out


def build_expect(scene):
    if scene.get("refuse"):
        return {"refuse": list(scene["refuse"])}
    widgets = {}
    for slot, dx, dy in scene["widgets"]:
        widgets[slot] = widget_expect(scene["wallpaper"], slot, (dx, dy), scene["look"])
    return {"widgets": widgets, "only_slots": [w[0] for w in scene["widgets"]]}


def disagreement(widgets, tolerance=2):
    """Whether widgets sharing a column (edge) or a row were painted more than `tolerance` px apart."""
    by_col, by_row = {}, {}
    for slot, dx, dy in widgets:
        cols, rows = columns_and_rows(slot)
        for c in cols:
            by_col.setdefault(c, []).append(dx)
        for r in rows:
            by_row.setdefault(r, []).append(dy)
    spread = [max(v) - min(v) for v in list(by_col.values()) + list(by_row.values())]
    return max(spread, default=0) > tolerance


# ---------------------------------------------------------------- the scene list

SCENES = []


def scene(name, cls, wallpaper, widgets, look="", pair=None, refuse=None, note="", **extra):
    look_dict = looks(look) if isinstance(look, str) else dict(looks(""), **look)
    look_dict.update(extra)
    pair = dict({"roles": "normal", "depth": 8, "palette": None, "p3": False, "resize": None, "rotate": None}, **(pair or {}))
    entry = {"name": name, "class": cls, "wallpaper": wallpaper, "widgets": [tuple(w) for w in widgets], "look": look_dict,
             "pair": pair, "note": note, "refuse": refuse}
    if cls != "disagreement" and not refuse:
        assert not disagreement(entry["widgets"]), name
    entry["expect"] = build_expect(entry)
    SCENES.append(entry)


def at(slots, dx, dy):
    return [(s, dx, dy) for s in slots]


# 1. Aliasing: wallpapers that repeat within the search window.
A = "aliasing"
scene("tiles24-d17-0", A, {"kind": "tiles", "period": 24, "seed": 1}, at(CHOSEN, 17, 0),
      note="named: a 24 px tiled texture, truth (17, 0); the tool said (+41, +24)")
scene("tiles24-d0-17", A, {"kind": "tiles", "period": 24, "seed": 1}, at(CHOSEN, 0, 17), note="named: truth (0, 17)")
scene("tiles16-shaded", A, {"kind": "tiles", "period": 16, "seed": 2, "shade": True}, at(SMALL6, 5, -3))
scene("tiles32-glass", A, {"kind": "tiles", "period": 32, "seed": 3}, at(CHOSEN, -12, 9), "wrc")
scene("tiles48", A, {"kind": "tiles", "period": 48, "seed": 4}, at(CHOSEN, 20, -30))
scene("tiles48-shaded-white", A, {"kind": "tiles", "period": 48, "seed": 5, "shade": True}, at(SMALL6, -7, 4), "w")
scene("tiles24-d24-0-bare", A, {"kind": "tiles", "period": 24, "seed": 6}, at(CHOSEN, 24, 0),
      note="moved by exactly one period, bare: invisible (may be missed; if found, 24 or unknown)")
scene("tiles24-d24-0-rim", A, {"kind": "tiles", "period": 24, "seed": 6}, at(CHOSEN, 24, 0), "r",
      note="moved by one period; only the rim shows where it is (interior under the 0.15-level floor: may be missed)")
scene("stripes-h12", A, {"kind": "stripes", "period": 12, "direction": "h", "seed": 7}, at(CHOSEN, 3, 5),
      note="horizontal stripes: flat along x, period 12 along y")
scene("stripes-v60-shaded", A, {"kind": "stripes", "period": 60, "direction": "v", "seed": 8, "shade": True}, at(CHOSEN, 25, -8))
scene("stripes-d45-30-d8-0", A, {"kind": "stripes", "period": 30, "direction": "d45", "seed": 9}, at(CHOSEN, 8, 0),
      note="named: diagonal stripes period 30, truth (8, 0); the tool said (+32, +36)")
scene("stripes-d45-12-shaded-rim", A, {"kind": "stripes", "period": 12, "direction": "d45", "seed": 10, "shade": True},
      at(SMALL6, -4, 10), "r")
scene("stripes-d135-60", A, {"kind": "stripes", "period": 60, "direction": "d135", "seed": 11}, at(CHOSEN, 0, 14))
scene("stripes-d135-60-along", A, {"kind": "stripes", "period": 60, "direction": "d135", "seed": 11}, at(CHOSEN, 9, 9),
      note="moved along the stripes: invisible")
scene("bricks-48x24", A, {"kind": "bricks", "brick": 48, "height": 24, "seed": 12}, at(CHOSEN, 10, 7))
scene("bricks-60x20-shaded-wc", A, {"kind": "bricks", "brick": 60, "height": 20, "seed": 13, "shade": True}, at(CHOSEN, -15, 3), "wc")
scene("glyphs48-gradient-medium", A, {"kind": "glyph_grid", "spacing": 48, "char": "A"}, at(["medium-top", "medium-bottom"], 6, -11),
      note="named: a glyph every 48 px on a vertical gradient; a medium widget was reported as two small ones")
scene("glyphs48-gradient-large", A, {"kind": "glyph_grid", "spacing": 48, "char": "g"},
      at(["large-top", "small-bottom-left", "small-bottom-right"], -9, 13))
scene("glyphs48-gradient-glass", A, {"kind": "glyph_grid", "spacing": 48, "char": "#"}, at(["medium-middle"], 21, 0), "wrc")
scene("glyphs32-solid", A, {"kind": "glyph_grid", "spacing": 32, "char": "x", "background": "solid", "seed": 14}, at(CHOSEN, 12, -2))
scene("checker20", A, {"kind": "checkerboard", "square": 20, "seed": 15}, at(CHOSEN, 11, -6))
scene("checker30-shaded-black", A, {"kind": "checkerboard", "square": 30, "seed": 16, "shade": True}, at(SMALL6, -3, 25), "b")
scene("checker24-palette", A, {"kind": "checkerboard", "square": 24, "seed": 17}, at(CHOSEN, 7, -13), pair={"palette": "both"},
      note="both pages as palette PNGs")
scene("dots36", A, {"kind": "dots", "spacing": 36, "radius": 9, "seed": 18}, at(CHOSEN, 14, 14))
scene("dots40-offset-shaded", A, {"kind": "dots", "spacing": 40, "radius": 12, "offset_rows": True, "seed": 19, "shade": True},
      at(CHOSEN, -6, -20))
scene("photo-tile64-exact", A, {"kind": "photo_tile", "name": "LadyBird.jpg", "tile": 64}, at(CHOSEN, 10, -5),
      note="repeats every 64 px: the other offsets (-54, 59) lie outside the window, so exact")
scene("photo-tile64-ambiguous", A, {"kind": "photo_tile", "name": "LadyBird.jpg", "tile": 64}, at(CHOSEN, 30, -26))
scene("photo-tile64-shaded-glass", A, {"kind": "photo_tile", "name": "Storm.jpg", "tile": 64, "at": (256, 2688), "shade": True, "seed": 1},
      at(CHOSEN, -22, 0), "wrc")

# Cases nobody named: periods at the window's edge, along one axis only, flat axes, 16-bit / P3.
E = "edge"
scene("strip40-edge", E, {"kind": "noise_strip", "period": 40, "seed": 20}, at(CHOSEN, 0, 6),
      note="x repeats every 40 px: the other offsets +-40 sit exactly on the window's edge")
scene("strip41-outside", E, {"kind": "noise_strip", "period": 41, "seed": 21}, at(CHOSEN, 0, 6),
      note="x repeats every 41 px: just outside a 40 px window, so exact (unknown if the window is 41 or more)")
scene("strip39-inside", E, {"kind": "noise_strip", "period": 39, "seed": 22}, at(CHOSEN, -1, 6))
scene("strip60-edge", E, {"kind": "noise_strip", "period": 60, "seed": 23}, at(CHOSEN, 20, -4), note="the other offset -40 is on the edge")
scene("strip80-outside", E, {"kind": "noise_strip", "period": 80, "seed": 24}, at(CHOSEN, -39, 5), note="the other offset +41 is outside")
scene("photo-band32-y", E, {"kind": "photo_strip", "name": "Garden.jpg", "period": 32, "axis": "y", "at": 1300}, at(CHOSEN, 13, -9),
      note="repeats along y only")
scene("photo-strip64-x", E, {"kind": "photo_strip", "name": "Garden.jpg", "period": 64, "axis": "x", "at": 600}, at(CHOSEN, 33, 4),
      note="repeats along x only")
scene("gradient-flat-x", E, {"kind": "vertical_gradient"}, at(CHOSEN, 12, -7), note="flat along x: x unknown unless the outline is measured")
scene("gradient-flat-x-glass", E, {"kind": "vertical_gradient"}, at(CHOSEN, -15, 9), "wr")
scene("gradient-flat-x-invisible", E, {"kind": "vertical_gradient"}, at(CHOSEN, 20, 0), note="moved along the flat axis: invisible")
scene("gradient-flat-y", E, {"kind": "horizontal_gradient"}, at(CHOSEN, 9, 14), note="flat along y")
scene("tiles24-d17-0-16bit", E, {"kind": "tiles", "period": 24, "seed": 1}, at(CHOSEN, 17, 0), pair={"depth": 16})
scene("stripes-d45-30-p3", E, {"kind": "stripes", "period": 30, "direction": "d45", "seed": 9}, at(CHOSEN, 8, 0), pair={"p3": True})
scene("glyphs48-16bit-p3", E, {"kind": "glyph_grid", "spacing": 48, "char": "A"}, at(["medium-top", "medium-bottom"], 6, -11),
      pair={"depth": 16, "p3": True})
scene("checker20-16bit", E, {"kind": "checkerboard", "square": 20, "seed": 15}, at(CHOSEN, 11, -6), "w", pair={"depth": 16})
scene("photo-tile64-16bit-p3", E, {"kind": "photo_tile", "name": "LadyBird.jpg", "tile": 64}, at(CHOSEN, 30, -26),
      pair={"depth": 16, "p3": True})

# 2. Roles: the pair is not (empty page, same page with transparent widgets).
R = "roles"
scene("swap-ladybird", R, LADYBIRD, at(CHOSEN, 9, -7), pair={"roles": "swap"}, refuse=["swapped"])
scene("swap-storm-glass", R, STORM, at(CHOSEN, -12, 6), "wrc", pair={"roles": "swap"}, refuse=["swapped"])
scene("swap-tiles24", R, {"kind": "tiles", "period": 24, "seed": 1}, at(CHOSEN, 17, 0), pair={"roles": "swap"}, refuse=["swapped"])
scene("card-on-both", R, DUNE, at(["medium-middle", "medium-bottom"], 4, 8), card={"slot": "small-top-left", "on": "both"},
      refuse=["not-empty"], note="an opaque widget (a solid card with content) on the page given as empty, and on the home page")
scene("card-on-empty-only", R, GARDEN, at(["small-middle-left", "small-middle-right", "medium-bottom"], -6, 3),
      card={"slot": "medium-top", "on": "empty"}, refuse=["not-empty"])
scene("both-empty-identical", R, RAINDROPS, [], pair={"roles": "both-empty"}, refuse=["identical", "no-widgets"])
scene("both-empty-status", R, LADYBIRD, [], pair={"roles": "both-empty"}, status=["9:41", "9:42"], refuse=["no-widgets"],
      note="two empty screenshots a minute apart: only the status bar differs")
scene("both-home-identical", R, STORM, at(CHOSEN, 5, 5), pair={"roles": "both-home"}, refuse=["not-empty", "identical", "no-widgets"])
scene("both-home-different", R, DUNE, at(CHOSEN, -8, 3), pair={"roles": "both-home", "empty_widgets": at(CHOSEN, 5, 5)},
      refuse=["not-empty"], note="the page given as empty shows the same widgets at another offset")
scene("both-home-status", R, {"kind": "waves"}, at(CHOSEN, 11, -6), "wr", pair={"roles": "both-home"}, status=["9:41", "9:44"],
      refuse=["not-empty", "no-widgets"])

# 3. Disagreement: widgets iOS puts in one column or row, painted with different offsets.
D = "disagreement"
scene("column3-0-30-m2", D, LADYBIRD, [("small-top-left", 0, 5), ("small-middle-left", 30, 5), ("small-bottom-left", -2, 5)],
      refuse=["disagree"], note="named: three small widgets in one column at dx 0, +30, -2")
scene("column-30-m31", D, STORM, [("small-top-left", 30, 0), ("small-bottom-left", -31, 0)], refuse=["disagree"],
      note="named: small widgets of one column at +30 and -31")
scene("column-right-12-0", D, GARDEN, [("small-top-right", 12, -4), ("small-middle-right", 0, -4)], refuse=["disagree"])
scene("column-medium-vs-small", D, DUNE, [("medium-top", 10, 0), ("small-middle-left", -10, 0), ("small-bottom-right", -10, 0)],
      refuse=["disagree"], note="a medium widget shares the left edge with the left column and the right edge with the right one")
scene("row-dy3", D, RAINDROPS, [("small-middle-left", 6, 2), ("small-middle-right", 6, 5)], refuse=["disagree"],
      note="named: two widgets in a row with dy differing by 3")
scene("row-dy5", D, LADYBIRD, [("small-top-left", 4, -2), ("small-top-right", 4, 3)], refuse=["disagree"], note="named: by 5")
scene("row-dy20", D, STORM, [("small-bottom-left", -6, 10), ("small-bottom-right", -6, 30)], refuse=["disagree"], note="named: by 20")
scene("row-dy5-glass", D, GARDEN, [("small-middle-left", 8, -12), ("small-middle-right", 8, -7)], "wrc", refuse=["disagree"])
scene("agree-column-0-1-2", D, DUNE, [("small-top-left", 0, 3), ("small-middle-left", 1, 3), ("small-bottom-left", 2, 3)],
      note="agreeing within 2 px: must be measured, not refused")
scene("agree-row-dy1", D, RAINDROPS, [("small-middle-left", 7, 0), ("small-middle-right", 7, 1)], note="agreeing")
scene("agree-row-dy2-glass", D, LADYBIRD, [("small-top-left", -5, 12), ("small-top-right", -5, 14)], "wrc", note="agreeing")
scene("agree-all-same", D, STORM, at(SMALL6, 13, -9), note="agreeing: difference 0")
scene("agree-medium-small-2", D, GARDEN, [("medium-top", 8, -3), ("small-middle-left", 10, -3), ("small-middle-right", 10, -1)],
      note="agreeing: columns 2 px apart, row 2 px apart")

# 4. Failure causes.
F = "failure"
scene("beyond-45-0", F, LADYBIRD, at(CHOSEN, 45, 0), refuse=["beyond-window"], note="45 px off: beyond a 40 px window")
scene("beyond-0-m50", F, STORM, at(CHOSEN, 0, -50), refuse=["beyond-window"])
scene("beyond-57-57-glass", F, GARDEN, at(CHOSEN, 57, 57), "wrc", refuse=["beyond-window"])
scene("beyond-m52-10", F, DUNE, at(CHOSEN, -52, 10), refuse=["beyond-window"])
scene("blur10", F, LADYBIRD, at(CHOSEN, 6, -4), blur={"sigma": 10}, refuse=["blurred"])
scene("blur20-white", F, STORM, at(CHOSEN, -9, 12), blur={"sigma": 20, "tint": ["white", 0.3]}, refuse=["blurred"])
scene("blur30-black", F, GARDEN, at(CHOSEN, 3, 3), blur={"sigma": 30, "tint": ["black", 0.3]}, refuse=["blurred"])
scene("blur15-white-strong", F, DUNE, at(SMALL6, 0, -8), blur={"sigma": 15, "tint": ["white", 0.5]}, refuse=["blurred"])
scene("blur20-one-of-four", F, RAINDROPS, at(CHOSEN, 5, 5), blur={"sigma": 20, "slots": ["medium-top"]},
      note="only medium-top blurred: it is named as blurred, the others measured")
scene("resized-home-half", F, LADYBIRD, at(CHOSEN, 5, -5), pair={"resize": {"which": "home", "size": [660, 1434]}}, refuse=["resized"])
scene("resized-home-1179x2556", F, STORM, at(CHOSEN, -7, 9), pair={"resize": {"which": "home", "size": [1179, 2556]}}, refuse=["resized"])
scene("resized-home-1290x2796", F, GARDEN, at(CHOSEN, 4, 4), "wrc", pair={"resize": {"which": "home", "size": [1290, 2796]}},
      refuse=["resized"])
scene("resized-empty-half", F, DUNE, at(CHOSEN, -3, 11), pair={"resize": {"which": "empty", "size": [660, 1434]}}, refuse=["resized"])
scene("rotated-home-90", F, LADYBIRD, at(CHOSEN, 8, 2), pair={"rotate": {"which": "home", "k": 1}}, refuse=["rotated"],
      note="the home screenshot turned 90 deg (landscape, 2868x1320)")
scene("rotated-home-270-glass", F, STORM, at(CHOSEN, -4, -6), "wrc", pair={"rotate": {"which": "home", "k": 3}}, refuse=["rotated"])
scene("identical-8-16", F, GARDEN, [], pair={"roles": "both-empty", "depth": [8, 16], "twin8": True}, refuse=["identical"],
      note="the same picture at 8 and 16 bits")
scene("identical-rgb-palette", F, LADYBIRD, [], pair={"roles": "both-empty", "palette": "home"}, refuse=["identical"],
      note="the same 256-colour picture as RGB and as a palette PNG")
scene("identical-16-palette", F, DUNE, [], pair={"roles": "both-empty", "palette": "home", "depth": [16, 8]}, refuse=["identical"])
scene("identical-home-8-16", F, STORM, at(CHOSEN, 9, 9), pair={"roles": "both-home", "depth": [8, 16], "twin8": True},
      refuse=["identical", "not-empty"])

# 5. Covered widgets.
C = "covered"
BANNER_TEXT = {"title": "Messages", "body": "Are we still on for tonight? 7:30 at the usual place"}


def banner(y, height=230, **text):
    return dict({"kind": "banner", "y": y, "height": height}, **dict(BANNER_TEXT, **text))


scene("banner-20", C, LADYBIRD, at(TOP_ROW, 6, -5), cover=[banner(159)], note="a banner over about 20 % of the top widgets")
scene("banner-40", C, STORM, at(TOP_ROW, -8, 4), cover=[banner(274)], note="about 40 %")
scene("banner-70", C, GARDEN, at(TOP_ROW, 3, 7), cover=[banner(178), banner(418, height=260, title="Calendar", body="Dentist at 9:15 tomorrow")],
      note="two banners stacked: about 70 %")
scene("banner-40-glass", C, DUNE, at(["medium-top", "medium-middle", "medium-bottom"], 10, -2), "wrc", cover=[banner(268)])
scene("panel-top-half", C, RAINDROPS, at(CHOSEN, 7, 7), cover=[{"kind": "panel", "rect": [0, 0, 1320, 1434]}],
      note="a Control Centre-like dark panel over the top half")
scene("panel-right-half", C, LADYBIRD, at(SMALL6, -4, 6), cover=[{"kind": "panel", "rect": [660, 0, 1320, 2868]}])
scene("clock-94", C, STORM, at(["small-top-left", "small-top-right", "small-bottom-left"], 8, -6),
      clock={"small-top-left": 0.94, "small-bottom-left": 0.8}, note="a large clock face covering most of two small widgets")
scene("clock-100-glass", C, GARDEN, at(["small-middle-left", "small-middle-right", "medium-bottom"], -10, 4), "wr",
      clock={"small-middle-left": 1.0, "small-middle-right": 0.9})


# ---------------------------------------------------------------- painting

_WALLS = {}


def wallpaper(spec):
    key = repr(sorted(spec.items()))
    if key not in _WALLS:
        if len(_WALLS) >= 3:
            _WALLS.pop(next(iter(_WALLS)))
        _WALLS[key] = T.make(spec, SIZE)
    return _WALLS[key]


def clock_layer(width, height, diameter, seed):
    """An analogue clock face (opaque white disc, ticks, hands) of `diameter` x the widget's
    side: colour (h x w x 3) and coverage (h x w x 1)."""
    s = 3
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    r = diameter * min(width, height) * s / 2
    cx, cy = width * s / 2, height * s / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(246, 246, 244, 255))
    for tick in range(12):
        a = tick * math.pi / 6
        r0 = r * (0.78 if tick % 3 else 0.7)
        draw.line((cx + r0 * math.sin(a), cy - r0 * math.cos(a), cx + r * 0.9 * math.sin(a), cy - r * 0.9 * math.cos(a)),
                  fill=(30, 30, 30, 255), width=int(r * 0.03) + 1)
    rng = np.random.default_rng(seed)
    hour, minute = rng.uniform(0, 2 * math.pi, 2)
    for angle, length, w_, colour in ((hour, 0.5, 0.06, (20, 20, 20, 255)), (minute, 0.78, 0.04, (20, 20, 20, 255)),
                                      (minute + 2.1, 0.85, 0.015, (230, 80, 40, 255))):
        draw.line((cx, cy, cx + r * length * math.sin(angle), cy - r * length * math.cos(angle)), fill=colour, width=int(r * w_) + 1)
    img = img.resize((width, height), Image.BOX)
    a = np.asarray(img, dtype=np.float64) / 255
    alpha = a[:, :, 3:4]
    colour = np.where(alpha > 0, a[:, :, :3] / np.maximum(alpha, 1e-9), 0)
    return colour, alpha


_BLURRED = {}


def blurred_piece(wall, R, blur):
    """The piece of wallpaper at R as a "blur" style shows it: Gaussian-blurred (sigma px, edges
    reflected), then under its tint (white or black, alpha) if any."""
    key = (id(wall), tuple(R), blur["sigma"], tuple(blur.get("tint") or ()))
    if key not in _BLURRED:
        if len(_BLURRED) > 8:
            _BLURRED.clear()
        x, y, w, h = R
        piece = T.gaussian_blur(wall[y:y + h, x:x + w], blur["sigma"])
        if blur.get("tint"):
            colour = {"white": 1.0, "black": 0.0}[blur["tint"][0]]
            piece = piece * (1 - blur["tint"][1]) + colour * blur["tint"][1]
        _BLURRED[key] = piece
    return _BLURRED[key]


def paint_widgets(wall, placed, look, seed):
    """The home page: widget_scenes.paint for its own looks; the same compositing (same radius,
    overlay, rim, content) with a blurred piece or a clock face when the look has them."""
    blur, clock = look.get("blur"), look.get("clock") or {}
    overlay = tuple(look["overlay"]) if look.get("overlay") else None
    if not blur and not clock:
        return ws.paint(wall, [(R, d) for _, R, d in placed], overlay=overlay, rim=look.get("rim", False),
                        content=look.get("content", False), seed=seed)
    home = wall.copy()
    for index, (slot, (x, y, width, height), (dx, dy)) in enumerate(placed):
        piece = wall[y:y + height, x:x + width].copy()
        if blur and (blur.get("slots") is None or slot in blur["slots"]):
            piece = blurred_piece(wall, (x, y, width, height), blur)
        if overlay:
            colour = {"white": 1.0, "black": 0.0, "grey": 0.6}[overlay[0]]
            piece = piece * (1 - overlay[1]) + colour * overlay[1]
        radius = min(width, height) * 0.125 + 4
        cover = ws.rounded_mask(width, height, radius)
        if look.get("rim"):
            inner = ws.rounded_mask(width - 4, height - 4, radius - 2)
            ring = cover.copy()
            ring[2:-2, 2:-2] -= inner
            piece = piece * (1 - 0.45 * ring[:, :, None]) + 0.45 * ring[:, :, None]
        if look.get("content"):
            text = ws.content_layer(width, height, seed + index)[:, :, None]
            piece = piece * (1 - text) + text
        if slot in clock:
            face, alpha = clock_layer(width, height, clock[slot], seed + index)
            piece = piece * (1 - alpha) + face * alpha
        sx, sy = x + dx, y + dy
        target = home[sy:sy + height, sx:sx + width]
        home[sy:sy + height, sx:sx + width] = target * (1 - cover[:, :, None]) + piece * cover[:, :, None]
    return home


def text_layer(size, items):
    """Coverage (h x w x 1) of text items [(x, y, text, px, bold)]."""
    layer = Image.new("L", size, 0)
    draw = ImageDraw.Draw(layer)
    for x, y, text, px, bold in items:
        draw.text((x, y), text, fill=255, font=T.font(px, bold))
    return np.asarray(layer, dtype=np.float64)[:, :, None] / 255


def apply_covers(page, covers, coverage):
    """Draws banners (light frosted rounded rectangles with an icon and text) and panels (dark
    frosted rectangles with control tiles) over the page; adds their coverage to `coverage`."""
    for cover in covers:
        if cover["kind"] == "banner":
            x0, y0, w, h = 15, cover["y"], 1290, cover.get("height", 230)
            mask = ws.rounded_mask(w, h, 56.0)[:, :, None]
            region = page[y0:y0 + h, x0:x0 + w]
            frosted = T.gaussian_blur(region, 18) * 0.28 + np.array([0.965, 0.965, 0.975]) * 0.72
            icon = np.zeros((h, w, 1))
            icon[52:52 + 120, 40:40 + 120] = ws.rounded_mask(120, 120, 27.0)[:, :, None]
            frosted = frosted * (1 - icon) + np.array([0.2, 0.78, 0.35]) * icon
            text = text_layer((w, h), [(190, 48, cover["title"], 44, True), (190, 112, cover["body"], 40, False),
                                       (1120, 50, "now", 36, False)])
            frosted = frosted * (1 - 0.9 * text) + 0.08 * 0.9 * text
            page[y0:y0 + h, x0:x0 + w] = region * (1 - mask) + frosted * mask
            coverage[y0:y0 + h, x0:x0 + w] = np.maximum(coverage[y0:y0 + h, x0:x0 + w], mask[:, :, 0])
        elif cover["kind"] == "panel":
            x0, y0, x1, y1 = cover["rect"]
            region = page[y0:y1, x0:x1]
            frosted = T.gaussian_blur(region, 25) * 0.45
            tiles = np.zeros(region.shape[:2] + (1,))
            tile = ws.rounded_mask(250, 250, 60.0)[:, :, None]
            for ty in range(y0 + 180, y1 - 260, 300):
                for tx in range(x0 + 60, x1 - 260, 300):
                    tiles[ty - y0:ty - y0 + 250, tx - x0:tx - x0 + 250] = tile
            frosted = frosted * (1 - 0.35 * tiles) + 0.55 * 0.35 * tiles
            page[y0:y1, x0:x1] = frosted
            coverage[y0:y1, x0:x1] = 1.0
    return page


def draw_status(page, time_text):
    text = text_layer((page.shape[1], 140), [(150, 48, time_text, 54, True)])
    page[:140] = page[:140] * (1 - text) + text
    page[62:108, 1100:1190] = page[62:108, 1100:1190] * 0.2 + 0.8
    return page


def draw_card(page, card, d, seed):
    x, y, w, h = SLOTS[card["slot"]]
    x, y = x + d[0], y + d[1]
    colour = np.array(card.get("colour", [0.93, 0.52, 0.18]))
    mask = ws.rounded_mask(w, h, min(w, h) * 0.125 + 4)[:, :, None]
    text = ws.content_layer(w, h, seed + 99)[:, :, None]
    face = colour * (1 - text) + text
    page[y:y + h, x:x + w] = page[y:y + h, x:x + w] * (1 - mask) + face * mask
    return page


def resize(pixels, size):
    """Scaled with Pillow's Lanczos filter, channel by channel in floats."""
    channels = [np.asarray(Image.fromarray(pixels[:, :, c].astype(np.float32), "F").resize(tuple(size), Image.LANCZOS))
                for c in range(3)]
    return np.clip(np.stack(channels, axis=-1).astype(np.float64), 0, 1)


def quantise(pixels, depth):
    """Floats 0..1 to samples: rint(value x maximum), clipped (as widget_scenes.save does)."""
    maximum = 65535 if depth == 16 else 255
    scaled = np.multiply(pixels, maximum)
    np.rint(scaled, out=scaled)
    np.clip(scaled, 0, maximum, out=scaled)
    return scaled.astype(np.uint16 if depth == 16 else np.uint8)


_WRITTEN = {}


def write_png(path, samples, depth, p3, palette=None, key=None):
    """Writes samples as RGB (or as indices with `palette`, N x 3), with widget_scenes' Display P3
    iCCP when p3. With `key` (what the samples are, e.g. a wallpaper at a depth), a file already
    written under the same key is copied instead of encoded again."""
    extra = [(b"iCCP", ws.display_p3_profile())] if p3 else []
    kind = 2
    if palette is not None:
        extra.append((b"PLTE", palette.astype(np.uint8).tobytes()))
        kind = 3
    if key is not None:
        key = repr((key, samples.shape, depth, p3, kind))
        if key in _WRITTEN and os.path.exists(_WRITTEN[key]):
            if os.path.abspath(_WRITTEN[key]) != os.path.abspath(path):
                shutil.copyfile(_WRITTEN[key], path)
            return
    with open(path, "wb") as file:
        file.write(pngfiles.encode(samples, kind, depth, extra, level=0))
    if key is not None:
        _WRITTEN[key] = path


_QUANTISED = {}


def quantised_wallpaper(spec, wall, depth):
    key = (repr(sorted(spec.items())), depth)
    if key not in _QUANTISED:
        if len(_QUANTISED) >= 4:
            _QUANTISED.pop(next(iter(_QUANTISED)))
        _QUANTISED[key] = quantise(wall, depth)
    return _QUANTISED[key]


def palette_for(pixels8):
    """A 256-colour palette (PIL median cut) of an 8-bit picture, as a P image and an N x 3 array."""
    pal_img = Image.fromarray(pixels8, "RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
    colours = np.array(pal_img.getpalette()[:768], np.uint8).reshape(-1, 3)
    return pal_img, colours


def to_palette(pixels8, pal_img, colours):
    """Indices of the nearest palette colour, pixel by pixel (no dithering)."""
    indices = np.asarray(Image.fromarray(pixels8, "RGB").quantize(palette=pal_img, dither=Image.Dither.NONE))
    return indices[:, :, None].copy(), colours


def luminance_levels(a):
    return a @ np.array([0.2126, 0.7152, 0.0722]) * 255


def visibility(wall, R, d, look, slot):
    """How far the widget's background (overlay and blur included, no content) differs from the
    wallpaper it covers: mean |luminance| difference over its interior, in levels of 255."""
    x, y, w, h = R
    piece = wall[y:y + h, x:x + w]
    blur = look.get("blur")
    if blur and (blur.get("slots") is None or slot in blur["slots"]):
        piece = blurred_piece(wall, R, blur)
    if look.get("overlay"):
        c, a = look["overlay"]
        piece = piece * (1 - a) + {"white": 1.0, "black": 0.0, "grey": 0.6}[c] * a
    inset = max(4, min(w, h) * 14 // 100)
    sx, sy = x + d[0], y + d[1]
    here = wall[sy + inset:sy + h - inset, sx + inset:sx + w - inset]
    return float(np.abs(luminance_levels(piece[inset:h - inset, inset:w - inset]) - luminance_levels(here)).mean())


BARE = {"overlay": None, "rim": False, "content": False, "blur": None, "clock": None, "cover": None, "card": None, "status": None}


def paint_scene(scene, out_dir, bare=False):
    """Writes NAME-empty.png and NAME-home.png into out_dir and returns the truth. `bare`: without
    anything drawn over the wallpaper pieces (overlay, rim, content, blur, clock, covers, card,
    status bar) and without resizing, for selfcheck.py."""
    os.makedirs(out_dir, exist_ok=True)
    _BLURRED.clear()
    look = dict(scene["look"], **BARE) if bare else scene["look"]
    pair = dict(scene["pair"], resize=None) if bare else scene["pair"]
    seed = sum(scene["name"].encode()) % 1000
    texture = wallpaper(scene["wallpaper"])
    wall = texture.image
    placed = [(slot, SLOTS[slot], (dx, dy)) for slot, dx, dy in scene["widgets"]]
    coverage = None
    home = paint_widgets(wall, placed, look, seed) if placed else wall
    if look.get("cover"):
        coverage = np.zeros(wall.shape[:2])
        home = apply_covers(home if placed else wall.copy(), look["cover"], coverage)
    roles = pair["roles"]
    empty_widgets = [(s, SLOTS[s], (dx, dy)) for s, dx, dy in pair["empty_widgets"]] if pair.get("empty_widgets") else placed
    shows = {"normal": ([], placed), "swap": (placed, []), "both-empty": ([], []),
             "both-home": (empty_widgets, placed)}[roles]
    pages = {}
    for which, widgets_on in zip(("empty", "home"), shows):
        if not widgets_on:
            pages[which] = wall
        elif widgets_on is placed:
            pages[which] = home
        else:
            pages[which] = paint_widgets(wall, widgets_on, look, seed)

    def own(which):
        """The page as an array of its own, to draw on."""
        other = pages["home" if which == "empty" else "empty"]
        if pages[which] is wall or pages[which] is other:
            pages[which] = pages[which].copy()
        return pages[which]

    card = look.get("card")
    if card:
        d = scene["widgets"][0][1:] if scene["widgets"] else (0, 0)
        draw_card(own("empty"), card, d, seed)
        if card["on"] == "both":
            draw_card(own("home"), card, d, seed)
    if look.get("status"):
        for which, text in zip(("empty", "home"), look["status"]):
            draw_status(own(which), text)
    files = {}
    depth = pair["depth"] if isinstance(pair["depth"], list) else [pair["depth"]] * 2
    palette_mode = pair.get("palette")
    pal = None
    if palette_mode:
        pal = palette_for(quantised_wallpaper(scene["wallpaper"], wall, 8))
    for index, which in enumerate(("empty", "home")):
        page = pages[which]
        plain = page is wall
        same = pages["empty"] is pages["home"]
        info = {"file": f"{scene['name']}-{which}.png", "depth": depth[index], "p3": pair["p3"], "palette": False,
                "rotated_k": 0, "resized_to": None,
                "shows": [{"slot": s, "R": list(R), "d": list(d), "S": [R[0] + d[0], R[1] + d[1], R[2], R[3]]}
                          for s, R, d in shows[index]]}
        resize_opt, rotate_opt = pair.get("resize"), pair.get("rotate")
        if resize_opt and resize_opt["which"] in (which, "both"):
            page, plain, same = resize(page, resize_opt["size"]), False, False
            info["resized_to"] = list(resize_opt["size"])
        if rotate_opt and rotate_opt["which"] in (which, "both"):
            page, plain, same = np.rot90(page, rotate_opt["k"]), False, False
            info["rotated_k"] = rotate_opt["k"]
        path = os.path.join(out_dir, info["file"])
        key = ("wallpaper", repr(sorted(scene["wallpaper"].items()))) if plain else ("same page", scene["name"]) if same else None
        samples8 = (quantised_wallpaper(scene["wallpaper"], wall, 8) if plain else quantise(page, 8)) if palette_mode else None
        if palette_mode and (palette_mode == "both" or palette_mode == which):
            assert depth[index] == 8
            indices, colours = to_palette(samples8, *pal)
            write_png(path, indices, 8, pair["p3"], colours, key=key)
            info["palette"] = True
        elif palette_mode:
            # The other page of a palette pair: the same palette colours, as RGB samples.
            indices, colours = to_palette(samples8, *pal)
            samples = colours[indices[:, :, 0]]
            if depth[index] == 16:
                samples = samples.astype(np.uint16) * 257
            write_png(path, samples, depth[index], pair["p3"])
        elif depth[index] == 16 and pair.get("twin8"):
            # The same picture as the 8-bit page, at 16 bits: each sample x 257.
            samples = (quantised_wallpaper(scene["wallpaper"], wall, 8) if plain else quantise(page, 8)).astype(np.uint16) * 257
            write_png(path, samples, 16, pair["p3"])
        else:
            samples = quantised_wallpaper(scene["wallpaper"], wall, depth[index]) if plain else quantise(page, depth[index])
            write_png(path, samples, depth[index], pair["p3"], key=key)
        info["size"] = [page.shape[1], page.shape[0]]
        files[which] = info
    widgets = []
    for slot, R, d in placed:
        S = (R[0] + d[0], R[1] + d[1], R[2], R[3])
        entry = {"slot": slot, "R": list(R), "d": list(d), "S": list(S),
                 "visible_levels": round(visibility(wall, R, d, look, slot), 3)}
        covered = float(coverage[S[1]:S[1] + S[3], S[0]:S[0] + S[2]].mean()) if coverage is not None else 0.0
        clock = (look.get("clock") or {}).get(slot)
        if clock:
            covered = max(covered, float(clock_layer(R[2], R[3], clock, 0)[1].mean()))
        entry["covered"] = round(covered, 3)
        blur = look.get("blur")
        entry["blurred"] = bool(blur and (blur.get("slots") is None or slot in blur["slots"]))
        widgets.append(entry)
    expect = build_expect(scene)
    if "widgets" in expect:
        for entry in widgets:
            e = expect["widgets"][entry["slot"]]
            if entry["visible_levels"] < 0.15 and entry["covered"] == 0:
                e["may_be_missing"], e["must_report"] = True, False
            if entry["covered"]:
                e["covered"] = entry["covered"]
    symmetry = T.symmetry(scene["wallpaper"], WINDOW)
    return {"name": scene["name"], "class": scene["class"], "device": DEVICE, "layout": LAYOUT, "size": list(SIZE),
            "window": WINDOW, "note": scene["note"], "wallpaper": scene["wallpaper"], "symmetry": symmetry,
            "look": {k: v for k, v in scene["look"].items() if v}, "pair": scene["pair"], "files": files,
            "widgets": widgets, "expect": expect, "bare": bare}
