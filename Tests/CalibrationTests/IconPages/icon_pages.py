"""icon_pages: an independent painter of iOS 26 home-screen PAIRS (an empty page and the same page
with app icons on its grid), with the truth a measurement of "the slot grid from a page of icons"
must find.

Written from the documented look of iOS 26 (status bar, the "Search" pill, the glass dock, app
icons as continuous rounded squares with labels under them, folders, badges, widgets, jiggle
mode) and from the rule in the shared research notes (icon-rule.md), never from Backdrop's code.
numpy + Pillow only; PNGs are written with the tests' own writer (pngfiles.py) and the Display P3
iCCP chunk of widget_scenes.display_p3_profile().

    empty, home, truth = paint_pair({"grid": "1179x2556", "wallpaper": "photo:LadyBird.jpg"})
    save("x-home.png", home, depth=16, p3=True)

Pixels are floats 0..1, H x W x 3. Everything is deterministic (fixed seeds, no clocks).
"""
import colorsys
import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(TESTS, "BrowserTests"))
sys.path.insert(0, os.path.join(TESTS, "CalibrationTests", "WidgetScenes"))
import pngfiles  # noqa: E402  the tests' own PNG writer and reader
import widget_scenes  # noqa: E402  photo(), vertical_gradient(), waves(), display_p3_profile()

FONTS = "/usr/share/fonts/truetype/dejavu"
SS = 4  # supersampling of icon-sized tiles (per axis)

# ---------------------------------------------------------------------------------------------
# Grids. columns = icon left edges, rows = icon top edges, in pixels; icon = side in pixels.


def _grid(size, scale, icon, columns, row0, pitch, rows=6, status="island", setting="small", source="invented"):
    return {"size": list(size), "scale": scale, "icon": icon, "columns": list(columns),
            "rows": [row0 + pitch * k for k in range(rows)], "status": status, "setting": setting,
            "source": source}


GRIDS = {
    # The four measured screens (icon-rule.md).
    "1170x2532": _grid((1170, 2532), 3, 192, (84, 354, 624, 894), 201, 294, status="notch", source="measured"),
    "1179x2556": _grid((1179, 2556), 3, 192, (85, 357, 631, 903), 240, 296, source="measured"),
    "1206x2622": _grid((1206, 2622), 3, 192, (91, 368, 647, 924), 270, 301, source="measured"),
    "1320x2868": _grid((1320, 2868), 3, 204, (105, 407, 709, 1011), 282, 326, source="measured"),
    # Plausible invented grids for real screen sizes (symmetric margins, 4 columns, 6 rows).
    "1290x2796": _grid((1290, 2796), 3, 204, (102, 396, 690, 984), 276, 320),
    "1260x2736": _grid((1260, 2736), 3, 198, (96, 386, 676, 966), 264, 313),
    "1284x2778": _grid((1284, 2778), 3, 204, (99, 393, 687, 981), 231, 322, status="notch"),
    "1125x2436": _grid((1125, 2436), 3, 180, (81, 342, 603, 864), 198, 284, status="notch"),
    "828x1792": _grid((828, 1792), 2, 128, (56, 252, 448, 644), 136, 210, status="notch"),
    # iPhone 8 / SE geometry: 60 pt icons with 27 pt gaps and margins, 6 rows, home-button status bar.
    "750x1334": _grid((750, 1334), 2, 120, (54, 228, 402, 576), 50, 170, status="classic"),
    # Screen sizes no device has.
    "1104x2400": _grid((1104, 2400), 3, 186, (82, 333, 584, 835), 225, 288),
    "700x1500": _grid((700, 1500), 2, 116, (50, 211, 372, 533), 100, 180, status="notch"),
    # Large-icon setting (no labels): bigger icons, the small setting's column centres kept,
    # each icon centred on where the small icon + its label stood.
    "1179x2556-large": _grid((1179, 2556), 3, 222, (70, 342, 616, 888), 250, 296, setting="large"),
    "1320x2868-large": _grid((1320, 2868), 3, 228, (93, 395, 697, 999), 291, 326, setting="large"),
}

SLOT_CELLS = {  # name: (first column, last column, first row, last row), 1-based, inclusive
    "small-top-left": (1, 2, 1, 2), "small-top-right": (3, 4, 1, 2),
    "small-middle-left": (1, 2, 3, 4), "small-middle-right": (3, 4, 3, 4),
    "small-bottom-left": (1, 2, 5, 6), "small-bottom-right": (3, 4, 5, 6),
    "medium-top": (1, 4, 1, 2), "medium-middle": (1, 4, 3, 4), "medium-bottom": (1, 4, 5, 6),
    "large-top": (1, 4, 1, 4), "large-bottom": (1, 4, 3, 6),
}
EXTRA_LARGE = {"extra-large": (1, 4, 1, 6)}  # iOS 27 only


def rule_slots(grid, scale, extra_large=False):
    """Every widget slot by the iOS 26 rule: the bounding box of the covered icons, widened by
    w = 4 pt on the left and right (12 px at @3x, 8 px at @2x), not at all in height.
    grid: {"icon", "columns", "rows"}. Returns {name: [x, y, width, height]}; slots whose rows the
    grid lacks are left out."""
    w = 4 * scale
    icon, cols, rows = grid["icon"], grid["columns"], grid["rows"]
    cells = dict(SLOT_CELLS, **(EXTRA_LARGE if extra_large else {}))
    out = {}
    for name, (c0, c1, r0, r1) in cells.items():
        if r1 > len(rows) or c1 > len(cols):
            continue
        out[name] = [cols[c0 - 1] - w, rows[r0 - 1],
                     cols[c1 - 1] + icon - cols[c0 - 1] + 2 * w, rows[r1 - 1] + icon - rows[r0 - 1]]
    return out


def chrome_layout(grid):
    """Where the status bar, the Search pill and the dock go (pixels)."""
    W, H = grid["size"]
    s, icon = grid["scale"], grid["icon"]
    cols = grid["columns"]
    if grid["status"] == "classic":
        status_h = 20 * s
        dock_h = icon + 36 * s
        dock = [0, H - dock_h, W, dock_h, 0]
        pill_h, pill_gap = 26 * s, 9 * s
    else:
        status_h = (54 if grid["status"] == "island" else 47) * s
        dock_h = icon + 30 * s
        inset = max(6 * s, cols[0] - 16 * s)
        gap = 10 * s
        dock = [inset, H - gap - dock_h, W - 2 * inset, dock_h, round(0.40 * dock_h)]
        pill_h, pill_gap = 30 * s, 13 * s
    pill_w = 88 * s
    pill = [(W - pill_w) // 2, dock[1] - pill_gap - pill_h, pill_w, pill_h, pill_h // 2]
    dock_y = dock[1] + (dock_h - icon) // 2
    dock_icons = [[c, dock_y, icon, icon] for c in cols]
    return {"statusBar": [0, 0, W, status_h], "pill": pill, "dock": dock, "dockIcons": dock_icons}


# ---------------------------------------------------------------------------------------------
# Small numeric helpers.

_FONT_CACHE = {}


def font(px, bold=False):
    key = (int(px), bold)
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = ImageFont.truetype(os.path.join(FONTS, "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), int(px))
    return _FONT_CACHE[key]


def _box_blur_axis(a, r, axis):
    if r < 1:
        return a
    n = a.shape[axis]
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(a, pad, mode="edge"), axis=axis)
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / (2 * r + 1)


def blur(a, radius):
    """About a Gaussian of sigma ~ radius: three box passes per axis."""
    r = max(1, int(round(radius * 0.58)))
    for _ in range(3):
        a = _box_blur_axis(a, r, 0)
        a = _box_blur_axis(a, r, 1)
    return a


def _downsample(a, s):
    h, w = a.shape[0] // s, a.shape[1] // s
    return a.reshape(h, s, w, s, *a.shape[2:]).mean(axis=(1, 3))


def rrect_cover(w, h, r, ss=SS):
    """Coverage 0..1 of a w x h rounded rectangle with circular corners of radius r; only the
    corners are supersampled."""
    cover = np.ones((h, w))
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return cover
    n = int(math.ceil(r))
    g = (np.arange(n * ss) + 0.5) / ss
    X, Y = np.meshgrid(g, g)
    corner = _downsample(((np.maximum(r - X, 0) ** 2 + np.maximum(r - Y, 0) ** 2) <= r * r).astype(float), ss)
    cover[:n, :n] = np.minimum(cover[:n, :n], corner)
    cover[:n, w - n:] = np.minimum(cover[:n, w - n:], corner[:, ::-1])
    cover[h - n:, :n] = np.minimum(cover[h - n:, :n], corner[::-1, :])
    cover[h - n:, w - n:] = np.minimum(cover[h - n:, w - n:], corner[::-1, ::-1])
    return cover


def circle_cover(d, ss=SS):
    g = (np.arange(d * ss) + 0.5) / ss - d / 2
    X, Y = np.meshgrid(g, g)
    return _downsample((X * X + Y * Y <= (d / 2) ** 2).astype(float), ss)


def composite(page, x, y, rgb, alpha):
    """page[y:, x:] = page * (1 - alpha) + rgb * alpha, clipped to the page."""
    H, W = page.shape[:2]
    h, w = alpha.shape
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return
    a = alpha[y0 - y:y1 - y, x0 - x:x1 - x, None]
    src = rgb if np.ndim(rgb) < 3 else rgb[y0 - y:y1 - y, x0 - x:x1 - x]
    region = page[y0:y1, x0:x1]
    page[y0:y1, x0:x1] = region * (1 - a) + np.asarray(src) * a


def darken(page, x, y, alpha, amount):
    composite(page, x, y, 0.0, alpha * amount)


def nonzero_box(alpha, x, y, threshold=0.0):
    ys, xs = np.nonzero(alpha > threshold)
    if len(xs) == 0:
        return None
    return [int(x + xs.min()), int(y + ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)]


def text_layer(text, px, bold=False, ss=1):
    """White-on-black coverage of `text` (floats), with its ink box; drawn at ss x and reduced."""
    f = font(px * ss, bold)
    left, t, r, b = f.getbbox(text)
    pad = 2 * ss
    w, h = r - left + 2 * pad, b - t + 2 * pad
    w, h = w + (-w) % ss, h + (-h) % ss
    im = Image.new("L", (w, h), 0)
    ImageDraw.Draw(im).text((pad - left, pad - t), text, fill=255, font=f)
    cover = np.asarray(im, dtype=np.float64) / 255
    if ss > 1:
        cover = _downsample(cover, ss)
    return cover


# ---------------------------------------------------------------------------------------------
# Wallpapers.

PHOTO_NAMES = ["LadyBird.jpg", "Storm.jpg", "Dune.jpg", "Garden.jpg", "RainDrops.jpg", "Aqua.jpg",
               "TwoWings.jpg", "YellowFlower.jpg", "GreenMeadow.jpg", "Wood.jpg", "FreshFlower.jpg"]
_WALL_CACHE = {}


def _aurora(size):
    """A smooth painted wallpaper like iOS's own gradients: soft blobs of colour."""
    W, H = size
    x = (np.arange(W) / W)[None, :]
    y = (np.arange(H) / H)[:, None]
    base = np.array([0.93, 0.80, 0.70]) * (1 - y[..., None]) + np.array([0.55, 0.62, 0.92]) * y[..., None]
    base = np.broadcast_to(base, (H, W, 3)).astype(np.float32)
    for cx, cy, rad, col in [(0.2, 0.25, 0.35, (0.98, 0.55, 0.45)), (0.85, 0.55, 0.4, (0.45, 0.80, 0.85)),
                             (0.3, 0.85, 0.35, (0.65, 0.45, 0.90))]:
        # exp(-(a + b)) = exp(-a) exp(-b): an outer product.
        g = (0.7 * np.exp(-((y - cy) * H / W / rad / 1.6) ** 2) * np.exp(-((x - cx) / rad) ** 2)).astype(np.float32)[..., None]
        base = base * (1 - g) + np.array(col, np.float32) * g
    return np.clip(base, 0, 1)


def _pastel(size):
    """A very light painted wallpaper (a soft pastel ramp): white labels and white icons on it."""
    W, H = size
    t = np.linspace(0, 1, H)[:, None, None]
    xs = np.linspace(0, 1, W)[None, :, None]
    top, bottom = np.array([0.97, 0.93, 0.88]), np.array([0.86, 0.91, 0.97])
    return np.clip(top * (1 - t) + bottom * t + 0.03 * np.sin(6 * xs + 4 * t), 0, 1) * np.ones((H, W, 3))


def photo(name, size):
    """A mate-backgrounds photograph scaled (bicubic) and centre-cropped to fill `size`, as
    widget_scenes.photo() does (that one uses Lanczos, which is slower)."""
    width, height = size
    image = Image.open(os.path.join(widget_scenes.PHOTOS, name)).convert("RGB")
    scale = max(width / image.width, height / image.height)
    image = image.resize((int(image.width * scale + 1), int(image.height * scale + 1)), Image.BICUBIC)
    left, top = (image.width - width) // 2, (image.height - height) // 2
    return np.asarray(image.crop((left, top, left + width, top + height)), dtype=np.float32) / 255


def wallpaper(name, size, dark=False):
    """'photo:LadyBird.jpg', 'painted:gradient', 'painted:waves', 'painted:aurora',
    'painted:pastel'. dark: as iOS dark mode dims the wallpaper."""
    key = (name, tuple(size), dark)
    if key not in _WALL_CACHE:
        kind, _, what = name.partition(":")
        if dark:
            base = wallpaper(name, size, False)
            # iOS "Dark appearance dims wallpaper": darker, a little less contrast at the top end.
            img = base * np.float32(0.55) + np.float32(0.02)
        elif kind == "photo":
            img = photo(what, size)
        elif what == "gradient":
            img = widget_scenes.vertical_gradient(tuple(size))
        elif what == "waves":
            img = widget_scenes.waves(tuple(size))
        elif what == "aurora":
            img = _aurora(size)
        elif what == "pastel":
            img = _pastel(size)
        else:
            raise ValueError(name)
        if len(_WALL_CACHE) > 8:
            _WALL_CACHE.pop(next(iter(_WALL_CACHE)))
        _WALL_CACHE[key] = np.ascontiguousarray(img, dtype=np.float32)
    return _WALL_CACHE[key]


# ---------------------------------------------------------------------------------------------
# App icons.

APP_NAMES = ["Photos", "Camera", "Mail", "Notes", "Maps", "Weather", "Clock", "Music", "Books",
             "News", "Stocks", "Health", "Wallet", "Files", "Podcasts", "Calendar", "Reminders",
             "Contacts", "Translate", "Compass", "Measure", "Home", "Fitness", "Journal", "Freeform",
             "Passwords", "Tips", "Shortcuts", "Games", "Phone", "Safari", "Messages"]
GLYPHS = ["circle", "ring", "star", "square", "triangle", "plus", "bars", "envelope", "bolt",
          "note", "cloud", "letter", "camera", "heart", "dots", "wave"]
_SHAPE_CACHE = {}
_GLYPH_CACHE = {}


def _shape_samples(size, pad, angle, shape):
    """Supersampled coverage of the icon shape in a tile of side size + 2 pad; the shape's box
    is [pad, pad + size) and it is rotated by `angle` degrees (counter-clockwise on screen)
    about the box centre. Returns (cover, inner cover 1.5 px in: for the glass rim)."""
    key = (size, pad, angle, shape)
    if key in _SHAPE_CACHE:
        return _SHAPE_CACHE[key]
    T = size + 2 * pad
    g = (np.arange(T * SS) + 0.5) / SS - pad - size / 2
    X, Y = np.meshgrid(g, g)
    if angle:
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        X, Y = X * c - Y * s, X * s + Y * c
    X, Y = np.abs(X), np.abs(Y)

    def inside(half):
        if shape == "squircle":
            # Superellipse, n = 5: the continuous rounded square of iOS icons.
            return (X / half) ** 5 + (Y / half) ** 5 <= 1
        r = 0.225 * 2 * half
        dx, dy = np.maximum(X - (half - r), 0), np.maximum(Y - (half - r), 0)
        return (X <= half) & (Y <= half) & (dx * dx + dy * dy <= r * r)

    cover = _downsample(inside(size / 2).astype(float), SS)
    inner = _downsample(inside(size / 2 - 1.5 * max(1, size / 192)).astype(float), SS)
    if len(_SHAPE_CACHE) > 40:
        _SHAPE_CACHE.clear()
    _SHAPE_CACHE[key] = (cover, inner)
    return cover, inner


def _star(cx, cy, r_out, r_in, points=5, rot=-90):
    pts = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = math.radians(rot + k * 180 / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _glyph(kind, size, pad, angle, letter="A"):
    """White glyph coverage in the icon tile (same frame as _shape_samples)."""
    key = (kind, size, pad, angle, letter)
    if key in _GLYPH_CACHE:
        return _GLYPH_CACHE[key]
    T = (size + 2 * pad) * SS
    S = size * SS
    c = T / 2
    im = Image.new("L", (T, T), 0)
    d = ImageDraw.Draw(im)
    u = S / 100.0  # glyphs drawn on a 100-unit icon

    def P(x, y):
        return (c + (x - 50) * u, c + (y - 50) * u)

    def box(x0, y0, x1, y1):
        return [P(x0, y0), P(x1, y1)]

    if kind == "circle":
        d.ellipse(box(28, 28, 72, 72), fill=255)
    elif kind == "ring":
        d.ellipse(box(24, 24, 76, 76), outline=255, width=int(8 * u))
    elif kind == "star":
        d.polygon([P(*p) for p in _star(50, 52, 28, 12)], fill=255)
    elif kind == "square":
        d.rounded_rectangle(box(28, 28, 72, 72), radius=8 * u, fill=255)
    elif kind == "triangle":
        d.polygon([P(36, 26), P(36, 74), P(76, 50)], fill=255)
    elif kind == "plus":
        d.rectangle(box(44, 22, 56, 78), fill=255)
        d.rectangle(box(22, 44, 78, 56), fill=255)
    elif kind == "bars":
        for i, top in enumerate((56, 40, 24)):
            d.rounded_rectangle(box(24 + i * 19, top, 36 + i * 19, 76), radius=3 * u, fill=255)
    elif kind == "envelope":
        d.rounded_rectangle(box(20, 30, 80, 70), radius=5 * u, fill=255)
        d.line([P(22, 33), P(50, 54), P(78, 33)], fill=0, width=int(5 * u))
    elif kind == "bolt":
        d.polygon([P(56, 18), P(28, 56), P(48, 56), P(42, 82), P(72, 42), P(52, 42)], fill=255)
    elif kind == "note":
        d.ellipse(box(24, 60, 44, 76), fill=255)
        d.ellipse(box(56, 54, 76, 70), fill=255)
        d.rectangle(box(38, 24, 44, 68), fill=255)
        d.rectangle(box(70, 18, 76, 62), fill=255)
        d.polygon([P(38, 24), P(76, 18), P(76, 28), P(38, 34)], fill=255)
    elif kind == "cloud":
        d.ellipse(box(22, 44, 50, 72), fill=255)
        d.ellipse(box(34, 28, 68, 62), fill=255)
        d.ellipse(box(52, 44, 80, 72), fill=255)
        d.rectangle(box(36, 56, 66, 72), fill=255)
    elif kind == "letter":
        f = font(int(62 * u), bold=True)
        d.text(P(50, 52), letter, fill=255, font=f, anchor="mm")
    elif kind == "camera":
        d.rounded_rectangle(box(18, 32, 82, 74), radius=8 * u, fill=255)
        d.rectangle(box(38, 24, 62, 34), fill=255)
        d.ellipse(box(37, 40, 63, 66), fill=0)
        d.ellipse(box(42, 45, 58, 61), fill=255)
    elif kind == "heart":
        d.ellipse(box(22, 28, 52, 58), fill=255)
        d.ellipse(box(48, 28, 78, 58), fill=255)
        d.polygon([P(24, 50), P(76, 50), P(50, 78)], fill=255)
    elif kind == "dots":
        for gx in (32, 68):
            for gy in (32, 68):
                d.ellipse(box(gx - 11, gy - 11, gx + 11, gy + 11), fill=255)
    elif kind == "wave":
        pts = [P(18 + i, 50 + 16 * math.sin(i / 64 * 2 * math.pi)) for i in range(0, 65, 2)]
        d.line(pts, fill=255, width=int(9 * u), joint="curve")
    cover = np.asarray(im, dtype=np.float64) / 255
    if angle:
        # Turned at 2x (the glyph is drawn at 4x, halved, turned, halved again).
        half = Image.fromarray(np.float32(_downsample(cover, 2)), mode="F")
        half = half.rotate(angle, resample=Image.BILINEAR, center=(T / 4, T / 4))
        cover = _downsample(np.asarray(half, dtype=np.float64), 2)
    else:
        cover = _downsample(cover, SS)
    if len(_GLYPH_CACHE) > 200:
        _GLYPH_CACHE.clear()
    _GLYPH_CACHE[key] = cover
    return cover


def icon_look(index, style):
    """(background colour 1, colour 2, glyph colour, glyph kind, letter) of the index-th icon."""
    rng = np.random.default_rng(1000 + index)
    hue = (index * 0.618034 + 0.05) % 1.0
    kind = GLYPHS[(index * 7) % len(GLYPHS)]
    letter = "ABCDEFGHJKLMNPRSTUVWXYZ"[index % 23]
    c1 = np.array(colorsys.hsv_to_rgb(hue, 0.55 + 0.3 * rng.random(), 0.95))
    c2 = np.array(colorsys.hsv_to_rgb((hue + 0.07) % 1, 0.85, 0.70 + 0.15 * rng.random()))
    glyph = np.ones(3)
    if style == "dark":
        c1, c2, glyph = np.array([0.16, 0.16, 0.17]), np.array([0.05, 0.05, 0.06]), c1
    elif index % 6 == 4:  # some apps have white icons with a coloured glyph
        c1, c2, glyph = np.array([1.0, 1.0, 1.0]), np.array([0.90, 0.91, 0.93]), c2
    return c1, c2, glyph, kind, letter


def icon_tile(size, index, style="colour", angle=0.0, glass=False, shape="squircle", pad=None):
    """An app icon in a tile of side size + 2 pad: (rgb, alpha, pad). The icon's box is
    [pad, pad + size) in the tile when angle == 0."""
    if pad is None:
        pad = int(math.ceil(size * 0.06)) + 2
    cover, t, rim = _icon_fields(size, pad, angle, shape)
    c1, c2, gcol, kind, letter = icon_look(index, style)
    rgb = c1 + (c2 - c1) * t
    gl = _glyph(kind, size, pad, angle, letter if kind == "letter" else "")[..., None]
    rgb += (gcol - rgb) * gl
    if glass:
        # iOS 26: a lighter specular rim just inside the edge, brightest at the top left.
        rgb += (1 - rgb) * rim
    return rgb, cover, pad


_FIELD_CACHE = {}


def _icon_fields(size, pad, angle, shape):
    """The icon's coverage, its gradient parameter t (diagonal, in the icon's frame) and the
    glass rim's strength, for a tile of side size + 2 pad."""
    key = (size, pad, angle, shape)
    if key not in _FIELD_CACHE:
        cover, inner = _shape_samples(size, pad, angle, shape)
        T = size + 2 * pad
        g = np.arange(T) + 0.5 - T / 2
        X, Y = np.meshgrid(g, g)
        if angle:
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            X, Y = X * c - Y * s, X * s + Y * c
        t = np.clip(0.5 + (0.35 * X + 0.94 * Y) / size, 0, 1)[..., None]
        ring = np.clip(cover - inner, 0, 1)
        light = np.clip(0.55 - 0.45 * (X + Y) / size, 0.15, 0.9)
        if len(_FIELD_CACHE) > 40:
            _FIELD_CACHE.clear()
        _FIELD_CACHE[key] = (cover, t, (ring * light)[..., None])
    return _FIELD_CACHE[key]


# ---------------------------------------------------------------------------------------------
# Chrome: status bar, Search pill, dock.


def glass_fill(wall, x, y, w, h, dark, radius_px):
    """Frosted glass over wallpaper[x, y, w, h]: the wallpaper behind, blurred and lightened
    (darkened in dark mode)."""
    H, W = wall.shape[:2]
    m = int(radius_px * 2)
    x0, y0, x1, y1 = max(0, x - m), max(0, y - m), min(W, x + w + m), min(H, y + h + m)
    region = wall[y0:y1, x0:x1]
    # Blur on a 4x smaller copy (the blur is wide), then back up bilinearly to the region's size.
    k = 4
    hh, ww = max(1, (y1 - y0) // k), max(1, (x1 - x0) // k)
    small = _downsample(region[:hh * k, :ww * k], k)
    small = blur(small, radius_px / k)
    full = np.stack([np.asarray(Image.fromarray(np.float32(small[..., i])).resize((x1 - x0, y1 - y0), Image.BILINEAR))
                     for i in range(3)], -1).astype(np.float64)
    out = full[y - y0:y - y0 + h, x - x0:x - x0 + w]
    if dark:
        return out * 0.62 + 0.06
    return out * 0.80 + 0.17


def paint_glass_platter(page, wall, rect, dark, scale):
    x, y, w, h, r = rect
    cover = rrect_cover(w, h, r)
    fill = glass_fill(wall, x, y, w, h, dark, 18 * scale)
    # A bright specular rim, 1 pt, stronger along the top.
    inner = np.zeros_like(cover)
    t = max(1, int(round(scale)))
    inner[t:h - t, t:w - t] = rrect_cover(w - 2 * t, h - 2 * t, max(r - t, 0))
    ring = np.clip(cover - inner, 0, 1)
    yy = np.linspace(1, 0.3, h)[:, None]
    fill = fill * (1 - (ring * yy * 0.6)[..., None]) + (ring * yy * 0.6)[..., None]
    composite(page, x, y, fill, cover)
    return cover


def _status_colour(wall, status_h):
    lum = wall[:status_h].mean(axis=(0, 1)) @ np.array([0.2126, 0.7152, 0.0722])
    return np.zeros(3) if lum > 0.62 else np.ones(3)


def paint_status_bar(page, wall, grid, time_text, edit_mode=False):
    """Time at the left, signal/wifi/battery at the right (centred time on the classic bar).
    Returns the time's box."""
    W = grid["size"][0]
    s = grid["scale"]
    bar_h = chrome_layout(grid)["statusBar"][3]
    colour = _status_colour(wall, bar_h)
    classic = grid["status"] == "classic"
    if edit_mode:
        # Jiggle mode (iOS 18+): "Edit" and "Done" glass buttons at the top, no status items.
        boxes = []
        for label, right in (("Edit", False), ("Done", True)):
            tl = text_layer(label, 15 * s, bold=True)
            bw, bh = tl.shape[1] + 28 * s, 32 * s
            bx = W - 16 * s - bw if right else 16 * s
            by = (bar_h - bh) // 2 + 6 * s
            paint_glass_platter(page, wall, [bx, by, bw, bh, bh // 2], False, s)
            composite(page, bx + (bw - tl.shape[1]) // 2, by + (bh - tl.shape[0]) // 2, np.ones(3) * 0.1, tl)
            boxes.append([bx, by, bw, bh])
        return None
    layer = Image.new("L", (W * SS, bar_h * SS), 0)
    d = ImageDraw.Draw(layer)
    cy = (bar_h * SS) // 2 + (0 if classic else 3 * s * SS)
    u = s * SS  # one point, supersampled
    f = font((12 if classic else 17) * u, bold=True)
    tx = W * SS / 2 if classic else W * SS * 0.165
    d.text((tx, cy), time_text, fill=255, font=f, anchor="mm")
    # Right side, from the right edge: battery, wifi, signal.
    right = W * SS - (6 if classic else 22) * u
    bw, bh = 25 * u, 12 * u
    bx0 = right - bw - 2 * u
    d.rounded_rectangle([bx0, cy - bh / 2, bx0 + bw, cy + bh / 2], radius=3.5 * u, outline=255, width=int(1.2 * u))
    d.rounded_rectangle([bx0 + 2 * u, cy - bh / 2 + 2 * u, bx0 + bw * 0.7, cy + bh / 2 - 2 * u], radius=1.5 * u, fill=255)
    d.rounded_rectangle([bx0 + bw + 1 * u, cy - 2 * u, bx0 + bw + 2.5 * u, cy + 2 * u], radius=1 * u, fill=255)
    wx = bx0 - 7 * u - 8.5 * u  # wifi centre
    for k, rad in enumerate((9.5, 6.2, 2.8)):
        if k < 2:
            d.arc([wx - rad * u, cy + 5 * u - rad * u, wx + rad * u, cy + 5 * u + rad * u], 225, 315, fill=255, width=int(2.2 * u))
        else:
            d.pieslice([wx - rad * u, cy + 5 * u - rad * u, wx + rad * u, cy + 5 * u + rad * u], 225, 315, fill=255)
    sx = wx - 13 * u - 17 * u  # signal: four bars
    if classic:
        sx = 6 * u
    for k in range(4):
        hgt = (3.5 + 2.7 * k) * u
        d.rounded_rectangle([sx + k * 4.6 * u, cy + 5.5 * u - hgt, sx + k * 4.6 * u + 3.2 * u, cy + 5.5 * u], radius=0.8 * u, fill=255)
    cover = _downsample(np.asarray(layer, dtype=np.float64) / 255, SS)
    composite(page, 0, 0, colour, cover)
    tw = f.getlength(time_text) / SS
    return [int(tx / SS - tw / 2) - 4, 0, int(tw) + 8, bar_h]


def status_time_box(grid, time_text):
    """The box the status bar's time may occupy (a generous box around its text)."""
    W, s = grid["size"][0], grid["scale"]
    bar_h = chrome_layout(grid)["statusBar"][3]
    classic = grid["status"] == "classic"
    tw = font((12 if classic else 17) * s, bold=True).getlength(time_text)
    cx = W / 2 if classic else W * 0.165
    return [int(cx - tw / 2) - 3 * s, 0, int(tw) + 6 * s, bar_h]


def paint_pill(page, wall, grid, dark, page_dots=False):
    s = grid["scale"]
    x, y, w, h, r = chrome_layout(grid)["pill"]
    paint_glass_platter(page, wall, [x, y, w, h, r], dark, s)
    # White on the glass, or dark grey when the glass is very light (as the status bar does).
    lum = page[y:y + h, x:x + w].mean(axis=(0, 1)) @ np.array([0.2126, 0.7152, 0.0722])
    ink = np.ones(3) * 0.97 if lum < 0.72 else np.ones(3) * 0.22
    if page_dots:
        # Edit mode: page dots instead of the word Search.
        for k in range(3):
            dot = circle_cover(int(7 * s))
            composite(page, x + w // 2 + (k - 1) * 14 * s - dot.shape[1] // 2, y + (h - dot.shape[0]) // 2,
                      ink, dot * (1.0 if k == 0 else 0.45))
        return
    tl = text_layer("Search", 15 * s, bold=False)
    # Magnifier: a ring and a handle, drawn supersampled.
    m = int(14 * s)
    im = Image.new("L", (m * SS, m * SS), 0)
    dd = ImageDraw.Draw(im)
    u = s * SS
    dd.ellipse([1 * u, 1 * u, 10 * u, 10 * u], outline=255, width=int(1.8 * u))
    dd.line([(8.5 * u, 8.5 * u), (13 * u, 13 * u)], fill=255, width=int(2 * u))
    mag = _downsample(np.asarray(im, dtype=np.float64) / 255, SS)
    total = m + 5 * s + tl.shape[1]
    x0 = x + (w - total) // 2
    composite(page, x0, y + (h - m) // 2, ink, mag)
    composite(page, x0 + m + 5 * s, y + (h - tl.shape[0]) // 2, ink, tl)


def paint_dock(page, wall, grid, dark, seed, glass_icons, shape):
    lay = chrome_layout(grid)
    s = grid["scale"]
    paint_glass_platter(page, wall, lay["dock"], dark, s)
    style = "dark" if dark else "colour"
    for k, (x, y, size, _) in enumerate(lay["dockIcons"]):
        rgb, cover, pad = icon_tile(size, 500 + seed * 4 + k, style, 0.0, glass_icons, shape)
        composite(page, x - pad, y - pad, rgb, cover)


# ---------------------------------------------------------------------------------------------
# Things on the page.


def paint_label(page, text, cx, top, scale):
    """White app name centred at cx, its cap top at `top`, with a faint dark shadow. Returns the
    box of every pixel it touched."""
    px = 12 * scale
    f = font(px)
    pad = 3 * scale
    w = int(f.getlength(text)) + 2 * pad
    h = int(px * 1.4) + 2 * pad
    im = Image.new("L", (w * 2, h * 2), 0)
    f2 = font(px * 2)
    ImageDraw.Draw(im).text((pad * 2, pad * 2 - f2.getbbox("H")[1]), text, fill=255, font=f2)
    cover = _downsample(np.asarray(im, dtype=np.float64) / 255, 2)
    shadow = blur(np.roll(cover, scale // 2 + 1, axis=0), 1.2 * scale)
    shadow[shadow < 0.004] = 0
    x0, y0 = int(round(cx - w / 2)), top - pad
    darken(page, x0, y0, shadow, 0.35)
    composite(page, x0, y0, np.ones(3), cover)
    return nonzero_box(np.maximum(cover, shadow), x0, y0)


def paint_badge(page, x, y, size, number, scale):
    """Red notification badge over the icon's top-right corner, sticking out by ~ size / 6."""
    d = int(round(size * 0.36))
    out = size // 6
    text = str(number)
    tl = text_layer(text, d * 0.62, bold=True, ss=2)
    bw = max(d, tl.shape[1] + d // 2)
    right, top = x + size + out, y - out
    bx = right - bw
    cover = rrect_cover(bw, d, d / 2)
    composite(page, bx, top, np.array([1.0, 0.23, 0.19]), cover)
    composite(page, bx + (bw - tl.shape[1]) // 2, top + (d - tl.shape[0]) // 2, np.ones(3), tl)
    return [bx, top, bw, d]


def paint_minus_badge(page, cx, cy, size):
    """Jiggle mode's delete badge: a grey circle with a minus, at the icon's top left."""
    d = int(round(size * 0.30))
    cover = circle_cover(d)
    x0, y0 = int(round(cx - d / 2)), int(round(cy - d / 2))
    composite(page, x0, y0, np.array([0.55, 0.55, 0.57]), cover * 0.92)
    bar = np.zeros((d, d))
    t = max(2, d // 9)
    bar[d // 2 - t // 2:d // 2 - t // 2 + t, d // 4:d - d // 4] = 1
    composite(page, x0, y0, np.ones(3) * 0.05, bar)
    return [x0, y0, d, d]


def paint_folder(page, wall, x, y, size, seed, dark, shape):
    """A folder: an icon-sized rounded square of frosted glass with a 3 x 3 grid of tiny icons."""
    cover, _ = _shape_samples(size, 0, 0.0, shape)
    fill = glass_fill(wall, x, y, size, size, dark, 10 * max(1, size / 64))
    composite(page, x, y, fill, cover)
    mini = int(round(size * 0.19))
    margin = size * 0.13
    step = (size - 2 * margin - mini) / 2
    for i in range(9):
        gx, gy = i % 3, i // 3
        rgb, mc, mp = icon_tile(mini, 700 + seed * 9 + i, "dark" if dark else "colour", 0.0, False, shape, pad=0)
        composite(page, int(round(x + margin + gx * step)), int(round(y + margin + gy * step)), rgb, mc)


def paint_widget(page, rect, kind, scale, dark):
    """An opaque widget on its slot: a clock, weather or a calendar-ish colour card."""
    x, y, w, h = rect
    im = Image.new("RGB", (w, h), (0, 0, 0))
    d = ImageDraw.Draw(im)
    if kind == "clock":
        im.paste((28, 28, 30) if not dark else (12, 12, 13), (0, 0, w, h))
        cx, cy = w / 2, h / 2
        rad = min(w, h) * 0.42
        for k in range(12):
            a = math.radians(k * 30)
            r0 = rad * (0.82 if k % 3 else 0.74)
            d.line([(cx + r0 * math.sin(a), cy - r0 * math.cos(a)), (cx + rad * math.sin(a), cy - rad * math.cos(a))],
                   fill=(240, 240, 240), width=max(2, int(scale * 1.5)))
        d.line([(cx, cy), (cx + rad * 0.5 * math.sin(math.radians(305)), cy - rad * 0.5 * math.cos(math.radians(305)))],
               fill=(255, 255, 255), width=int(4 * scale))
        d.line([(cx, cy), (cx + rad * 0.75 * math.sin(math.radians(246)), cy - rad * 0.75 * math.cos(math.radians(246)))],
               fill=(255, 255, 255), width=int(3 * scale))
        d.line([(cx, cy), (cx + rad * 0.8 * math.sin(math.radians(40)), cy - rad * 0.8 * math.cos(math.radians(40)))],
               fill=(255, 149, 0), width=int(1.5 * scale))
        d.ellipse([cx - 4 * scale, cy - 4 * scale, cx + 4 * scale, cy + 4 * scale], fill=(255, 149, 0))
        label = "Clock"
    else:
        top, bottom = ((64, 140, 230), (30, 80, 180)) if kind == "weather" else ((250, 120, 90), (200, 60, 130))
        arr = np.linspace(0, 1, h)[:, None, None] * (np.array(bottom) - np.array(top)) + np.array(top)
        im = Image.fromarray(np.uint8(np.broadcast_to(arr, (h, w, 3))))
        d = ImageDraw.Draw(im)
        fb, fs = font(int(34 * scale), bold=True), font(int(13 * scale))
        if kind == "weather":
            d.text((16 * scale, 14 * scale), "Cupertino", fill=(255, 255, 255), font=font(int(15 * scale), bold=True))
            d.text((16 * scale, 34 * scale), "21\u00b0", fill=(255, 255, 255), font=fb)
            d.ellipse([w - 54 * scale, 16 * scale, w - 18 * scale, 52 * scale], fill=(255, 214, 10))
            d.text((16 * scale, h - 38 * scale), "Sunny", fill=(255, 255, 255), font=fs)
            d.text((16 * scale, h - 22 * scale), "H:24\u00b0 L:13\u00b0", fill=(255, 255, 255), font=fs)
            label = "Weather"
        else:
            d.text((16 * scale, 14 * scale), "TUESDAY", fill=(255, 255, 255), font=font(int(12 * scale), bold=True))
            d.text((16 * scale, 30 * scale), "14", fill=(255, 255, 255), font=fb)
            for k in range(3):
                d.rounded_rectangle([16 * scale, (84 + 22 * k) * scale, w - 16 * scale, (100 + 22 * k) * scale],
                                    radius=4 * scale, fill=(255, 255, 255, 90))
            label = "Calendar"
    rgb = np.asarray(im, dtype=np.float64) / 255
    cover = rrect_cover(w, h, round(min(w, h) * 0.135))
    composite(page, x, y, rgb, cover)
    return label


# ---------------------------------------------------------------------------------------------
# Pages and pairs.

DEFAULTS = {
    "grid": "1179x2556", "wallpaper": "photo:LadyBird.jpg", "dark": False,
    "homeWallpaper": None, "homeDark": None, "emptyGrid": None, "swap": False,
    "rowsWithIcons": None, "columnsWithIcons": None, "holes": [], "cells": None,
    "widgets": [], "folders": [], "badges": [], "jiggle": False, "jiggleChrome": False,
    "shadow": False, "glass": False, "shape": "squircle", "labels": None,
    "time": "9:41", "homeTime": None, "seed": 0,
}


def _cells(spec, grid):
    """The (column, row) cells, 1-based, that hold an icon on the home page."""
    if spec["cells"] is not None:
        return [tuple(c) for c in spec["cells"]]
    rows = spec["rowsWithIcons"] or list(range(1, len(grid["rows"]) + 1))
    cols = spec["columnsWithIcons"] or [1, 2, 3, 4]
    holes = {tuple(h) for h in spec["holes"]}
    covered = set()
    for slot, _ in spec["widgets"]:
        c0, c1, r0, r1 = SLOT_CELLS[slot]
        covered |= {(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    return [(c, r) for r in rows for c in cols if (c, r) not in holes and (c, r) not in covered]


def paint_chrome(page, wall, grid, dark, time_text, seed, glass_icons, shape, edit_mode=False):
    time_box = paint_status_bar(page, wall, grid, time_text, edit_mode)
    paint_pill(page, wall, grid, dark, page_dots=edit_mode)
    paint_dock(page, wall, grid, dark, seed, glass_icons, shape)
    return time_box


def paint_home_content(page, wall, grid, spec, dark):
    """App icons, folders, badges, widgets on the page; returns (icons, widgets) truth lists."""
    s, size = grid["scale"], grid["icon"]
    cols, rows = grid["columns"], grid["rows"]
    labels = spec["labels"] if spec["labels"] is not None else grid["setting"] == "small"
    style = "dark" if dark else "colour"
    folders = {tuple(f) for f in spec["folders"]}
    badges = {(b[0], b[1]): b[2] for b in spec["badges"]}
    rng = np.random.default_rng(4242 + spec["seed"])
    icons, widgets = [], []
    slots = rule_slots(grid, s)
    for n, (slot, kind) in enumerate(spec["widgets"]):
        rect = slots[slot]
        label = paint_widget(page, rect, kind, s, dark)
        entry = {"slot": slot, "rect": rect, "kind": kind}
        if labels:
            entry["label"] = paint_label(page, label, rect[0] + rect[2] / 2, rect[1] + rect[3] + 5 * s, s)
        widgets.append(entry)
    for n, (c, r) in enumerate(_cells(spec, grid)):
        x, y = cols[c - 1], rows[r - 1]
        index = spec["seed"] * 37 + (r - 1) * 4 + (c - 1)
        entry = {"x": x, "y": y, "size": size, "kind": "app", "cell": [c, r]}
        marks = []
        if (c, r) in folders:
            entry["kind"] = "folder"
            paint_folder(page, wall, x, y, size, index, dark, spec["shape"])
            name = ["Utilities", "Games", "Social", "Travel"][n % 4]
        else:
            angle = 0.0
            if spec["jiggle"]:
                # +-2..3 degrees (in half-degree steps, so that tiles are reused).
                angle = float(rng.choice([-3.0, -2.5, -2.0, 2.0, 2.5, 3.0]))
                entry["kind"] = "jiggle"
                entry["angle"] = round(angle, 3)
            rgb, cover, pad = icon_tile(size, index, style, angle, spec["glass"], spec["shape"])
            if spec["shadow"]:
                big = np.zeros((cover.shape[0] + 8 * s, cover.shape[1] + 8 * s))
                big[4 * s:-4 * s, 4 * s:-4 * s] = cover
                sh = blur(np.roll(big, int(1.5 * s), axis=0), 2.5 * s)
                sh[sh < 0.004] = 0
                darken(page, x - pad - 4 * s, y - pad - 4 * s, sh, 0.30)
                marks.append(nonzero_box(sh, x - pad - 4 * s, y - pad - 4 * s))
            composite(page, x - pad, y - pad, rgb, cover)
            if angle:
                marks.append(nonzero_box(cover, x - pad, y - pad))
                # Delete badge at the top-left corner, turned with the icon.
                a = math.radians(angle)
                ox, oy = -size / 2 + size * 0.06, -size / 2 + size * 0.06
                cx = x + size / 2 + ox * math.cos(a) + oy * math.sin(a)
                cy = y + size / 2 - ox * math.sin(a) + oy * math.cos(a)
                marks.append(paint_minus_badge(page, cx, cy, size))
            name = APP_NAMES[index % len(APP_NAMES)]
        if (c, r) in badges:
            entry["kind"] = "badged" if entry["kind"] == "app" else entry["kind"]
            entry["badge"] = paint_badge(page, x, y, size, badges[(c, r)], s)
            marks.append(entry["badge"])
        if labels:
            entry["label"] = paint_label(page, name, x + size / 2, y + size + 5 * s, s)
            entry["name"] = name
        if marks:
            entry["marks"] = [m for m in marks if m]
        icons.append(entry)
    return icons, widgets


def _expect(spec, grid, icons, empty_grid):
    if spec["swap"]:
        return "refused: wrong way round (the pages are swapped)"
    if empty_grid is not grid and empty_grid["size"] != grid["size"]:
        return "refused: another size"
    if spec["homeWallpaper"] and spec["homeWallpaper"] != spec["wallpaper"]:
        return "refused: another wallpaper"
    home_dark = spec["dark"] if spec["homeDark"] is None else spec["homeDark"]
    if home_dark != spec["dark"]:
        return "refused: light against dark"
    if spec["jiggle"]:
        return "refused: jiggle mode"
    if not icons:
        return "refused: no icons"
    ncols = len({i["x"] for i in icons})
    nrows = len({i["y"] for i in icons})
    if ncols < 2 and nrows < 2:
        return "refused: too few icons"
    unknown = (["columns"] if ncols < 2 else []) + (["rows"] if nrows < 2 else [])
    return {"unknownAxes": unknown} if unknown else "measured"


def paint_pair(spec):
    """(empty, home, truth) for a spec dict (see DEFAULTS and README.md)."""
    spec = dict(DEFAULTS, **spec)
    grid = GRIDS[spec["grid"]]
    empty_grid = GRIDS[spec["emptyGrid"]] if spec["emptyGrid"] else grid
    s = grid["scale"]
    dark_e = spec["dark"]
    dark_h = spec["dark"] if spec["homeDark"] is None else spec["homeDark"]
    wall_e = wallpaper(spec["wallpaper"], empty_grid["size"], dark_e)
    wall_h = wallpaper(spec["homeWallpaper"] or spec["wallpaper"], grid["size"], dark_h)
    time_h = spec["homeTime"] or spec["time"]

    empty = wall_e.copy()
    paint_chrome(empty, wall_e, empty_grid, dark_e, spec["time"], spec["seed"], spec["glass"], spec["shape"])
    edit_mode = bool(spec["jiggle"] and spec["jiggleChrome"])
    same_chrome = wall_e is wall_h and empty_grid is grid and dark_e == dark_h and not edit_mode
    if same_chrome:
        # Page content never overlaps the chrome, so the home page is the empty page with the
        # content painted on it (the chrome is then identical to the pixel, as on a real phone).
        home = empty.copy()
    else:
        home = wall_h.copy()
    icons, widgets = paint_home_content(home, wall_h, grid, spec, dark_h)
    if not same_chrome:
        paint_chrome(home, wall_h, grid, dark_h, time_h, spec["seed"], spec["glass"], spec["shape"], edit_mode)
    elif time_h != spec["time"]:
        bar = chrome_layout(grid)["statusBar"]
        home[:bar[3]] = wall_h[:bar[3]]
        paint_status_bar(home, wall_h, grid, time_h)
    a, b = status_time_box(grid, spec["time"]), status_time_box(grid, time_h)
    home_time_box = None if edit_mode else [min(a[0], b[0]), 0, max(a[0] + a[2], b[0] + b[2]) - min(a[0], b[0]), a[3]]
    lay = chrome_layout(grid)
    truth = {
        "size": grid["size"], "scale": s, "setting": grid["setting"], "icon": grid["icon"],
        "columns": grid["columns"], "rows": grid["rows"],
        "rowsWithIcons": sorted({i["cell"][1] for i in icons}),
        "columnsWithIcons": sorted({i["cell"][0] for i in icons}),
        "gridSource": grid["source"], "grid": spec["grid"],
        "icons": icons,
        "dock": [{"x": b[0], "y": b[1], "size": b[2]} for b in lay["dockIcons"]],
        "chrome": {"statusBar": lay["statusBar"], "pill": lay["pill"][:4], "dock": lay["dock"][:4],
                   "timeBox": home_time_box, "timeDiffers": time_h != spec["time"],
                   "editMode": bool(spec["jiggle"] and spec["jiggleChrome"])},
        "widgets": widgets,
        "slots": rule_slots(grid, s),
        "wallpaper": {"empty": spec["wallpaper"] + (" (dark)" if dark_e else ""),
                      "home": (spec["homeWallpaper"] or spec["wallpaper"]) + (" (dark)" if dark_h else "")},
        "swapped": bool(spec["swap"]),
        "expect": _expect(spec, grid, icons, empty_grid),
    }
    if empty_grid is not grid:
        truth["emptySize"] = empty_grid["size"]
    if spec["swap"]:
        empty, home = home, empty
    return empty, home, truth


# ---------------------------------------------------------------------------------------------
# Saving.


def samples_of(pixels, depth):
    maximum = 65535 if depth == 16 else 255
    work = np.multiply(pixels, maximum, dtype=np.float64 if pixels.dtype == np.float64 else np.float32)
    np.rint(work, out=work)
    np.clip(work, 0, maximum, out=work)
    return work.astype(np.uint16 if depth == 16 else np.uint8)


def quantise(pictures, colours=256):
    """One shared palette for several pictures (so that equal pixels get equal indices on every
    page): [(indices HxW uint8)], palette (N x 3 uint8). No dithering."""
    first = Image.fromarray(samples_of(pictures[0], 8))
    q = first.quantize(colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = [np.asarray(Image.fromarray(samples_of(p, 8)).quantize(palette=q, dither=Image.Dither.NONE)) for p in pictures]
    pal = np.array(q.getpalette()[:3 * colours], dtype=np.uint8).reshape(-1, 3)
    return out, pal


def decode_palette(indices, palette):
    return palette[indices].astype(np.float64) / 255


def save_indexed(path, indices, palette, interlaced=False, p3=False):
    extra = [(b"PLTE", palette.tobytes())] + ([(b"iCCP", widget_scenes.display_p3_profile())] if p3 else [])
    pngfiles.write(path, indices[:, :, None].astype(np.uint8), 3, 8, extra, interlaced, level=0)


def save(path, pixels, depth=8, p3=False, palette=False, interlaced=False):
    """Floats 0..1 as an RGB PNG of `depth` bits (or a palette PNG of its own 256 colours),
    tagged Display P3 (iCCP) when `p3`, Adam7-interlaced when `interlaced`."""
    if palette:
        (indices,), pal = quantise([pixels])
        save_indexed(path, indices, pal, interlaced, p3)
        return
    extra = [(b"iCCP", widget_scenes.display_p3_profile())] if p3 else []
    pngfiles.write(path, samples_of(pixels, depth), 2, depth, extra, interlaced, level=0)
