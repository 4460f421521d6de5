#!/usr/bin/env python3
"""Paints home-screen screenshots with widgets at known rectangles, for testing `backdrop calibrate`.

    python3 paint_scenes.py [OUTDIR [SCENE ...]]          (default OUTDIR: this script's folder)
    python3 paint_scenes.py OUTDIR --without lines,labels,icons,chrome,degrade [SCENE ...]

The second form paints variants without some clutter or degradation, to see what a finder trips
over; it refuses to overwrite the committed fixtures.

Writes NAME.png (the page with widgets), NAME-empty.png (the same wallpaper and chrome without
widgets, where the scene has one) and scenes.json (per scene: device, layout, files, PNG format,
features, and every widget's slot with the exact rectangle painted).

Needs Python 3.11+, Pillow >= 10.1 (its bundled FreeType font, `ImageFont.load_default(size=)`)
and numpy (`pip install numpy`). Deterministic: every random choice comes from a fixed seed. Text
is rendered by the FreeType that Pillow links, so another FreeType version may move a few text
pixels; the widget rectangles never change. The PNGs are committed, so the tests do not need to
run this script.

Why this is independent of Backdrop's own painter (Sources/SampleScreens): that painter was not
read or imitated. Only the slot rectangles come from Backdrop (`backdrop slots --json`, copied
into LAYOUTS below); they are the truth the finder must recover. Everything else is drawn here
from scratch with numpy and Pillow:

* widget outlines are continuous-corner rounded rectangles: each corner is a superellipse
  |x/a|^n + |y/a|^n <= 1 over a = 1.528 r (the length over which Apple's smoothed corner bends)
  with n chosen so that the curve passes through the 45-degree point of a circle of radius r,
  so the curvature rises from zero where the straight edge ends; coverage is computed
  analytically on an 8x8 supersampling grid per pixel, so edges are anti-aliased and the
  straight edges sit exactly on the slot rectangle's pixel boundaries;
* wallpapers are light/dark gradients, a flat iOS colour, or "photos" (sky, sun glow, clouds and
  layered hills);
* widgets are solid colours, widgets with content (text, clock, rings, photo fill), and iOS 26
  glass (15-30 % white over the blurred wallpaper, with a brighter 1-2 px rim);
* clutter that is not a widget: status bar, app icons with labels on the free grid cells, widget
  name labels under each widget, a dock holding 4 icons, the "Search" pill or page dots, and thin
  annotation lines (1-6 px) crossing widgets or ending inside them;
* degradations: Gaussian blur (sigma 0.5 px), sensor-like noise, JPEG-like 8x8 block noise, and
  empty pages whose wallpaper was re-rendered with different noise so exact equality fails;
* PNG kinds: 8-bit RGB, 8-bit RGBA, 16-bit RGB (10-bit values widened) and Adam7-interlaced RGB,
  all written by the small PNG writer below (Pillow writes neither 16-bit RGB nor interlacing),
  an sRGB chunk (with gAMA and cHRM, as libpng recommends), and, written by Pillow, palette,
  greyscale, and an iCCP chunk holding a Display P3 ICC v4 profile built below. Every file is
  read back with Pillow and compared with what was meant.
"""

import hashlib
import json
import math
import os
import struct
import sys
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------------------------
# Slot rectangles in pixels (x, y, width, height), from `backdrop slots --json`.

LAYOUTS = {
    ("iphone-se-1st-gen", "ios14"): dict(scale=2, size=(640, 1136), coverage="measured", slots={
        "small-top-left": (28, 60, 282, 282), "small-top-right": (330, 60, 282, 282), "small-middle-left": (28, 400, 282, 282),
        "small-middle-right": (330, 400, 282, 282), "medium-top": (28, 60, 584, 282), "medium-middle": (28, 400, 584, 282),
        "large-top": (28, 60, 584, 622),
    }),
    ("iphone-se-2nd-gen", "ios18"): dict(scale=2, size=(750, 1334), coverage="measured", slots={
        "small-top-left": (54, 60, 296, 296), "small-top-right": (400, 60, 296, 296), "small-middle-left": (54, 412, 296, 296),
        "small-middle-right": (400, 412, 296, 296), "small-bottom-left": (54, 764, 296, 296), "small-bottom-right": (400, 764, 296, 296),
        "medium-top": (54, 60, 642, 296), "medium-middle": (54, 412, 642, 296), "medium-bottom": (54, 764, 642, 296), "large-top": (54, 60, 642, 648),
        "large-bottom": (54, 412, 642, 648),
    }),
    ("iphone-se-2nd-gen", "ios18-large-icons"): dict(scale=2, size=(750, 1334), coverage="measured", slots={
        "small-top-left": (41, 67, 309, 309), "small-top-right": (399, 67, 309, 309), "small-middle-left": (41, 425, 309, 309),
        "small-middle-right": (399, 425, 309, 309), "small-bottom-left": (41, 783, 309, 309), "small-bottom-right": (399, 783, 309, 309),
        "medium-top": (41, 67, 667, 309), "medium-middle": (41, 425, 667, 309), "medium-bottom": (41, 783, 667, 309), "large-top": (41, 67, 667, 667),
        "large-bottom": (41, 425, 667, 667),
    }),
    ("iphone-12-mini", "ios18-zoom"): dict(scale=3, size=(960, 2079), coverage="measured", slots={
        "small-top-left": (42, 186, 423, 423), "small-top-right": (494, 186, 423, 423), "small-middle-left": (42, 696, 423, 423),
        "small-middle-right": (494, 696, 423, 423), "small-bottom-left": (42, 1206, 423, 423), "small-bottom-right": (494, 1206, 423, 423),
        "medium-top": (42, 186, 875, 423), "medium-middle": (42, 696, 875, 423), "medium-bottom": (42, 1206, 875, 423),
        "large-top": (42, 186, 875, 933), "large-bottom": (42, 696, 875, 933),
    }),
    ("iphone-14-pro", "ios18"): dict(scale=3, size=(1179, 2556), coverage="measured", slots={
        "small-top-left": (81, 240, 474, 474), "small-top-right": (624, 240, 474, 474), "small-middle-left": (81, 828, 474, 474),
        "small-middle-right": (624, 828, 474, 474), "small-bottom-left": (81, 1416, 474, 474), "small-bottom-right": (624, 1416, 474, 474),
        "medium-top": (81, 240, 1017, 474), "medium-middle": (81, 828, 1017, 474), "medium-bottom": (81, 1416, 1017, 474),
        "large-top": (81, 240, 1017, 1062), "large-bottom": (81, 828, 1017, 1062),
    }),
    ("iphone-16-pro", "ios18"): dict(scale=3, size=(1206, 2622), coverage="measured", slots={
        "small-top-left": (87, 261, 486, 486), "small-top-right": (633, 261, 486, 486), "small-middle-left": (87, 873, 486, 486),
        "small-middle-right": (633, 873, 486, 486), "small-bottom-left": (87, 1485, 486, 486), "small-bottom-right": (633, 1485, 486, 486),
        "medium-top": (87, 261, 1032, 486), "medium-middle": (87, 873, 1032, 486), "medium-bottom": (87, 1485, 1032, 486),
        "large-top": (87, 261, 1032, 1098), "large-bottom": (87, 873, 1032, 1098),
    }),
    ("iphone-16-pro", "ios18-large-icons"): dict(scale=3, size=(1206, 2622), coverage="measured", slots={
        "small-top-left": (84, 270, 495, 495), "small-top-right": (626, 270, 495, 495), "small-middle-left": (84, 810, 495, 495),
        "small-middle-right": (626, 810, 495, 495), "small-bottom-left": (84, 1350, 495, 495), "small-bottom-right": (626, 1350, 495, 495),
        "medium-top": (84, 270, 1037, 495), "medium-middle": (84, 810, 1037, 495), "medium-bottom": (84, 1350, 1037, 495),
        "large-top": (84, 270, 1037, 1035), "large-bottom": (84, 810, 1037, 1035),
    }),
    ("iphone-16-pro", "ios26"): dict(scale=3, size=(1206, 2622), coverage="measured", slots={
        "small-top-left": (79, 270, 493, 493), "small-top-right": (635, 270, 493, 493), "small-middle-left": (79, 872, 493, 493),
        "small-middle-right": (635, 872, 493, 493), "small-bottom-left": (79, 1474, 493, 493), "small-bottom-right": (635, 1474, 493, 493),
        "medium-top": (79, 270, 1049, 493), "medium-middle": (79, 872, 1049, 493), "medium-bottom": (79, 1474, 1049, 493),
        "large-top": (79, 270, 1049, 1095), "large-bottom": (79, 872, 1049, 1095),
    }),
    ("iphone-8-plus", "ios14"): dict(scale=3, size=(1242, 2208), coverage="derived", slots={
        "small-top-left": (99, 114, 471, 471), "small-top-right": (672, 114, 471, 471), "small-middle-left": (99, 696, 471, 471),
        "small-middle-right": (672, 696, 471, 471), "small-bottom-left": (99, 1278, 471, 471), "small-bottom-right": (672, 1278, 471, 471),
        "medium-top": (99, 114, 1044, 471), "medium-middle": (99, 696, 1044, 471), "medium-bottom": (99, 1278, 1044, 471),
        "large-top": (99, 114, 1044, 1053), "large-bottom": (99, 696, 1044, 1053),
    }),
    ("iphone-11", "ios14"): dict(scale=2, size=(828, 1792), coverage="measured", slots={
        "small-top-left": (55, 159, 338, 338), "small-top-right": (437, 159, 338, 338), "small-middle-left": (55, 579, 338, 338),
        "small-middle-right": (437, 579, 338, 338), "small-bottom-left": (55, 999, 338, 338), "small-bottom-right": (437, 999, 338, 338),
        "medium-top": (55, 159, 720, 338), "medium-middle": (55, 579, 720, 338), "medium-bottom": (55, 999, 720, 338),
        "large-top": (55, 159, 720, 758), "large-bottom": (55, 579, 720, 758),
    }),
    ("iphone-11", "ios14-zoom"): dict(scale=2, size=(750, 1624), coverage="measured", slots={
        "small-top-left": (46, 142, 310, 310), "small-top-right": (394, 142, 310, 310), "small-middle-left": (46, 522, 310, 310),
        "small-middle-right": (394, 522, 310, 310), "small-bottom-left": (46, 902, 310, 310), "small-bottom-right": (394, 902, 310, 310),
        "medium-top": (46, 142, 658, 310), "medium-middle": (46, 522, 658, 310), "medium-bottom": (46, 902, 658, 310),
        "large-top": (46, 142, 658, 690), "large-bottom": (46, 522, 658, 690),
    }),
    ("iphone-12-pro-max", "ios14"): dict(scale=3, size=(1284, 2778), coverage="measured", slots={
        "small-top-left": (96, 246, 510, 510), "small-top-right": (678, 246, 510, 510), "small-middle-left": (96, 882, 510, 510),
        "small-middle-right": (678, 882, 510, 510), "small-bottom-left": (96, 1518, 510, 510), "small-bottom-right": (678, 1518, 510, 510),
        "medium-top": (96, 246, 1092, 510), "medium-middle": (96, 882, 1092, 510), "medium-bottom": (96, 1518, 1092, 510),
        "large-top": (96, 246, 1092, 1146), "large-bottom": (96, 882, 1092, 1146),
    }),
    ("iphone-16-pro-max", "ios18"): dict(scale=3, size=(1320, 2868), coverage="measured", slots={
        "small-top-left": (114, 276, 510, 510), "small-top-right": (696, 276, 510, 510), "small-middle-left": (114, 912, 510, 510),
        "small-middle-right": (696, 912, 510, 510), "small-bottom-left": (114, 1548, 510, 510), "small-bottom-right": (696, 1548, 510, 510),
        "medium-top": (114, 276, 1092, 510), "medium-middle": (114, 912, 1092, 510), "medium-bottom": (114, 1548, 1092, 510),
        "large-top": (114, 276, 1092, 1146), "large-bottom": (114, 912, 1092, 1146),
    }),
}

HOME_BUTTON = {"iphone-se-1st-gen", "iphone-se-2nd-gen", "iphone-8-plus"}
DYNAMIC_ISLAND = {"iphone-14-pro", "iphone-16-pro", "iphone-16-pro-max"}

# iOS system colours (sRGB, light appearance).
RED, ORANGE, YELLOW, GREEN = (255, 59, 48), (255, 149, 0), (255, 204, 0), (52, 199, 89)
TEAL, BLUE, INDIGO, PINK, PURPLE = (48, 176, 199), (0, 122, 255), (88, 86, 214), (255, 45, 85), (175, 82, 222)


def col(c):
    """A colour as a float32 array in 0...1 from a 0...255 tuple (arrays pass through)."""
    if isinstance(c, np.ndarray) and c.dtype == np.float32:
        return c
    return np.asarray(c, np.float32) / 255.0


# --------------------------------------------------------------------------------------------
# Coverage masks and compositing. Images are float32 arrays (height, width, 3) in 0...1.

def blend(dst, x, y, mask, color, alpha=1.0):
    """Paints `color` (0...255 tuple or float image of the mask's size) through `mask` at (x, y)."""
    H, W = dst.shape[:2]
    mh, mw = mask.shape
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + mw, W), min(y + mh, H)
    if x0 >= x1 or y0 >= y1:
        return
    m = mask[y0 - y:y1 - y, x0 - x:x1 - x] * np.float32(alpha)
    if isinstance(color, np.ndarray) and color.ndim == 3:
        c = color[y0 - y:y1 - y, x0 - x:x1 - x]
    else:
        c = col(color)
    region = dst[y0:y1, x0:x1]
    region += (c - region) * m[..., None]


def squircle_mask(w, h, r, smooth=True, ss=8):
    """Coverage of a w x h rounded rectangle whose straight edges lie on the pixel grid.

    smooth: continuous (superellipse) corners, otherwise circular arcs of radius r."""
    if smooth:
        a = min(1.528 * r, w / 2, h / 2)
        n = math.log(2) / -math.log(1 - (1 - 1 / math.sqrt(2)) * r / a)
    else:
        a = min(r, w / 2, h / 2)
        n = 2.0
    A = int(math.ceil(a))
    mask = np.ones((h, w), np.float32)
    if A == 0:
        return mask
    xs = np.unique(np.concatenate([np.arange(min(A, w)), np.arange(max(w - A, 0), w)]))
    ys = np.unique(np.concatenate([np.arange(min(A, h)), np.arange(max(h - A, 0), h)]))
    o = (np.arange(ss) + 0.5) / ss
    sx = (xs[:, None] + o[None, :]).ravel()
    sy = (ys[:, None] + o[None, :]).ravel()
    dx = np.maximum(np.maximum(a - sx, sx - (w - a)), 0) / a
    dy = np.maximum(np.maximum(a - sy, sy - (h - a)), 0) / a
    inside = (dx[None, :] ** n + dy[:, None] ** n) <= 1.0
    cov = inside.reshape(len(ys), ss, len(xs), ss).mean(axis=(1, 3)).astype(np.float32)
    mask[np.ix_(ys, xs)] = cov
    return mask


def ring_of(w, h, r, t, smooth=True):
    """The band of width t just inside a rounded rectangle's outline."""
    outer = squircle_mask(w, h, r, smooth)
    inner = np.zeros_like(outer)
    inner[t:h - t, t:w - t] = squircle_mask(w - 2 * t, h - 2 * t, max(r - t, 0.5), smooth)
    return np.clip(outer - inner, 0, 1)


def ss_mask(w, h, draw, ss=4):
    """Coverage of shapes drawn by draw(ImageDraw, ss) at ss times the size, box-filtered down."""
    im = Image.new("L", (w * ss, h * ss), 0)
    draw(ImageDraw.Draw(im), ss)
    return np.asarray(im.reduce(ss), np.float32) / 255.0


def disc_mask(d):
    return ss_mask(d, d, lambda g, s: g.ellipse([0, 0, d * s - 1, d * s - 1], fill=255))


def annulus_mask(d, t, start=-90, end=270):
    return ss_mask(d, d, lambda g, s: g.arc([0, 0, d * s - 1, d * s - 1], start, end, fill=255, width=int(t * s)))


_FONTS = {}


def font(px):
    px = max(6, int(round(px)))
    if px not in _FONTS:
        _FONTS[px] = ImageFont.load_default(size=px)
    return _FONTS[px]


def text_mask(text, px):
    f = font(px)
    left, top, right, bottom = f.getbbox(text)
    im = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(im).text((2 - left, 2 - top), text, font=f, fill=255)
    return np.asarray(im, np.float32) / 255.0


def draw_text(dst, x, y, text, px, color, anchor="c", alpha=1.0):
    """Text whose ink box is centred vertically on y and horizontally on x ('c'), starts at x
    ('l') or ends at x ('r')."""
    m = text_mask(text, px)
    mh, mw = m.shape
    left = {"c": x - mw / 2, "l": x - 2, "r": x - mw + 2}[anchor]
    blend(dst, int(round(left)), int(round(y - mh / 2)), m, color, alpha)
    return mw - 4


def box_blur(a, r, passes=3):
    """Approximately Gaussian blur by repeated box filters of radius r (edges clamped)."""
    r = int(r)
    if r <= 0:
        return a.copy()
    out = a.astype(np.float32)
    for _ in range(passes):
        for axis in (0, 1):
            pad = [(0, 0)] * out.ndim
            pad[axis] = (r + 1, r)
            p = np.pad(out, pad, mode="edge")
            c = np.cumsum(p, axis=axis, dtype=np.float64)
            n = out.shape[axis]
            hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
            lo = np.take(c, np.arange(0, n), axis=axis)
            out = ((hi - lo) / (2 * r + 1)).astype(np.float32)
    return out


def gaussian_blur(a, sigma):
    radius = max(1, int(math.ceil(3 * sigma)))
    k = np.exp(-(np.arange(-radius, radius + 1) ** 2) / (2 * sigma * sigma))
    k = (k / k.sum()).astype(np.float32)
    out = a
    for axis in (0, 1):
        pad = [(0, 0)] * out.ndim
        pad[axis] = (radius, radius)
        p = np.pad(out, pad, mode="edge")
        n = out.shape[axis]
        acc = np.zeros_like(out)
        for i, weight in enumerate(k):
            acc += weight * np.take(p, np.arange(i, i + n), axis=axis)
        out = acc
    return out


# --------------------------------------------------------------------------------------------
# Wallpapers.

def grid(W, H):
    return np.arange(W, dtype=np.float32)[None, :], np.arange(H, dtype=np.float32)[:, None]


def ramp(t, stops):
    """Piecewise-linear colour ramp: t (any shape, 0...1) to float colours (..., 3)."""
    stops = [col(s) for s in stops]
    n = len(stops) - 1
    t = np.clip(t, 0, 1) * n
    i = np.minimum(t.astype(np.int32), n - 1)
    f = (t - i)[..., None]
    table = np.stack(stops)
    return table[i] * (1 - f) + table[i + 1] * f


def wp_gradient(W, H, stops, angle=90.0):
    """A linear gradient; angle 90 runs top to bottom."""
    X, Y = grid(W, H)
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    p = X * dx + Y * dy
    lo = min(0, W * dx) + min(0, H * dy)
    hi = max(0, W * dx) + max(0, H * dy)
    return ramp((p - lo) / (hi - lo), stops).astype(np.float32)


def add_blob(img, cx, cy, sigma_x, sigma_y, color, strength):
    H, W = img.shape[:2]
    X, Y = grid(W, H)
    g = np.exp(-((X - cx) ** 2) / (2 * sigma_x ** 2) - ((Y - cy) ** 2) / (2 * sigma_y ** 2)).astype(np.float32)
    img += (col(color) - img) * (g * strength)[..., None]


PHOTO_PALETTES = {
    "day": dict(sky=[(62, 118, 204), (132, 182, 232), (226, 230, 226)], glow=(255, 246, 220), cloud=(255, 255, 255),
                hills=[(120, 150, 132), (82, 122, 96), (52, 88, 66), (30, 58, 44)]),
    "dusk": dict(sky=[(38, 36, 98), (172, 84, 126), (246, 164, 104)], glow=(255, 210, 150), cloud=(255, 190, 170),
                 hills=[(112, 72, 112), (78, 50, 90), (50, 34, 68), (26, 18, 40)]),
    "night": dict(sky=[(6, 10, 30), (22, 32, 74), (64, 58, 118)], glow=(170, 180, 255), cloud=(90, 96, 150),
                  hills=[(28, 32, 58), (18, 22, 42), (11, 13, 28), (5, 6, 14)]),
    "meadow": dict(sky=[(120, 176, 228), (176, 212, 238), (240, 236, 214)], glow=(255, 250, 228), cloud=(255, 255, 255),
                   hills=[(150, 176, 120), (112, 150, 86), (80, 122, 62), (54, 92, 46)]),
}


def wp_photo(W, H, rng, palette):
    """A landscape 'photo': sky, a soft sun glow, clouds and layered hills with soft edges."""
    pal = PHOTO_PALETTES[palette]
    X, Y = grid(W, H)
    img = ramp(np.broadcast_to(Y / (0.62 * H), (H, W)), pal["sky"]).astype(np.float32)
    add_blob(img, rng.uniform(0.2, 0.8) * W, rng.uniform(0.35, 0.5) * H, 0.3 * W, 0.16 * H, pal["glow"], 0.55)
    for _ in range(5):
        add_blob(img, rng.uniform(0, W), rng.uniform(0.05, 0.4) * H, rng.uniform(0.12, 0.3) * W,
                 rng.uniform(0.015, 0.04) * H, pal["cloud"], rng.uniform(0.15, 0.35))
    for k, hill in enumerate(pal["hills"]):
        base = (0.5 + 0.11 * k) * H
        curve = np.full(W, base, np.float32)
        for _ in range(4):
            curve += rng.uniform(0.01, 0.045) * H * np.sin(2 * np.pi * rng.uniform(0.4, 2.5) * np.arange(W) / W + rng.uniform(0, 2 * np.pi))
        cover = np.clip(Y - curve[None, :] + 0.5, 0, 1)
        shade = ramp(np.clip((Y - base) / (0.5 * H), 0, 1), [hill, tuple(int(v * 0.62) for v in hill)])
        img += (shade - img) * cover[..., None]
    return img


def wp_photo_fill(w, h, rng):
    """A small photo-like fill for a widget: a two-colour gradient with soft blobs."""
    hues = [(228, 120, 80), (70, 140, 200), (240, 200, 90), (110, 170, 110), (170, 100, 170), (60, 60, 90)]
    a, b = rng.choice(len(hues), 2, replace=False)
    img = wp_gradient(w, h, [hues[a], hues[b]], rng.uniform(30, 150))
    for _ in range(6):
        add_blob(img, rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.08, 0.3) * w, rng.uniform(0.08, 0.3) * h,
                 hues[rng.integers(len(hues))], rng.uniform(0.3, 0.7))
    return img


# --------------------------------------------------------------------------------------------
# A page: the canvas, the layout's geometry in points, chrome and icons.

class Page:
    def __init__(self, device, layout, wallpaper, appearance):
        spec = LAYOUTS[(device, layout)]
        self.device, self.layout = device, layout
        self.s = spec["scale"]
        self.W, self.H = spec["size"]
        self.slots = spec["slots"]
        self.px = wallpaper.copy()
        self.dark = appearance == "dark"
        self.fg = (255, 255, 255) if self.dark else (20, 20, 24)
        self.home = device in HOME_BUTTON
        sw = self.slots["small-top-left"][2]
        self.icon = int(round(0.39 * sw))
        self.large_icons = layout.endswith("large-icons")
        rows = [self.slots[f"small-{r}-left"][1] for r in ("top", "middle", "bottom") if f"small-{r}-left" in self.slots]
        self.row_pitch = rows[1] - rows[0]
        self.label_px = 12 * self.s
        self.chrome = []

    def p(self, v):
        return int(round(v * self.s))

    def material(self, x, y, w, h, r, tint, alpha, blur_pt=10, smooth=True, rim=0):
        """A translucent rounded rectangle: the wallpaper beneath, blurred and tinted."""
        pad = self.p(blur_pt)
        x0, y0, x1, y1 = max(x - pad, 0), max(y - pad, 0), min(x + w + pad, self.W), min(y + h + pad, self.H)
        under = box_blur(self.px[y0:y1, x0:x1], self.p(blur_pt) / 3)[y - y0:y - y0 + h, x - x0:x - x0 + w]
        face = under + (col(tint) - under) * alpha
        blend(self.px, x, y, squircle_mask(w, h, r, smooth), face)
        if rim:
            blend(self.px, x, y, ring_of(w, h, r, rim, smooth), (255, 255, 255), 0.35)

    # -- chrome ------------------------------------------------------------------------------

    def status_bar(self, time="9:41", battery=0.8):
        s, fg = self.s, self.fg
        if self.home:
            cy = self.p(10)
            draw_text(self.px, self.W / 2, cy, time, 12.5 * s, fg)
            for i in range(4):  # signal bars
                bh = self.p(3 + 2 * i)
                blend(self.px, self.p(6 + 4.5 * i), cy + self.p(5) - bh, np.ones((bh, self.p(3)), np.float32), fg)
            bw, bh, right = self.p(22), self.p(10.5), self.W - self.p(8)
        else:
            cy = self.p(26 if self.device in DYNAMIC_ISLAND else 23)
            draw_text(self.px, self.p(0.165 * self.W / s + 4), cy, time, 17 * s, fg)
            right = self.W - self.p(0.075 * self.W / s + 2)
            bw, bh = self.p(25), self.p(12)
            for i in range(4):
                bar_h = self.p(4 + 2.3 * i)
                bx = right - bw - self.p(48) + self.p(5 * i)
                blend(self.px, bx, cy + self.p(5.5) - bar_h, squircle_mask(self.p(3.2), bar_h, self.p(1), False), fg)
            # Wi-Fi: three arcs and a dot.
            d = self.p(17)
            wx = right - bw - self.p(24)
            lift = self.p(2)
            wifi = ss_mask(d, d, lambda g, k: [g.arc([(d - dd) * k / 2, (d - dd) * k / 2 + lift * k, (d + dd) * k / 2, (d + dd) * k / 2 + lift * k],
                                                     225, 315, fill=255, width=int(self.p(1.8) * k)) for dd in (d, d * 0.64, d * 0.28)])
            blend(self.px, wx, cy - d // 2, wifi, fg)
        bx, by = right - bw, cy - bh // 2
        blend(self.px, bx, by, ring_of(bw, bh, self.p(3.5), max(1, self.p(1)), False), fg, 0.45)
        inset = self.p(2)
        blend(self.px, bx + inset, by + inset, squircle_mask(int((bw - 2 * inset) * battery), bh - 2 * inset, self.p(1.5), False), fg)
        blend(self.px, right + self.p(1), cy - self.p(2), squircle_mask(self.p(1.5), self.p(4), self.p(0.7), False), fg, 0.45)
        self.chrome.append("status-bar")

    def dock_rect(self):
        h = self.icon + self.p(26)
        if self.home:
            return self.p(4), self.H - self.p(4) - h, self.W - 2 * self.p(4), h, self.p(18)
        return self.p(12), self.H - self.p(12) - h, self.W - 2 * self.p(12), h, self.p(38)

    def icon_columns(self):
        left, right = self.slots["small-top-left"], self.slots["small-top-right"]
        return [left[0], left[0] + left[2] - self.icon, right[0], right[0] + right[2] - self.icon]

    def dock(self, glass=False, rng=None):
        x, y, w, h, r = self.dock_rect()
        if glass:
            self.material(x, y, w, h, r, (255, 255, 255), 0.18, blur_pt=4, rim=self.p(0.7))
        else:
            self.material(x, y, w, h, r, (30, 30, 36) if self.dark else (245, 245, 250), 0.32, blur_pt=12)
        for i, ix in enumerate(self.icon_columns()):
            self.app_icon(ix, y + (h - self.icon) // 2, 40 + i, label=None)
        self.chrome.append("dock")

    def lowest_content(self):
        bottoms = [y + h for (x, y, w, h) in self.slots.values()]
        return max(bottoms) + (0 if self.large_icons else self.p(22))

    def pill_or_dots(self, prefer="pill", dots=3, active=0, glass=False):
        """The 'Search' pill (iOS 16+) or page dots between the last row and the dock."""
        top = self.lowest_content()
        dock_top = self.dock_rect()[1]
        band = dock_top - top
        pw, ph = self.p(92), self.p(30)
        if prefer == "pill" and band >= ph + self.p(10):
            cy = top + band // 2
            x, y = (self.W - pw) // 2, cy - ph // 2
            self.material(x, y, pw, ph, ph / 2, (255, 255, 255) if not self.dark or glass else (60, 60, 66), 0.3,
                          blur_pt=8, smooth=False, rim=self.p(0.7) if glass else 0)
            d, t = self.p(11), max(1, self.p(1.6))
            gx = x + self.p(14)
            blend(self.px, gx, cy - self.p(7), annulus_mask(d, t), self.fg, 0.9)
            handle = ss_mask(self.p(6), self.p(6), lambda g, k: g.line([0, 0, self.p(4.5) * k, self.p(4.5) * k], fill=255, width=int(t * k)))
            blend(self.px, gx + d - self.p(3), cy - self.p(7) + d - self.p(3), handle, self.fg, 0.9)
            draw_text(self.px, gx + d + self.p(6), cy, "Search", 14.5 * self.s, self.fg, anchor="l", alpha=0.9)
            self.chrome.append("search-pill")
        else:
            cy = top + band // 2
            d, gap = self.p(7), self.p(16)
            x0 = self.W // 2 - (dots - 1) * gap // 2 - d // 2
            for i in range(dots):
                blend(self.px, x0 + i * gap, cy - d // 2, disc_mask(d), self.fg, 0.95 if i == active else 0.35)
            self.chrome.append("page-dots")

    # -- icons -------------------------------------------------------------------------------

    ICON_COLOURS = [((255, 94, 58), (255, 42, 104)), ((90, 200, 250), (0, 122, 255)), ((76, 217, 100), (40, 160, 70)),
                    ((255, 219, 76), (255, 149, 0)), ((200, 110, 255), (120, 60, 220)), ((240, 240, 244), (205, 205, 212)),
                    ((60, 60, 68), (20, 20, 24)), ((255, 120, 180), (230, 40, 120)), ((130, 230, 220), (40, 170, 180))]
    NAMES = ["Maps", "Mail", "Music", "Notes", "Photos", "Camera", "Clock", "Files", "Books", "Podcasts", "Wallet",
             "Settings", "Health", "Home", "Weather", "Stocks", "Safari", "Phone", "Messages", "Calendar"]

    def app_icon(self, x, y, seed, label=True):
        size = self.icon
        a, b = self.ICON_COLOURS[seed % len(self.ICON_COLOURS)]
        face = wp_gradient(size, size, [a, b], 90)
        glyph = seed % 4
        if glyph == 0:
            m = disc_mask(size // 2)
            blend(face, size // 4, size // 4, m, (255, 255, 255), 0.9)
        elif glyph == 1:
            m = annulus_mask(size // 2, size // 12)
            blend(face, size // 4, size // 4, m, (255, 255, 255))
        elif glyph == 2:
            blend(face, size // 4, size // 3, squircle_mask(size // 2, size // 3, size // 16), (255, 255, 255), 0.92)
        else:
            draw_text(face, size / 2, size / 2, "Aa"[seed % 2] + "bcdefgh"[seed % 7], size * 0.42, (255, 255, 255))
        blend(self.px, x, y, squircle_mask(size, size, 0.2237 * size), face)
        if label and not self.large_icons:
            name = self.NAMES[seed % len(self.NAMES)]
            draw_text(self.px, x + size / 2, y + size + self.p(5) + self.label_px * 0.4, name, self.label_px, self.fg, alpha=0.95)

    def icons_in_free_cells(self, occupied):
        """App icons (2 x 2 per small slot) wherever no widget is placed."""
        seed = 0
        for row in ("top", "middle", "bottom"):
            for side in ("left", "right"):
                key = f"small-{row}-{side}"
                if key not in self.slots:
                    continue
                x, y, w, h = self.slots[key]
                if any(intersects((x, y, w, h), o) for o in occupied):
                    continue
                for dy in (0, self.row_pitch // 2):
                    for ix in (x, x + w - self.icon):
                        self.app_icon(ix, y + dy, seed + 3 * len(self.NAMES) // 7)
                        seed += 1
        return seed


def intersects(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


# --------------------------------------------------------------------------------------------
# Widgets.

def widget_face(page, rect, style, rng):
    """The widget's face as a float image of the rectangle's size (before its outline mask)."""
    x, y, w, h = rect
    s = page.s
    kind = style["kind"]
    p = page.p
    if kind == "solid":
        face = np.empty((h, w, 3), np.float32)
        face[:] = col(style["color"])
        return face
    if kind == "glass":
        pad = p(12)
        x0, y0 = max(x - pad, 0), max(y - pad, 0)
        region = page.px[y0:min(y + h + pad, page.H), x0:min(x + w + pad, page.W)]
        face = box_blur(region, p(3))[y - y0:y - y0 + h, x - x0:x - x0 + w]
        face = face + (1 - face) * np.float32(style["alpha"])
        content = style.get("content")
        if content == "weather":
            draw_text(face, p(16), p(22), "Cupertino", 15 * s, (255, 255, 255), "l")
            draw_text(face, p(16), p(58), "21°", 40 * s, (255, 255, 255), "l")
            draw_text(face, p(16), h - p(34), "Mostly Sunny", 13 * s, (255, 255, 255), "l")
            draw_text(face, p(16), h - p(17), "H:24° L:12°", 13 * s, (255, 255, 255), "l", 0.85)
        elif content == "clock":
            clock(face, w, h, p, (255, 255, 255), (255, 255, 255), ring_only=True)
        elif content == "calendar":
            draw_text(face, p(18), p(24), "TUESDAY", 13 * s, (255, 120, 110), "l")
            draw_text(face, p(18), p(62), "14", 44 * s, (255, 255, 255), "l")
            for i in range(4):
                yy = p(110) + i * p(44)
                blend(face, p(18), yy, squircle_mask(p(4), p(34), p(2), False), [BLUE, GREEN, ORANGE, PURPLE][i])
                draw_text(face, p(30), yy + p(9), ["Design review", "Lunch with Sam", "Dentist", "Flight to SFO"][i], 14 * s, (255, 255, 255), "l")
                draw_text(face, p(30), yy + p(26), ["10:00 - 11:00", "12:30", "15:15", "19:40"][i], 12 * s, (255, 255, 255), "l", 0.7)
        return face
    if kind == "photo":
        face = wp_photo_fill(w, h, rng)
        if style.get("caption"):
            draw_text(face, p(14), h - p(20), style["caption"], 15 * s, (255, 255, 255), "l")
        return face
    if kind == "weather":
        face = wp_gradient(w, h, [(78, 150, 232), (38, 96, 200)], 90)
        blend(face, w - p(52), p(14), disc_mask(p(34)), (255, 214, 10))
        draw_text(face, p(16), p(22), "Cupertino", 15 * s, (255, 255, 255), "l")
        draw_text(face, p(16), p(60), "21°", 42 * s, (255, 255, 255), "l")
        draw_text(face, p(16), h - p(34), "Sunny", 13 * s, (255, 255, 255), "l")
        draw_text(face, p(16), h - p(17), "H:24° L:12°", 13 * s, (255, 255, 255), "l")
        return face
    if kind == "calendar":
        face = np.ones((h, w, 3), np.float32)
        draw_text(face, p(16), p(22), "TUESDAY", 12 * s, RED, "l")
        draw_text(face, p(16), p(56), "14", 40 * s, (20, 20, 24), "l")
        n = 2 if h < w * 1.2 and w < 2.5 * h and w < p(250) else 3
        x_text = p(16) if w < p(250) else p(180)
        y_text = p(92) if w < p(250) else p(22)
        for i in range(n):
            yy = y_text + i * p(22)
            blend(face, x_text, yy, squircle_mask(p(3), p(18), p(1.5), False), [BLUE, GREEN, ORANGE][i])
            event = ["Standup", "Lunch", "Gym"][i] + (" with the team" if w > p(250) else "")
            draw_text(face, x_text + p(9), yy + p(9), event, 13 * s, (30, 30, 34), "l")
        return face
    if kind == "reminders":
        face = np.ones((h, w, 3), np.float32)
        blend(face, p(14), p(12), disc_mask(p(28)), BLUE)
        draw_text(face, w - p(16), p(26), "4", 26 * s, (20, 20, 24), "r")
        for i, item in enumerate(["Milk", "Call mum", "Tickets", "Pay rent"]):
            yy = p(62) + i * p(24)
            blend(face, p(14), yy - p(7), annulus_mask(p(14), p(1.5)), (190, 190, 196))
            draw_text(face, p(36), yy, item, 14 * s, (30, 30, 34), "l")
        return face
    if kind == "clock":
        face = np.empty((h, w, 3), np.float32)
        face[:] = col(style.get("color", (255, 255, 255)))
        dark_face = face[0, 0].mean() < 0.5
        clock(face, w, h, p, (235, 235, 240) if dark_face else (20, 20, 24), RED)
        return face
    if kind == "rings":
        face = np.empty((h, w, 3), np.float32)
        face[:] = col(style.get("color", (0, 0, 0)))
        c = min(w, h)
        for i, (colour, frac) in enumerate([((250, 17, 79), 0.8), ((166, 255, 0), 0.55), ((0, 255, 246), 0.35)]):
            d = int(c * (0.62 - 0.16 * i))
            t = p(11)
            off = (w - d) // 2, (h - d) // 2 + p(6)
            blend(face, off[0], off[1], annulus_mask(d, t), tuple(v // 4 for v in colour))
            blend(face, off[0], off[1], annulus_mask(d, t, -90, -90 + 360 * frac), colour)
        draw_text(face, p(14), p(18), "Activity", 13 * s, (235, 235, 240), "l")
        return face
    if kind == "music":
        face = wp_gradient(w, h, [(92, 40, 60), (36, 18, 30)], 0)
        art = min(h - p(32), p(120))
        blend(face, p(16), p(16), squircle_mask(art, art, p(8)), wp_photo_fill(art, art, rng))
        tx = p(16) + art + p(16)
        draw_text(face, tx, p(34), "Now Playing", 13 * s, (255, 255, 255), "l", 0.7)
        draw_text(face, tx, p(58), "Midnight City", 17 * s, (255, 255, 255), "l")
        draw_text(face, tx, p(80), "M83", 14 * s, (255, 255, 255), "l", 0.7)
        bar_w = w - tx - p(20)
        blend(face, tx, h - p(30), squircle_mask(bar_w, p(4), p(2), False), (255, 255, 255), 0.3)
        blend(face, tx, h - p(30), squircle_mask(bar_w * 2 // 5, p(4), p(2), False), (255, 255, 255), 0.9)
        return face
    if kind == "note":
        face = np.empty((h, w, 3), np.float32)
        face[:] = col(style["color"])
        ink = style.get("ink", (150, 150, 156))
        draw_text(face, p(16), p(22), style.get("title", "Notes"), 15 * s, style.get("accent", (255, 204, 0)), "l")
        notes = ["Groceries", "Ideas for the trip", "Books to read", "Passwords? no", "Gift list", "Recipes"]
        for i, line in enumerate(notes[: max(2, (h - p(60)) // p(24))]):
            draw_text(face, p(16), p(56) + i * p(24), line, 14 * s, ink, "l")
        return face
    raise ValueError(kind)


def clock(face, w, h, p, ink, accent, ring_only=False):
    d = min(w, h) - p(28)
    ox, oy = (w - d) // 2, (h - d) // 2
    blend(face, ox, oy, annulus_mask(d, p(2)), ink, 0.8)
    c = d / 2

    def hands(g, k):
        for i in range(12):
            a = 2 * math.pi * i / 12
            r0, r1 = c * 0.82, c * 0.93
            g.line([(c + r0 * math.sin(a)) * k, (c - r0 * math.cos(a)) * k, (c + r1 * math.sin(a)) * k, (c - r1 * math.cos(a)) * k],
                   fill=255, width=int(p(2) * k))
        if not ring_only:
            for a, r in ((math.radians(305), 0.5), (math.radians(45), 0.75)):
                g.line([c * k, c * k, (c + c * r * math.sin(a)) * k, (c - c * r * math.cos(a)) * k], fill=255, width=int(p(3.5) * k))

    blend(face, ox, oy, ss_mask(d, d, hands), ink)
    if not ring_only:
        sec = ss_mask(d, d, lambda g, k: g.line([c * k, c * k, (c + 0.85 * c * math.sin(2.1)) * k, (c - 0.85 * c * math.cos(2.1)) * k],
                                                fill=255, width=int(p(1.2) * k)))
        blend(face, ox, oy, sec, accent)


def paint_widget(page, rect, style, rng):
    x, y, w, h = rect
    face = widget_face(page, rect, style, rng)
    r = style.get("radius_pt", 22) * page.s
    blend(page.px, x, y, squircle_mask(w, h, r), face)
    if style["kind"] == "glass":
        rim = ring_of(w, h, r, style.get("rim", 2))
        X, Y = grid(w, h)
        angle = np.arctan2(Y - h / 2, X - w / 2)
        glint = (0.35 + 0.55 * np.abs(np.cos(angle - math.pi / 4))).astype(np.float32)
        blend(page.px, x, y, rim * glint, (255, 255, 255), 0.75)


def widget_label(page, rect, name):
    x, y, w, h = rect
    draw_text(page.px, x + w / 2, y + h + page.p(5) + page.label_px * 0.4, name, page.label_px, page.fg, alpha=0.95)


# --------------------------------------------------------------------------------------------
# Annotations and degradations.

def draw_lines(img, lines, ss=4):
    """Anti-aliased straight lines [{'from': (x, y), 'to': (x, y), 'width': px, 'color': rgb}]."""
    H, W = img.shape[:2]
    for line in lines:
        (xa, ya), (xb, yb), t = line["from"], line["to"], line["width"]
        x0, y0 = int(max(min(xa, xb) - t - 2, 0)), int(max(min(ya, yb) - t - 2, 0))
        x1, y1 = int(min(max(xa, xb) + t + 3, W)), int(min(max(ya, yb) + t + 3, H))
        m = ss_mask(x1 - x0, y1 - y0, lambda g, k: g.line([(xa - x0) * k, (ya - y0) * k, (xb - x0) * k, (yb - y0) * k],
                                                          fill=255, width=int(round(t * k))), ss)
        blend(img, x0, y0, m, line["color"])


def dimension_line(rect, frac, width, color, tick):
    """A horizontal measuring line from the widget's left edge to its right edge, with end ticks."""
    x, y, w, h = rect
    yy = y + h * frac
    return [dict({"from": (x, yy), "to": (x + w, yy), "width": width, "color": color}),
            dict({"from": (x + width / 2, yy - tick), "to": (x + width / 2, yy + tick), "width": width, "color": color}),
            dict({"from": (x + w - width / 2, yy - tick), "to": (x + w - width / 2, yy + tick), "width": width, "color": color})]


def jpeg_like(img, rng, amplitude):
    """Adds 8x8 block artefacts as a JPEG encoder leaves them: each block and channel gets a few
    low-frequency DCT patterns, faint in flat blocks and strong where the block has detail."""
    H, W = img.shape[:2]
    hb, wb = (H + 7) // 8, (W + 7) // 8
    padded = np.pad(img, ((0, hb * 8 - H), (0, wb * 8 - W), (0, 0)), mode="edge")
    blocks = padded.reshape(hb, 8, wb, 8, 3)
    detail = np.clip((blocks.max(axis=(1, 3)) - blocks.min(axis=(1, 3))).max(axis=-1) / 0.08, 0, 1)  # (hb, wb)
    u = np.arange(8)
    basis = [np.outer(np.cos(np.pi * (u + 0.5) * i / 8), np.cos(np.pi * (u + 0.5) * j / 8))
             for i, j in ((0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (2, 0))]
    basis = np.stack(basis).astype(np.float32)  # (6, 8, 8)
    strength = (0.15 + 0.85 * detail)[:, :, None, None] * np.float32(amplitude / 255)
    coef = rng.uniform(-1, 1, (hb, wb, 3, 6)).astype(np.float32) * strength * np.array([1, .7, .7, .5, .4, .4], np.float32)
    pattern = np.einsum("bwck,kij->biwjc", coef, basis).reshape(hb * 8, wb * 8, 3)
    return img + pattern[:H, :W]


# --------------------------------------------------------------------------------------------
# PNG output. Pillow writes the palette, greyscale and iCCP files; the writer below writes the
# rest: 8-bit RGB and RGBA, 16-bit samples (Pillow cannot), Adam7 interlacing (Pillow cannot)
# and the sRGB, gAMA and cHRM chunks. Every file is read back with Pillow and compared.

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_filter(raw, bpp, strategy):
    """Filtered scanlines: every row with filter `strategy` (0-4), or, for 'adaptive', each row with
    the filter whose residuals are smallest (sum of absolute values)."""
    x = raw.astype(np.int16)
    a = np.zeros_like(x)
    a[:, bpp:] = x[:, :-bpp]
    b = np.zeros_like(x)
    b[1:] = x[:-1]
    c = np.zeros_like(x)
    c[1:, bpp:] = x[:-1, :-bpp]
    p = a + b - c
    pa, pb, pc = np.abs(p - a), np.abs(p - b), np.abs(p - c)
    paeth = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
    candidates = [(v & 0xFF).astype(np.uint8) for v in (x, x - a, x - b, x - ((a + b) >> 1), x - paeth)]
    if strategy == "adaptive":
        scores = np.stack([np.abs(v.view(np.int8).astype(np.int32)).sum(axis=1) for v in candidates])
        best = scores.argmin(axis=0)
    else:
        best = np.full(raw.shape[0], strategy)
    out = np.empty((raw.shape[0], raw.shape[1] + 1), np.uint8)
    out[:, 0] = best
    for f, v in enumerate(candidates):
        rows = best == f
        out[rows, 1:] = v[rows]
    return out.tobytes()


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def write_png(path, pixels, interlace=False, extra_chunks=()):
    """pixels: uint8 or uint16 array (h, w) grey or (h, w, 3|4) RGB(A). Tries the adaptive filter
    choice and each fixed filter, keeps the smallest stream, and splits it into 64 KiB IDATs."""
    if pixels.ndim == 2:
        pixels = pixels[..., None]
    h, w, channels = pixels.shape
    depth = 16 if pixels.dtype == np.uint16 else 8
    colour_type = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    bpp = channels * depth // 8
    data = pixels.astype(">u2") if depth == 16 else pixels.astype(np.uint8)
    images = [data[ys::dy, xs::dx] for xs, ys, dx, dy in ADAM7 if xs < w and ys < h] if interlace else [data]
    streams = []
    for strategy in ("adaptive", 0, 1, 2, 3, 4):
        raw = b"".join(png_filter(np.ascontiguousarray(img).view(np.uint8).reshape(img.shape[0], -1), bpp, strategy) for img in images)
        streams.append(zlib.compress(raw, 9))
    stream = min(streams, key=len)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour_type, 0, 0, 1 if interlace else 0))
    for kind, payload in extra_chunks:
        out += png_chunk(kind, payload)
    for start in range(0, len(stream), 65536):
        out += png_chunk(b"IDAT", stream[start:start + 65536])
    out += png_chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(out)


SRGB_CHUNKS = [(b"sRGB", b"\x00"), (b"gAMA", struct.pack(">I", 45455)),
               (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))]


def display_p3_icc():
    """A Display P3 ICC v4 display profile: P3 primaries, D65 white adapted to D50 with Bradford,
    the sRGB transfer curve as a parametric curve."""
    def xyz(x, y):
        return np.array([x / y, 1.0, (1 - x - y) / y])
    prim = np.stack([xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060)], axis=1)
    d65, d50 = xyz(0.3127, 0.3290), np.array([0.9642, 1.0, 0.8249])
    to_xyz = prim * np.linalg.solve(prim, d65)[None, :]
    brad = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    chad = np.linalg.inv(brad) @ np.diag((brad @ d50) / (brad @ d65)) @ brad
    colorants = chad @ to_xyz

    def s15(v):
        return struct.pack(">i", int(round(v * 65536)))

    def xyz_tag(v):
        return b"XYZ \0\0\0\0" + b"".join(s15(c) for c in v)

    def mluc(text):
        t = text.encode("utf-16-be")
        return b"mluc\0\0\0\0" + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(t), 28) + t

    trc = b"para\0\0\0\0" + struct.pack(">HH", 3, 0) + b"".join(s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    tags = [(b"desc", mluc("Display P3")), (b"cprt", mluc("No copyright, use freely")), (b"wtpt", xyz_tag(d50)),
            (b"rXYZ", xyz_tag(colorants[:, 0])), (b"gXYZ", xyz_tag(colorants[:, 1])), (b"bXYZ", xyz_tag(colorants[:, 2])),
            (b"rTRC", trc), (b"gTRC", trc), (b"bTRC", trc),
            (b"chad", b"sf32\0\0\0\0" + b"".join(s15(v) for v in chad.flatten()))]
    table, body, offsets = b"", b"", {}
    offset = 128 + 4 + 12 * len(tags)
    for sig, data in tags:
        if data not in offsets:
            offsets[data] = offset + len(body)
            body += data + b"\0" * (-len(data) % 4)
        table += sig + struct.pack(">II", offsets[data], len(data))
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"\0\0\0\0" + bytes([4, 0x30, 0, 0]) + b"mntrRGB XYZ " + struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
              + b"acspAPPL" + b"\0" * 4 + b"\0" * 8 + b"\0" * 8 + b"\0" * 4 + s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 4
              + b"\0" * 16 + b"\0" * 28)
    assert len(header) == 128
    profile = bytearray(header + struct.pack(">I", len(tags)) + table + body)
    profile[84:100] = hashlib.md5(bytes(profile)).digest()  # flags, intent and ID are zero here
    return bytes(profile)


def to_uint8(img):
    return np.clip(np.round(img * 255), 0, 255).astype(np.uint8)


def save(path, img, fmt):
    """Writes the float image as one of the PNG kinds, then reads it back with Pillow to check."""
    rgb = to_uint8(img)
    if fmt == "rgb8":
        write_png(path, rgb)
    elif fmt == "rgba8":
        write_png(path, np.concatenate([rgb, np.full(rgb.shape[:2] + (1,), 255, np.uint8)], axis=2))
    elif fmt == "rgb16":
        # 10-bit precision widened to 16 bits by bit replication, as 10-bit sources are saved.
        v10 = np.clip(np.round(img * 1023), 0, 1023).astype(np.uint16)
        rgb = ((v10 << 6) | (v10 >> 4)) >> 8  # what an 8-bit reader sees
        write_png(path, (v10 << 6) | (v10 >> 4))
    elif fmt == "rgb8-interlaced":
        write_png(path, rgb, interlace=True)
    elif fmt == "rgb8-srgb":
        write_png(path, rgb, extra_chunks=SRGB_CHUNKS)
    elif fmt == "rgb8-p3":
        Image.fromarray(rgb, "RGB").save(path, optimize=True, icc_profile=display_p3_icc())
    elif fmt == "palette":
        quantized = Image.fromarray(rgb, "RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        quantized.save(path, optimize=True)
        rgb = np.asarray(quantized.convert("RGB"))
    elif fmt == "grey":
        grey = Image.fromarray(rgb, "RGB").convert("L")
        grey.save(path, optimize=True)
        rgb = np.asarray(grey)
    else:
        raise ValueError(fmt)
    with Image.open(path) as back:
        back = back.convert("RGB") if back.mode in ("RGBA", "P") else back
        assert back.size == (img.shape[1], img.shape[0]) and np.array_equal(np.asarray(back), rgb), path


FORMAT_NOTES = {
    "rgb8": "8-bit RGB (own writer)",
    "rgba8": "8-bit RGBA, opaque (own writer)",
    "rgb16": "16-bit RGB, 10-bit values widened by bit replication (own writer)",
    "rgb8-interlaced": "8-bit RGB, Adam7 interlaced (own writer)",
    "rgb8-srgb": "8-bit RGB with sRGB, gAMA and cHRM chunks (own writer)",
    "rgb8-p3": "8-bit RGB with an iCCP chunk: Display P3 ICC v4 (Pillow)",
    "palette": "palette (P), 256 colours, median cut, no dither (Pillow)",
    "grey": "8-bit greyscale (L) (Pillow)",
}


# --------------------------------------------------------------------------------------------
# The scenes.

def S(name, device, layout, widgets, **kw):
    return dict(name=name, device=device, layout=layout, widgets=widgets, **kw)


def solid(c, name=None):
    return dict(kind="solid", color=c, name=name)


SCENES = [
    # Solid widgets, no empty page.
    S("black-on-light-16pro", "iphone-16-pro", "ios18",
      [(f"small-{r}-{c}", solid((0, 0, 0))) for r in ("top", "middle", "bottom") for c in ("left", "right")],
      wallpaper=("gradient", [(238, 228, 250), (250, 238, 224), (222, 240, 246)], 110), appearance="light", fmt="rgb8",
      lines=lambda R: [dict({"from": (0, R["small-top-left"][1] + 243), "to": (1206, R["small-top-left"][1] + 243), "width": 3, "color": RED}),
                       dict({"from": (900.5, 0), "to": (900.5, R["small-middle-right"][1] + 250), "width": 1, "color": BLUE})],
      pill="pill", seed=101),
    S("white-on-dark-14pro", "iphone-14-pro", "ios18",
      [("medium-top", solid((255, 255, 255))), ("small-middle-left", solid((255, 255, 255))), ("small-middle-right", solid((255, 255, 255)))],
      wallpaper=("dark", [(30, 34, 70), (12, 12, 24), (2, 2, 6)]), appearance="dark", fmt="rgba8", blur=0.5, icons=True,
      pill="pill", seed=102),
    S("saturated-on-photo-16promax", "iphone-16-pro-max", "ios18",
      [("large-top", solid(RED)), ("small-bottom-left", solid(BLUE)), ("small-bottom-right", solid(YELLOW))],
      wallpaper=("photo", "dusk"), appearance="dark", fmt="rgb8", blur=0.5,
      lines=lambda R: [dict({"from": (0, 1548 + 300), "to": (1320, 1548 + 300), "width": 4, "color": GREEN}),
                       dict({"from": (60, 276 + 380), "to": (1260, 276 + 380), "width": 2, "color": (255, 255, 255)})],
      pill="pill", seed=103),
    S("six-colours-8plus-palette", "iphone-8-plus", "ios14",
      [("small-top-left", solid(BLUE)), ("small-top-right", solid(GREEN)), ("small-middle-left", solid(INDIGO)),
       ("small-middle-right", solid(TEAL)), ("small-bottom-left", solid(PINK)), ("small-bottom-right", solid((20, 20, 24)))],
      wallpaper=("gradient", [(255, 176, 116), (240, 120, 146), (126, 86, 176)], 80), appearance="light", fmt="palette",
      lines=lambda R: [dict({"from": (334.5, 0), "to": (334.5, 2208), "width": 2, "color": RED})],
      pill="dots", seed=104),
    S("black-on-solid-blue-16pro-large-icons", "iphone-16-pro", "ios18-large-icons",
      [("small-top-left", solid((0, 0, 0))), ("small-top-right", solid((0, 0, 0))), ("medium-middle", solid((0, 0, 0))),
       ("medium-bottom", solid((0, 0, 0)))],
      wallpaper=("flat", (40, 110, 230)), appearance="dark", fmt="rgb8", pill="pill", seed=105),
    S("black-six-noisy-se2", "iphone-se-2nd-gen", "ios18",
      [(f"small-{r}-{c}", solid((0, 0, 0))) for r in ("top", "middle", "bottom") for c in ("left", "right")],
      wallpaper=("photo", "meadow"), appearance="light", fmt="rgb8", blur=0.5, noise=0.5, pill="dots", seed=106),
    S("teal-large-icons-se2-interlaced", "iphone-se-2nd-gen", "ios18-large-icons",
      [("medium-top", solid((0, 92, 102))), ("medium-middle", solid((0, 92, 102))), ("small-bottom-left", solid((0, 92, 102))),
       ("small-bottom-right", solid((0, 92, 102)))],
      wallpaper=("gradient", [(246, 240, 226), (214, 226, 236)], 90), appearance="light", fmt="rgb8-interlaced",
      lines=lambda R: [dict({"from": (0, 425 + 154), "to": (750, 425 + 154), "width": 1, "color": (0, 0, 0)}),
                       dict({"from": (520, 67 + 150), "to": (520, 425 + 160), "width": 2, "color": (230, 0, 200)})],
      pill="dots", seed=107),
    S("one-medium-se1-grey", "iphone-se-1st-gen", "ios14",
      [("medium-middle", solid((255, 255, 255)))],
      wallpaper=("gradient", [(90, 96, 110), (40, 44, 52)], 100), appearance="dark", fmt="grey", icons=True, pill="dots", seed=108),
    # With an empty page.
    S("content-p3-16pro", "iphone-16-pro", "ios18",
      [("small-top-left", dict(kind="weather")), ("small-top-right", dict(kind="photo", caption="On this day", name="Photos")),
       ("medium-middle", dict(kind="calendar")), ("small-bottom-left", dict(kind="rings", name="Fitness"))],
      wallpaper=("photo", "day"), appearance="light", fmt="rgb8-p3", empty=dict(fmt="rgb8-p3"), icons=True, pill="pill", seed=109),
    S("glass-16pro-ios26", "iphone-16-pro", "ios26",
      [("small-top-left", dict(kind="glass", alpha=0.18, rim=2, content="weather", name="Weather")),
       ("small-top-right", dict(kind="glass", alpha=0.25, rim=1, content="clock", name="Clock")),
       ("large-bottom", dict(kind="glass", alpha=0.2, rim=2, content="calendar", name="Calendar"))],
      wallpaper=("photo", "day"), appearance="light", fmt="rgb8", empty=dict(fmt="rgb8"), glass=True, pill="pill", seed=110),
    S("glass-six-lines-16pro-ios26", "iphone-16-pro", "ios26",
      [(f"small-{r}-{c}", dict(kind="glass", alpha=a, rim=t, name=n)) for (r, c), a, t, n in zip(
          [(r, c) for r in ("top", "middle", "bottom") for c in ("left", "right")], [0.15, 0.2, 0.3, 0.22, 0.17, 0.26], [1, 2, 2, 1, 2, 1],
          ["Shortcuts", "Home", "Stocks", "Notes", "Batteries", "Tips"])],
      wallpaper=("photo", "night"), appearance="dark", fmt="rgba8", empty=dict(fmt="rgb8"), glass=True,
      lines=lambda R: [dict({"from": (0, 872 + 200), "to": (1206, 872 + 200), "width": 2, "color": RED}),
                       dict({"from": (325.5, 2622), "to": (325.5, 1474 + 246), "width": 5, "color": YELLOW}),
                       dict({"from": (79 + 40, 270 + 30), "to": (635 + 450, 270 + 460), "width": 1.5, "color": (255, 255, 255)})],
      pill="pill", seed=111),
    S("dark-on-dark-11-rgb16", "iphone-11", "ios14",
      [("small-top-left", dict(kind="note", color=(28, 28, 30), name="Notes")),
       ("small-top-right", dict(kind="clock", color=(28, 28, 30), name="Clock")),
       ("large-bottom", dict(kind="note", color=(36, 36, 40), title="Reminders", accent=(10, 132, 255), ink=(120, 120, 128), name="Reminders"))],
      wallpaper=("dark", [(26, 30, 44), (14, 16, 24), (8, 8, 12)]), appearance="dark", fmt="rgb16", empty=dict(fmt="rgb16"), pill="dots",
      tags=["dark-on-dark"], seed=112),
    S("rerendered-noise-se1", "iphone-se-1st-gen", "ios14",
      [("medium-top", dict(kind="music")), ("small-middle-left", dict(kind="clock")), ("small-middle-right", dict(kind="reminders"))],
      wallpaper=("photo", "meadow"), appearance="light", fmt="rgb8", empty=dict(fmt="rgb8", time="9:40"), uniform_noise=2,
      icons=True, pill="dots",
      lines=lambda R: [dict({"from": (0, 60 + 178), "to": (750, 60 + 178), "width": 1, "color": RED}),
                       dict({"from": (202, 0), "to": (202, 412 + 150), "width": 3, "color": ORANGE})],
      seed=113),
    S("jpeg-noise-11zoom", "iphone-11", "ios14-zoom",
      [("small-top-left", dict(kind="photo", name="Photos")), ("small-top-right", dict(kind="rings", color=(0, 0, 0), name="Fitness")),
       ("medium-bottom", dict(kind="music"))],
      wallpaper=("photo", "dusk"), appearance="dark", fmt="rgb8", empty=dict(fmt="rgb8"), jpeg=1.6, icons=True,
      lines=lambda R: dimension_line(R["small-top-left"], 0.5, 6, RED, 24) + dimension_line(R["medium-bottom"], 0.3, 2, (255, 255, 255), 16),
      pill="dots", seed=114),
    S("content-srgb-14pro", "iphone-14-pro", "ios18",
      [("large-top", dict(kind="photo", caption="Trip to the coast", name="Photos")), ("small-bottom-left", dict(kind="weather")),
       ("small-bottom-right", dict(kind="calendar"))],
      wallpaper=("photo", "day"), appearance="light", fmt="rgb8-srgb", empty=dict(fmt="rgb8-srgb"), pill="pill", seed=115),
    S("one-small-12mini-zoom-interlaced", "iphone-12-mini", "ios18-zoom",
      [("small-middle-right", dict(kind="clock", color=(0, 0, 0)))],
      wallpaper=("gradient", [(250, 214, 196), (206, 220, 250)], 70), appearance="light", fmt="rgb8-interlaced",
      empty=dict(fmt="rgb8-interlaced", active_dot=1), icons=True, pill="dots", seed=116),
    S("one-large-photo-12promax", "iphone-12-pro-max", "ios14",
      [("large-bottom", dict(kind="photo", caption="Featured photo", name="Photos"))],
      wallpaper=("photo", "meadow"), appearance="light", fmt="rgba8", empty=dict(fmt="rgba8", active_dot=2), icons=True,
      lines=lambda R: [dict({"from": (0, 882 + 286), "to": (1284, 882 + 286), "width": 2, "color": RED}),
                       dict({"from": (96 + 546, 0), "to": (96 + 546, 882 + 573), "width": 4, "color": BLUE})],
      pill="dots", seed=117),
]

SOLID_NAMES = ["Notes", "Stocks", "Fitness", "Home", "Screen Time", "Shortcuts"]
DEFAULT_NAMES = {"weather": "Weather", "photo": "Photos", "calendar": "Calendar", "reminders": "Reminders", "clock": "Clock",
                 "rings": "Fitness", "music": "Music", "note": "Notes", "glass": "Widget"}


def paint_wallpaper(spec, W, H, rng):
    kind = spec[0]
    if kind == "gradient":
        return wp_gradient(W, H, spec[1], spec[2])
    if kind == "flat":
        img = np.empty((H, W, 3), np.float32)
        img[:] = col(spec[1])
        return img
    if kind == "dark":
        img = wp_gradient(W, H, spec[1], 95)
        add_blob(img, 0.75 * W, 0.3 * H, 0.35 * W, 0.2 * H, (70, 50, 120), 0.35)
        add_blob(img, 0.2 * W, 0.7 * H, 0.3 * W, 0.18 * H, (20, 60, 90), 0.3)
        return img
    if kind == "photo":
        return wp_photo(W, H, rng, spec[1])
    raise ValueError(kind)


# Layouts whose slot rectangles are identical to another's (from `backdrop slots --json`): a
# calibration may name either.
SAME_GEOMETRY = {("iphone-se-2nd-gen", "ios18"): ["iphone-se-2nd-gen ios14"]}

# What `--without` can leave out, to see which feature a finder trips over.
ABLATIONS = {"lines", "labels", "icons", "chrome", "degrade"}


def render(scene, outdir, without=frozenset()):
    device, layout = scene["device"], scene["layout"]
    spec = LAYOUTS[(device, layout)]
    W, H = spec["size"]
    rng = np.random.default_rng(scene["seed"])
    wall = paint_wallpaper(scene["wallpaper"], W, H, rng)
    features = []
    rects = {slot: spec["slots"][slot] for slot, _ in scene["widgets"]}
    placed = list(rects.values())
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert not intersects(a, b), (scene["name"], a, b)

    def chrome(page, time, active_dot):
        if "chrome" in without:
            return
        page.status_bar(time)
        page.dock(glass=scene.get("glass", False))
        page.pill_or_dots(scene.get("pill", "pill"), active=active_dot, glass=scene.get("glass", False))

    shot = Page(device, layout, wall, scene["appearance"])
    chrome(shot, "9:41", 0)
    if scene.get("icons") and "icons" not in without:
        if shot.icons_in_free_cells(placed):
            features.append("app-icons")
    widgets = []
    labels = not shot.large_icons and "labels" not in without
    for i, (slot, style) in enumerate(scene["widgets"]):
        rect = rects[slot]
        paint_widget(shot, rect, style, np.random.default_rng(scene["seed"] * 100 + i))
        name = style.get("name") or (SOLID_NAMES[i % len(SOLID_NAMES)] if style["kind"] == "solid" else DEFAULT_NAMES[style["kind"]])
        if labels:
            widget_label(shot, rect, name)
        desc = {"solid": lambda s: "solid #%02x%02x%02x" % tuple(s["color"]),
                "glass": lambda s: "glass %d%% white, %d px rim%s" % (round(s["alpha"] * 100), s.get("rim", 2),
                                                                      ", " + s["content"] if s.get("content") else "")}
        widgets.append({"slot": slot, "family": slot.split("-")[0], "rect": list(rect),
                        "style": desc.get(style["kind"], lambda s: s["kind"] + " content")(style), "must_find": True})
    if labels:
        features.append("widget-labels")
    features += scene.get("tags", []) + shot.chrome
    lines = scene["lines"](rects) if "lines" in scene and "lines" not in without else []
    if lines:
        draw_lines(shot.px, lines)
        features.append("lines")
        if any(ends_inside(line, placed) for line in lines):
            features.append("line-ends-inside-widget")
    kinds = {style["kind"] for _, style in scene["widgets"]}
    features[:0] = [("solid-widgets" if kinds == {"solid"} else "content-widgets" if "glass" not in kinds else "glass-widgets")]
    if len({str(style.get("color")) for _, style in scene["widgets"]}) > 1 and kinds == {"solid"}:
        features.insert(1, "several-colours")
    if len(scene["widgets"]) == 1:
        features.insert(1, "single-widget")
    kind = scene["wallpaper"][0]
    wallpaper = {"gradient": "gradient-wallpaper", "flat": "flat-wallpaper", "dark": "dark-wallpaper", "photo": "photo-wallpaper"}[kind]
    features.insert(1, wallpaper + ("" if kind != "photo" else "-" + scene["wallpaper"][1]))

    images = {"shot": shot.px}
    empty = scene.get("empty")
    if empty is not None:
        page = Page(device, layout, wall, scene["appearance"])
        chrome(page, empty.get("time", "9:41"), empty.get("active_dot", 0))
        images["empty"] = page.px
        features.append("empty-page")
        if "chrome" not in without and (empty.get("time", "9:41") != "9:41" or empty.get("active_dot", 0)):
            features.append("empty-chrome-differs")

    degraded = "degrade" not in without

    def degrade(img, which):
        if not degraded:
            return img
        if scene.get("jpeg"):
            img = jpeg_like(img, np.random.default_rng(scene["seed"] * 10 + (3 if which == "empty" else 1)), scene["jpeg"])
        if scene.get("blur"):
            img = gaussian_blur(img, scene["blur"])
        if scene.get("noise"):
            # Per-pixel noise shared by the channels (dithering-like).
            img = img + np.random.default_rng(scene["seed"] + 7).normal(0, scene["noise"] / 255, img.shape[:2] + (1,)).astype(np.float32)
        if scene.get("uniform_noise"):
            k = scene["uniform_noise"]
            if which == "empty":  # the empty page was re-rendered with other dithering: +-k levels per pixel
                img = img + np.random.default_rng(scene["seed"] * 10 + 2).integers(-k, k + 1, img.shape[:2] + (1,)).astype(np.float32) / 255
        return img

    for flag, name in (("jpeg", "jpeg-like-noise"), ("blur", "blur-0.5px"), ("noise", "noise"), ("uniform_noise", "empty-noise-2-levels")):
        if scene.get(flag) and degraded:
            features.append(name)
    if empty is not None and degraded and (scene.get("jpeg") or scene.get("uniform_noise")):
        features.append("empty-rerendered")

    files, final = {}, {}
    for which, img in images.items():
        fmt = scene["fmt"] if which == "shot" else empty["fmt"]
        fname = scene["name"] + ("" if which == "shot" else "-empty") + ".png"
        final[which] = degrade(img, which)
        save(os.path.join(outdir, fname), final[which], fmt)
        files[which] = (fname, fmt)
    grey = scene["fmt"] == "grey"
    for widget in widgets:
        widget["edge_contrast"] = edge_contrast(final["shot"], final.get("empty"), widget["rect"], grey)
    return {
        "name": scene["name"], "device": device, "layout": layout, "scale": spec["scale"], "size": [W, H],
        "screenshot": files["shot"][0], "empty": files["empty"][0] if "empty" in files else None,
        "format": files["shot"][1], "empty_format": files["empty"][1] if "empty" in files else None,
        "features": features, "expected_match": [f"{device} {layout}"] + SAME_GEOMETRY.get((device, layout), []),
        "widgets": widgets,
    }


def edge_contrast(shot, empty, rect, grey=False):
    """How far the widget stands out along its straight edges, in levels of 255: the 5th
    percentile and the median, over the middle 80 % of the four sides, of the largest channel
    difference between the widget 3 px inside the edge and what is behind it (the empty page at
    the same pixel, or without one the page 3 px outside the edge)."""
    x, y, w, h = rect
    H, W = shot.shape[:2]
    if grey:
        weights = np.array([0.299, 0.587, 0.114], np.float32)
        shot = (shot @ weights)[..., None]
        empty = None if empty is None else (empty @ weights)[..., None]
    values = []
    ys = np.arange(y + h // 10, y + h - h // 10)
    xs = np.arange(x + w // 10, x + w - w // 10)
    for inside, outside in (((ys, x + 3), (ys, x - 4)), ((ys, x + w - 4), (ys, x + w + 3)),
                            ((y + 3, xs), (y - 4, xs)), ((y + h - 4, xs), (y + h + 3, xs))):
        a = shot[inside[0], inside[1]]
        if empty is not None:
            b = empty[inside[0], inside[1]]
        else:
            oy, ox = outside
            if np.any(np.asarray(ox) < 0) or np.any(np.asarray(ox) >= W) or np.any(np.asarray(oy) < 0) or np.any(np.asarray(oy) >= H):
                continue
            b = shot[oy, ox]
        values.append(np.abs(a - b).max(axis=-1))
    v = np.concatenate(values) * 255
    return {"p5": round(float(np.percentile(v, 5)), 1), "median": round(float(np.median(v)), 1)}


def ends_inside(line, rects):
    for end in (line["from"], line["to"]):
        for (x, y, w, h) in rects:
            if x + 2 < end[0] < x + w - 2 and y + 2 < end[1] < y + h - 2:
                return True
    return False


def main():
    args = sys.argv[1:]
    without = set()
    if "--without" in args:
        i = args.index("--without")
        without = set(args[i + 1].split(","))
        del args[i:i + 2]
        unknown = without - ABLATIONS
        if unknown:
            sys.exit(f"--without takes {', '.join(sorted(ABLATIONS))}; not {', '.join(sorted(unknown))}")
    outdir = args[0] if args else HERE
    only = set(args[1:])
    if (without or only) and os.path.abspath(outdir) == HERE:
        sys.exit("--without and scene names write partial sets: give an OUTDIR other than the fixtures' folder")
    unknown = only - {scene["name"] for scene in SCENES}
    if unknown:
        sys.exit(f"no scene named {', '.join(sorted(unknown))}")
    os.makedirs(outdir, exist_ok=True)
    results = []
    for scene in SCENES:
        if only and scene["name"] not in only:
            continue
        results.append(render(scene, outdir, frozenset(without)))
        print("painted", scene["name"], file=sys.stderr)
    doc = {
        "about": "Scenes painted by paint_scenes.py (independent of Sources/SampleScreens). Each widget's rect is the exact "
                 "slot rectangle painted, [x, y, width, height] in pixels, from `backdrop slots --json`; straight edges lie "
                 "on pixel boundaries, corners are continuous-curvature and anti-aliased. must_find: a good finder finds it. "
                 "edge_contrast: levels of 255 between the widget just inside its straight edges and what is behind it "
                 "(the empty page, or the page just outside). expected_match: the catalog layouts a calibration may name.",
        "formats": FORMAT_NOTES,
        "without": sorted(without),
        "scenes": results,
    }
    with open(os.path.join(outdir, "scenes.json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
