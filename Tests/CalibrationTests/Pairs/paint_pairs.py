#!/usr/bin/env python3
"""Paints pairs of home-screen screenshots, one page empty and the same page with widgets, at
screen sizes no catalog has and on grids no catalog layout has, for testing
`backdrop crop EMPTY --measured-from PLACED`.

    python3 paint_pairs.py [OUTDIR]        (default OUTDIR: this script's folder)

Writes NAME-empty.png, NAME-placed.png and pairs.json (per pair: size, format, the grid, every
widget painted with its slot and exact rectangle, and every slot the grid implies). Needs numpy and
Pillow. Deterministic (fixed seeds). The PNGs are committed, so the tests do not run this script.

Independent of Backdrop: nothing here comes from Backdrop's painter (Sources/SampleScreens) or
its catalog. Wallpapers are smooth gradients with blobs and noise, re-rendered for the placed
screenshot with fresh noise of a few levels (as a phone re-renders the wallpaper) and, where
asked, shifted by a pixel (parallax). Widgets are rounded rectangles whose straight edges lie on
the slot's pixel boundaries, corners anti-aliased on a 4x4 grid: solid, with content, iOS 26
glass (translucent fill, lighter rim) and dark on a dark wallpaper; lines cross some, labels sit
under them, a dock and a search pill are drawn on both screenshots.
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))

# name, size, format, grid (left, right, top, middle, bottom, small, medium width, large height),
# widgets [(slot, style)], extras.
PAIRS = [
    dict(name="four-small-1000x2100", size=(1000, 2100), fmt="rgb8", seed=1,
         grid=dict(left=70, right=530, top=210, middle=700, bottom=1190, small=400, medium=860, large=890),
         widgets=[("small-top-left", "solid"), ("small-top-right", "solid"), ("small-middle-left", "content"), ("small-middle-right", "solid")]),
    dict(name="glass-16bit-900x1950", size=(900, 1950), fmt="rgb16", seed=2, shift=1,
         grid=dict(left=52, right=472, top=180, middle=640, bottom=1100, small=376, medium=796, large=836),
         widgets=[("medium-top", "glass"), ("small-middle-left", "glass"), ("small-middle-right", "glass")]),
    dict(name="dark-palette-1100x2400", size=(1100, 2400), fmt="palette", seed=3, dark=True,
         grid=dict(left=88, right=584, top=260, middle=790, bottom=1320, small=428, medium=924, large=958),
         widgets=[("small-top-left", "dark"), ("large-bottom", "dark"), ("small-top-right", "dark")], lines=True),
    dict(name="one-small-p3-1200x2600", size=(1200, 2600), fmt="rgb8-p3", seed=4,
         grid=dict(left=96, right=640, top=300, middle=850, bottom=1400, small=464, medium=1008, large=1014),
         widgets=[("small-middle-right", "solid")]),
    dict(name="grey-800x1700", size=(800, 1700), fmt="grey", seed=5,
         grid=dict(left=60, right=420, top=150, middle=560, bottom=970, small=320, medium=680, large=730),
         widgets=[("small-top-left", "solid"), ("small-bottom-right", "solid"), ("medium-middle", "solid")]),
]

SLOTS = {
    "small-top-left": ("small", "left", "top"), "small-top-right": ("small", "right", "top"),
    "small-middle-left": ("small", "left", "middle"), "small-middle-right": ("small", "right", "middle"),
    "small-bottom-left": ("small", "left", "bottom"), "small-bottom-right": ("small", "right", "bottom"),
    "medium-top": ("medium", "left", "top"), "medium-middle": ("medium", "left", "middle"), "medium-bottom": ("medium", "left", "bottom"),
    "large-top": ("large", "left", "top"), "large-bottom": ("large", "left", "middle"),
}


def rect(grid, slot):
    family, column, row = SLOTS[slot]
    width = grid["small"] if family == "small" else grid["medium"]
    height = grid["large"] if family == "large" else grid["small"]
    return [grid[column], grid[row], width, height]


def wallpaper(size, seed, dark, noise_seed, shift=0):
    width, height = size
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    x = x + shift
    base = np.array([0.12, 0.10, 0.16]) if dark else np.array([0.35, 0.55, 0.80])
    image = np.zeros((height, width, 3)) + base
    for _ in range(7):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        radius = rng.uniform(0.2, 0.5) * width
        colour = rng.uniform(0, 0.25 if dark else 0.6, size=3)
        weight = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * radius ** 2))
        image += weight[:, :, None] * (colour - base) * 0.8
    image += (y / height)[:, :, None] * (0.05 if dark else 0.15)
    image += np.random.default_rng(noise_seed).normal(0, 1.2 / 255, size=image.shape)
    return np.clip(image, 0, 1)


def coverage(width, height, radius):
    """Per-pixel coverage of a rounded rectangle of this size (straight edges on pixel bounds)."""
    cover = np.ones((height, width))
    sub = (np.arange(4) + 0.5) / 4
    for cy in range(radius):
        for cx in range(radius):
            xs, ys = np.meshgrid(cx + sub, cy + sub)
            inside = ((radius - xs) ** 2 + (radius - ys) ** 2 <= radius ** 2) | (xs >= radius) | (ys >= radius)
            value = inside.mean()
            for px, py in ((cx, cy), (width - 1 - cx, cy), (cx, height - 1 - cy), (width - 1 - cx, height - 1 - cy)):
                cover[py, px] = value
    return cover


def paint_widget(image, box, style, rng):
    x, y, w, h = box
    radius = max(12, min(w, h) // 9)
    cover = coverage(w, h, radius)[:, :, None]
    region = image[y:y + h, x:x + w]
    if style == "glass":
        fill = region * 0.7 + 0.3 * np.array([0.95, 0.95, 1.0])
        rim = np.zeros((h, w, 1))
        rim[:3, :] = rim[-3:, :] = rim[:, :3] = rim[:, -3:] = 1
        fill = fill * (1 - 0.35 * rim) + 0.35 * rim
    elif style == "dark":
        fill = np.zeros_like(region) + np.array([0.04, 0.04, 0.05])
    else:
        fill = np.zeros_like(region) + rng.uniform(0.55, 0.95, size=3)
        if style == "content":
            yy, xx = np.mgrid[0:h, 0:w]
            ring = np.abs(np.hypot(xx - w / 2, yy - h / 2) - min(w, h) / 3) < 10
            fill[ring] = [0.9, 0.2, 0.2]
    image[y:y + h, x:x + w] = region * (1 - cover) + fill * cover


def chrome(draw, size, dark):
    """Dock, search pill and page dots, the same on both screenshots."""
    width, height = size
    shade = (60, 60, 70) if dark else (225, 228, 235)
    dock_top = height - int(height * 0.11)
    draw.rounded_rectangle([width * 0.03, dock_top, width * 0.97, height - height * 0.015], radius=int(width * 0.08), fill=shade)
    for i in range(4):
        cx = width * (0.16 + 0.227 * i)
        draw.rounded_rectangle([cx - width * 0.07, dock_top + 25, cx + width * 0.07, dock_top + 25 + width * 0.14], radius=30,
                               fill=(90 + 40 * i, 140, 200 - 30 * i))
    draw.rounded_rectangle([width * 0.38, dock_top - 80, width * 0.62, dock_top - 30], radius=25, fill=shade)


def labels(draw, boxes):
    for x, y, w, h in boxes:
        draw.rectangle([x + w * 0.3, y + h + 12, x + w * 0.7, y + h + 30], fill=(245, 245, 245))


def save(pixels, path, fmt):
    if fmt == "rgb16":
        data = (np.clip(pixels, 0, 1) * 65535 + 0.5).astype(">u2")
        Image.frombytes("RGB", (pixels.shape[1], pixels.shape[0]), data.tobytes(), "raw", "RGB;16B").save(path)
        return
    eight = (np.clip(pixels, 0, 1) * 255 + 0.5).astype(np.uint8)
    image = Image.fromarray(eight, "RGB")
    if fmt == "palette":
        image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path)
    elif fmt == "rgb8-p3":
        with open(os.path.join(HERE, "..", "Painted", "content-p3-16pro.png"), "rb") as file:
            icc = Image.open(file).info.get("icc_profile")
        image.save(path, icc_profile=icc)
    elif fmt == "grey":
        image.convert("L").save(path)
    else:
        image.save(path)


def render(pair, outdir):
    size, grid = pair["size"], pair["grid"]
    rng = np.random.default_rng(pair["seed"])
    empty = wallpaper(size, pair["seed"], pair.get("dark", False), noise_seed=100 + pair["seed"])
    placed = wallpaper(size, pair["seed"], pair.get("dark", False), noise_seed=200 + pair["seed"], shift=pair.get("shift", 0))
    boxes = []
    for slot, style in pair["widgets"]:
        box = rect(grid, slot)
        paint_widget(placed, box, style, rng)
        boxes.append(box)
    files = {}
    for name, pixels, widgets in (("empty", empty, []), ("placed", placed, boxes)):
        image = Image.fromarray((np.clip(pixels, 0, 1) * 255 + 0.5).astype(np.uint8), "RGB")
        draw = ImageDraw.Draw(image)
        chrome(draw, size, pair.get("dark", False))
        labels(draw, widgets)
        if widgets and pair.get("lines"):
            x, y, w, h = widgets[0]
            draw.line([(0, y + h // 2), (size[0], y + h // 2 + 40)], fill=(255, 40, 40), width=3)
        pixels = np.asarray(image).astype(np.float64) / 255
        if pair["fmt"] == "rgb16":  # add sub-8-bit detail so the 16 bits are real
            pixels = pixels + np.random.default_rng(pair["seed"] + 7).uniform(0, 1 / 255, size=pixels.shape)
        path = os.path.join(outdir, f"{pair['name']}-{name}.png")
        save(pixels, path, pair["fmt"])
        files[name] = os.path.basename(path)
    seen = {slot: rect(grid, slot) for slot, _ in pair["widgets"]}
    return dict(name=pair["name"], size=list(size), format=pair["fmt"], grid=grid, files=files,
                seen=seen, all={slot: rect(grid, slot) for slot in SLOTS})


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(outdir, exist_ok=True)
    doc = dict(about="Pairs painted by paint_pairs.py (independent of Backdrop). Rects are [x, y, width, height] in pixels. "
                     "seen: the widgets painted; all: every slot of the grid.",
               pairs=[render(pair, outdir) for pair in PAIRS])
    with open(os.path.join(outdir, "pairs.json"), "w") as file:
        json.dump(doc, file, indent=2)
        file.write("\n")


if __name__ == "__main__":
    main()
