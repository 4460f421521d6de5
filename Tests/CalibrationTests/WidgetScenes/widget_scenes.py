"""An independent painter of "check my widgets" scenes: an empty home-screen page and the same
page with transparent widgets in place, each showing the piece of wallpaper cropped from its
listed slot R but drawn at S = R + d, as iOS shows a widget whose background was cropped with a
layout that is off by d.

Written with numpy and Pillow only, from the documented look of iOS 26 widgets, never from
Backdrop's code: a continuous rounded rectangle (anti-aliased by 4x4 supersampling), an optional
translucent white or black overlay over the whole widget, an optional lighter glass rim along its
edge, and optional content drawn over it (a clock and lines of text, opaque). Written at 8 or 16
bits, optionally tagged Display P3 (iCCP), with pngfiles.write.

Wallpapers: photographs from Debian's mate-backgrounds package (GPL-2+, see
/usr/share/doc/mate-backgrounds/copyright; installed by scripts/lib/system-packages.sh), and
painted ones: a vertical gradient that curves (flat from side to side), a straight one, a solid
colour, and a smooth two-axis pattern.
"""
import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "BrowserTests"))
import pngfiles  # noqa: E402  (our own PNG writer, shared with the browser tests)

PHOTOS = "/usr/share/backgrounds/mate/nature"
PHOTO_NAMES = ["Storm.jpg", "LadyBird.jpg", "Dune.jpg", "Garden.jpg", "RainDrops.jpg"]


def photo(name, size):
    """A photograph from mate-backgrounds, scaled and cropped to fill `size`, as floats 0..1."""
    width, height = size
    image = Image.open(os.path.join(PHOTOS, name)).convert("RGB")
    scale = max(width / image.width, height / image.height)
    image = image.resize((int(image.width * scale + 1), int(image.height * scale + 1)), Image.LANCZOS)
    left, top = (image.width - width) // 2, (image.height - height) // 2
    return np.asarray(image.crop((left, top, left + width, top + height)), dtype=np.float64) / 255


def vertical_gradient(size):
    """Flat from side to side; from top to bottom a curve (so that a shifted piece is not just a
    brighter one) through three colours."""
    width, height = size
    t = np.linspace(0, 1, height)[:, None]
    curve = 0.5 - 0.5 * np.cos(np.pi * (t * 1.6 + 0.15 * np.sin(7 * t)))
    top, bottom = np.array([0.10, 0.25, 0.70]), np.array([0.95, 0.55, 0.30])
    column = top + (bottom - top) * curve
    return np.repeat(column[:, None, :], width, axis=1)


def linear_gradient(size):
    """Flat from side to side, and from top to bottom a straight ramp between two colours: a
    shifted piece is exactly a brighter or darker one, so only an overlay known to be a white or
    black layer lets a widget's height be told from it."""
    width, height = size
    t = np.linspace(0, 1, height)[:, None]
    top, bottom = np.array([0.15, 0.30, 0.65]), np.array([0.85, 0.60, 0.35])
    column = top + (bottom - top) * t
    return np.repeat(column[:, None, :], width, axis=1)


def solid(size, colour=(0.2, 0.45, 0.35)):
    width, height = size
    return np.broadcast_to(np.array(colour), (height, width, 3)).copy()


def waves(size):
    """Smooth in both directions, nowhere repeating within a widget's reach."""
    width, height = size
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    r = 0.5 + 0.25 * np.sin(x / 37.0 + np.cos(y / 53.0) * 2) + 0.2 * np.cos(y / 29.0 - x / 71.0)
    g = 0.5 + 0.3 * np.sin((x + y) / 61.0) * np.cos(x / 23.0)
    b = 0.5 + 0.3 * np.cos(y / 41.0 + np.sin(x / 47.0))
    return np.clip(np.stack([r, g, b], axis=-1), 0, 1)


def rounded_mask_every_sample(width, height, radius, supersample=4):
    """Coverage 0..1 of a rounded rectangle of this size (circular corners), anti-aliased: every
    pixel supersampled. The reference that rounded_mask equals (HostileScenes/selfcheck.py)."""
    s = supersample
    y, x = np.mgrid[0:height * s, 0:width * s].astype(np.float64)
    x, y = (x + 0.5) / s, (y + 0.5) / s
    dx = np.maximum(np.maximum(radius - x, x - (width - radius)), 0)
    dy = np.maximum(np.maximum(radius - y, y - (height - radius)), 0)
    inside = (dx * dx + dy * dy) <= radius * radius
    return inside.reshape(height, s, width, s).mean(axis=(1, 3))


_MASKS = {}


def rounded_mask(width, height, radius, supersample=4):
    """rounded_mask_every_sample, sample for sample, supersampled only in the corner squares
    (elsewhere it is 1) and kept for the next widget of that size (read-only)."""
    key = (width, height, radius, supersample)
    if key not in _MASKS:
        out = np.ones((height, width))
        c = min(math.ceil(radius) + 1, width // 2, height // 2)
        s = supersample
        y, x = np.mgrid[0:c * s, 0:c * s].astype(np.float64)
        x, y = (x + 0.5) / s, (y + 0.5) / s
        for flip_x in (False, True):
            for flip_y in (False, True):
                xx = width - x if flip_x else x
                yy = height - y if flip_y else y
                dx = np.maximum(np.maximum(radius - xx, xx - (width - radius)), 0)
                dy = np.maximum(np.maximum(radius - yy, yy - (height - radius)), 0)
                inside = ((dx * dx + dy * dy) <= radius * radius).reshape(c, s, c, s).mean(axis=(1, 3))
                rows = slice(height - c, height) if flip_y else slice(0, c)
                cols = slice(width - c, width) if flip_x else slice(0, c)
                out[rows, cols] = inside[::-1 if flip_y else 1, ::-1 if flip_x else 1]
        out.flags.writeable = False
        _MASKS[key] = out
    return _MASKS[key]


def content_layer(width, height, seed):
    """Opaque white content of a widget (a clock and two lines), as coverage 0..1."""
    layer = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(layer)
    try:
        big = ImageFont.truetype("DejaVuSans-Bold.ttf", max(12, height // 4))
        small = ImageFont.truetype("DejaVuSans.ttf", max(8, height // 12))
    except OSError:
        big = small = ImageFont.load_default()
    rng = np.random.default_rng(seed)
    draw.text((width * 0.12, height * 0.18), f"{rng.integers(1, 12)}:{rng.integers(10, 59)}", fill=255, font=big)
    draw.text((width * 0.12, height * 0.62), "Tuesday", fill=255, font=small)
    draw.text((width * 0.12, height * 0.76), "Rain at 4 pm", fill=255, font=small)
    return np.asarray(layer, dtype=np.float64) / 255


def paint(wallpaper, widgets, overlay=None, rim=False, content=False, seed=0):
    """The home screen: `wallpaper` (floats, H x W x 3) with each widget (R, d) of `widgets`
    showing wallpaper[R] at R + d. `overlay`: None, or (colour, alpha) with colour "white",
    "black" or "grey" (a layer of 60 % grey: a light overlay that is neither)."""
    home = wallpaper.copy()
    for index, ((x, y, width, height), (dx, dy)) in enumerate(widgets):
        piece = wallpaper[y:y + height, x:x + width].copy()
        if overlay:
            colour = {"white": 1.0, "black": 0.0, "grey": 0.6}[overlay[0]]
            piece = piece * (1 - overlay[1]) + colour * overlay[1]
        radius = min(width, height) * 0.125 + 4
        cover = rounded_mask(width, height, radius)
        if rim:
            # A lighter line about 1.5 px wide just inside the outline.
            inner = rounded_mask(width - 4, height - 4, radius - 2)
            ring = cover.copy()
            ring[2:-2, 2:-2] -= inner
            piece = piece * (1 - 0.45 * ring[:, :, None]) + 0.45 * ring[:, :, None]
        if content:
            text = content_layer(width, height, seed + index)[:, :, None]
            piece = piece * (1 - text) + text
        sx, sy = x + dx, y + dy
        target = home[sy:sy + height, sx:sx + width]
        home[sy:sy + height, sx:sx + width] = target * (1 - cover[:, :, None]) + piece * cover[:, :, None]
    return home


def display_p3_profile():
    """The iCCP chunk (name, method, compressed profile) of the independent calibration painter's
    Display P3 scene."""
    path = os.path.join(HERE, "..", "Painted", "content-p3-16pro.png")
    with open(path, "rb") as file:
        return next(data for kind, data in pngfiles.chunks(file.read()) if kind == b"iCCP")


def save(path, pixels, depth=8, p3=False, level=0):
    """Writes floats 0..1 as an RGB PNG of `depth` bits, tagged Display P3 when `p3`, with zlib at
    `level` (0, stored: a scene is read once, right after; the files kept in the repository are
    compressed); returns the samples written."""
    maximum = 65535 if depth == 16 else 255
    samples = np.clip(np.rint(pixels * maximum), 0, maximum).astype(np.uint16 if depth == 16 else np.uint8)
    extra = [(b"iCCP", display_p3_profile())] if p3 else []
    pngfiles.write(path, samples, 2, depth, extra, level=level)
    return samples
