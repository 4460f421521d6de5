"""Wallpaper generators for the hostile "check my widgets" scenes: textures that repeat (tiles,
stripes, bricks, glyph grids, checkerboards, dots, a tiled photograph), textures that repeat
along one axis only, and wallpapers flat along one axis (gradients).

Every generator takes `size` = (width, height) and its parameters and returns a `Texture`
(`make(spec, size)` calls one from a spec dict and attaches the declared lattice; `lattice(spec)`
states the periods without painting, `symmetry(spec, window)` as periods along x and y):
  image    floats 0..1, height x width x 3 (what the page shows)
  periodic the array (height x width x C) on which every shift below is exact: the image itself,
           or the image before the slow shading was multiplied over it, or the glyph coverage of
           a glyph grid drawn on a gradient
  shifts   integer vectors (sx, sy) spanning the shifts under which `image` equals itself exactly
           (a wallpaper flat along x has (1, 0); stripes at 45 deg have (1, -1))
  near     shifts under which only `periodic` is exact: `image` is the same pattern on a
           slightly different shading, so a matcher that allows for gain and offset (as a
           widget's overlay needs) cannot tell them apart either
  shading  the slow field multiplied over the pattern (or None)

Every repeating texture is one tile repeated with np.tile, so its periods are exact by
construction (selfcheck.py checks them anyway). Pure numpy (and Pillow for glyphs); seeded.
"""
import math
import os
import sys
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
WIDGET_SCENES = os.path.join(HERE, "..", "WidgetScenes")
sys.path.insert(0, WIDGET_SCENES)
import widget_scenes as ws  # noqa: E402  (found through the path set just above)


@dataclass
class Texture:
    image: np.ndarray
    periodic: np.ndarray
    shifts: list
    near: list = field(default_factory=list)
    shading: np.ndarray = None


# ---------------------------------------------------------------- lattice arithmetic


def in_lattice(points, basis):
    """Which integer points (N x 2) are integer combinations of `basis` (at most two vectors)."""
    points = np.asarray(points, np.int64).reshape(-1, 2)
    if not basis:
        return (points == 0).all(axis=1)
    if len(basis) == 1 or basis[0][0] * basis[1][1] - basis[0][1] * basis[1][0] == 0:
        # One direction: the multiples of m u, u the primitive vector along it, m the gcd of the
        # basis vectors' multiples of u.
        first = next(v for v in basis if tuple(v) != (0, 0))
        g = math.gcd(int(first[0]), int(first[1]))
        u = (first[0] // g, first[1] // g)
        m = 0
        for v in basis:
            m = math.gcd(m, int(v[0] // u[0]) if u[0] else int(v[1] // u[1]))
        b = np.array([u[0] * m, u[1] * m], np.int64)
        cross = points[:, 0] * b[1] - points[:, 1] * b[0]
        along = points[:, 0] * b[0] + points[:, 1] * b[1]
        norm = b[0] * b[0] + b[1] * b[1]
        return (cross == 0) & (along % norm == 0)
    if len(basis) > 2:
        raise ValueError("at most two basis vectors")
    (a, b), (c, d) = basis
    det = a * d - b * c
    # Solve k1 (a, b) + k2 (c, d) = (x, y): k1 = (x d - y c) / det, k2 = (a y - b x) / det.
    x, y = points[:, 0], points[:, 1]
    return ((x * d - y * c) % det == 0) & ((a * y - b * x) % det == 0)


_LATTICE_CACHE = {}


def lattice_points(basis, box):
    """Every point of the lattice spanned by `basis` (integer vectors) in [-box, box]^2, 0 included."""
    key = (tuple(tuple(int(c) for c in v) for v in basis), int(box))
    if key not in _LATTICE_CACHE:
        r = np.arange(-box, box + 1)
        grid = np.stack(np.meshgrid(r, r, indexing="xy"), axis=-1).reshape(-1, 2)
        _LATTICE_CACHE[key] = grid[in_lattice(grid, list(key[0]))]
    return _LATTICE_CACHE[key]


def axis_period(basis, axis, limit=400):
    """The smallest k > 0 such that k along `axis` (0 = x, 1 = y) is in the lattice, or None."""
    ks = np.arange(1, limit + 1)
    points = np.zeros((limit, 2), np.int64)
    points[:, axis] = ks
    hits = ks[in_lattice(points, basis)]
    return int(hits[0]) if hits.size else None


def aliases(d, basis, window):
    """Offsets d' = d + v (v != 0 in the lattice) with |d'x|, |d'y| <= window: the other answers a
    search of that window cannot tell from d."""
    d = np.asarray(d, np.int64)
    points = lattice_points(basis, 2 * window + 2)
    moved = points + d
    keep = (np.abs(moved) <= window).all(axis=1) & (np.abs(points).sum(axis=1) > 0)
    return [tuple(int(v) for v in p) for p in moved[keep]]


# ---------------------------------------------------------------- helpers


def smooth_noise(shape, sigma, rng, channels=3):
    """Gaussian-filtered white noise, circular (so exactly periodic with the array's own size),
    each channel stretched to 0..1."""
    h, w = shape
    noise = rng.standard_normal((h, w, channels))
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    transfer = np.exp(-2 * (math.pi ** 2) * sigma ** 2 * (fx ** 2 + fy ** 2))
    out = np.real(np.fft.ifft2(np.fft.fft2(noise, axes=(0, 1)) * transfer[:, :, None], axes=(0, 1)))
    lo, hi = out.min(axis=(0, 1)), out.max(axis=(0, 1))
    return (out - lo) / np.maximum(hi - lo, 1e-12)


def tile_to(tile, size):
    """`tile` (th x tw x C) repeated to fill size = (width, height), anchored at (0, 0)."""
    width, height = size
    th, tw = tile.shape[:2]
    reps = (-(-height // th), -(-width // tw), 1)
    return np.tile(tile, reps)[:height, :width].copy()


def gaussian_blur(image, sigma):
    """A Gaussian blur (standard deviation `sigma` px) of an H x W x C array, edges extended by
    reflection; separable, by FFT along each axis of the padded array."""
    if sigma <= 0:
        return image.copy()
    pad = math.ceil(4 * sigma)
    padded = np.pad(image, ((pad, pad), (pad, pad), (0, 0)), mode="reflect")
    for axis in (0, 1):
        n = _fast_length(padded.shape[axis])
        f = np.fft.rfftfreq(n)
        transfer = np.exp(-2 * (math.pi ** 2) * sigma ** 2 * f ** 2)
        shape = [1, 1, 1]
        shape[axis] = f.size
        length = padded.shape[axis]
        padded = np.fft.irfft(np.fft.rfft(padded, n=n, axis=axis) * transfer.reshape(shape), n=n, axis=axis)
        padded = padded.take(np.arange(length), axis=axis)
    return padded[pad:-pad, pad:-pad]


def _fast_length(n):
    """The smallest 5-smooth length >= n (fast for pocketfft). The extra zeros lie beyond the
    reflected margin of 4 sigma, where the kernel is negligible."""
    while True:
        m = n
        for p in (2, 3, 5):
            while m % p == 0:
                m //= p
        if m == 1:
            return n
        n += 1


def shading_field(size, seed=0, strength=0.3):
    """A slow multiplicative field (one to two swings over the page, both axes, a little colour):
    values in about [1 - strength, 1]."""
    width, height = size
    rng = np.random.default_rng(1000 + seed)
    phase = rng.uniform(0, 2 * math.pi, 4)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    base = 0.5 + 0.25 * np.sin(x / 610.0 + phase[0]) + 0.25 * np.cos(y / 870.0 + phase[1] + x / 2300.0)
    tint = np.array([1.0, 0.96, 0.9]) if seed % 2 == 0 else np.array([0.9, 0.97, 1.0])
    field_ = (1 - strength) + strength * base
    return field_[:, :, None] * tint


def shaded(texture, size, shade, seed):
    """Multiplies a slow field over an exactly periodic texture: every exact shift becomes near."""
    if not shade:
        return texture
    s = shading_field(size, seed, strength=0.3 if shade is True else float(shade))
    return Texture(texture.image * s, texture.periodic, [], texture.shifts + texture.near, s)


def palette_colours(seed, n=3):
    rng = np.random.default_rng(500 + seed)
    return rng.uniform(0.12, 0.9, (n, 3))


def font(size_px, bold=True):
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(name, size_px)
    except OSError:
        return ImageFont.load_default()


# ---------------------------------------------------------------- generators (periodic)


def tiles(size, period=24, seed=0, shade=False, period_y=None):
    """A texture tile of `period` x `period_y` px (noise at two scales, three colours)
    repeated in both directions."""
    py = period_y or period
    rng = np.random.default_rng(seed)
    fine = smooth_noise((py, period), 0.8, rng)
    coarse = smooth_noise((py, period), max(2.0, period / 6), rng)
    t = 0.55 * coarse + 0.45 * fine
    colours = palette_colours(seed)
    tile = colours[0] * (1 - t[:, :, :1]) + colours[1] * t[:, :, 1:2] * 0.8 + colours[2] * t[:, :, 2:3] * 0.4
    tile = np.clip(tile, 0, 1)
    image = tile_to(tile, size)
    return shaded(Texture(image, image, [(period, 0), (0, py)]), size, shade, seed)


def _stripe_profile(u, seed):
    """A stripe's colour at phase u in [0, 1): a soft band, a thin sharp line and a slow ramp,
    so that the profile is not symmetric."""
    colours = palette_colours(seed, 3)
    band = 0.5 + 0.5 * np.tanh(6 * np.sin(2 * math.pi * u))
    line = np.exp(-((u - 0.8) ** 2) / (2 * 0.03 ** 2))
    out = colours[0] * (1 - band[..., None]) + colours[1] * band[..., None]
    out = out * (0.85 + 0.15 * u[..., None])
    return np.clip(out * (1 - 0.6 * line[..., None]) + colours[2] * 0.6 * line[..., None], 0, 1)


def stripes(size, period=30, direction="h", seed=0, shade=False):
    """Stripes with `period` px along the axis they vary on. direction: "h" (horizontal stripes:
    vary along y, flat along x), "v" (vary along x), "d45" (constant along x + y = c: seen as
    rising diagonals; period `period` along x and along y), "d135" (constant along x - y = c)."""
    p = period
    y, x = np.mgrid[0:p, 0:p].astype(np.float64)
    phase = {"h": y, "v": x, "d45": x + y, "d135": x - y}[direction]
    tile = _stripe_profile(np.mod(phase, p) / p, seed)
    image = tile_to(tile, size)
    shifts = {"h": [(1, 0), (0, p)], "v": [(p, 0), (0, 1)], "d45": [(p, 0), (1, -1)], "d135": [(p, 0), (1, 1)]}[direction]
    return shaded(Texture(image, image, shifts), size, shade, seed)


def bricks(size, brick=48, height=24, mortar=3, seed=0, shade=False):
    """Bricks `brick` x `height` px, each row offset by half a brick; every brick alike (a face
    with a little shading and a speck). Lattice (brick, 0), (brick/2, height)."""
    assert brick % 2 == 0
    colours = palette_colours(seed, 3)
    th, tw = 2 * height, brick
    y, x = np.mgrid[0:th, 0:tw].astype(np.float64)
    row = (y // height).astype(int)
    xs = np.mod(x + row * (brick // 2), brick)
    ys = np.mod(y, height)
    face = (xs >= mortar) & (ys >= mortar)
    shade_in = 0.8 + 0.2 * (xs / brick) * (1 - ys / height)
    speck = np.exp(-((xs - brick * 0.7) ** 2 + (ys - height * 0.6) ** 2) / 6.0)
    tile = np.where(face[..., None], colours[0] * shade_in[..., None], colours[1])
    tile = tile * (1 - 0.5 * speck[..., None]) + colours[2] * 0.5 * speck[..., None]
    image = tile_to(np.clip(tile, 0, 1), size)
    return shaded(Texture(image, image, [(brick, 0), (brick // 2, height)]), size, shade, seed)


def checkerboard(size, square=20, seed=0, shade=False):
    """Squares of `square` px in two colours (with a faint in-square ramp). Lattice (2s, 0), (s, s)."""
    s = square
    colours = palette_colours(seed, 2)
    y, x = np.mgrid[0:2 * s, 0:2 * s]
    parity = ((x // s + y // s) % 2)[..., None]
    ramp = (0.9 + 0.1 * ((x % s) / s))[..., None]
    tile = np.where(parity == 0, colours[0], colours[1]) * ramp
    image = tile_to(tile, size)
    return shaded(Texture(image, image, [(2 * s, 0), (s, s)]), size, shade, seed)


def dots(size, spacing=36, radius=9, offset_rows=False, seed=0, shade=False):
    """Anti-aliased dots every `spacing` px on a square grid, or with every other row offset by
    half a spacing (lattice (spacing, 0), (spacing/2, spacing))."""
    p = spacing
    colours = palette_colours(seed, 2)
    th = 2 * p if offset_rows else p
    ss = 4
    y, x = np.mgrid[0:th * ss, 0:p * ss].astype(np.float64)
    x, y = (x + 0.5) / ss, (y + 0.5) / ss
    cover = np.zeros_like(x)
    centres = [(p / 2, p / 2)]
    if offset_rows:
        centres = [(p / 2, p / 2), (0, 1.5 * p), (p, 1.5 * p)]
    for cx, cy in centres:
        cover = np.maximum(cover, ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2).astype(float))
    cover = cover.reshape(th, ss, p, ss).mean(axis=(1, 3))[..., None]
    tile = colours[0] * (1 - cover) + colours[1] * cover
    image = tile_to(tile, size)
    shifts = [(p, 0), (p // 2, p)] if offset_rows else [(p, 0), (0, p)]
    if offset_rows:
        assert p % 2 == 0
    return shaded(Texture(image, image, shifts), size, shade, seed)


def glyph_grid(size, spacing=48, char="A", background="vertical_gradient", seed=0):
    """A character every `spacing` px (both ways), white, on a background: "vertical_gradient"
    (widget_scenes' curved gradient, flat from side to side: the grid repeats exactly along x and
    only nearly along y) or "solid" (repeats exactly both ways)."""
    p = spacing
    layer = Image.new("L", (p * 4, p * 4), 0)
    draw = ImageDraw.Draw(layer)
    draw.text((p * 4 * 0.22, p * 4 * 0.08), char, fill=255, font=font(int(p * 4 * 0.72)))
    coverage = np.asarray(layer.resize((p, p), Image.BOX), dtype=np.float64)[..., None] / 255 * 0.9
    g = tile_to(coverage, size)
    if background == "solid":
        back = ws.solid(size, tuple(palette_colours(seed, 1)[0] * 0.7))
        image = back * (1 - g) + g
        return Texture(image, image, [(p, 0), (0, p)])
    back = ws.vertical_gradient(size)
    image = back * (1 - g) + g
    return Texture(image, g, [(p, 0)], [(0, p)])


def photo_tile(size, name="LadyBird.jpg", tile=64, at=(256, 2304), shade=False, seed=0):
    """A `tile` x `tile` crop of a photograph (taken at `at` of the photograph filling the page)
    repeated in both directions."""
    full = _photo(name, size)
    x, y = at
    piece = full[y:y + tile, x:x + tile]
    image = tile_to(piece, size)
    return shaded(Texture(image, image, [(tile, 0), (0, tile)]), size, shade, seed)


# ---------------------------------------------------------------- one axis only


def photo_strip(size, name="Garden.jpg", period=64, axis="x", at=600, seed=0):
    """A strip of a photograph `period` px wide (axis "x": a column band, repeated across) or
    tall (axis "y": a row band, repeated down): repeats along that axis only."""
    full = _photo(name, size)
    _width, _height = size
    if axis == "x":
        image = tile_to(full[:, at:at + period], size)
        return Texture(image, image, [(period, 0)])
    image = tile_to(full[at:at + period, :], size)
    return Texture(image, image, [(0, period)])


def noise_strip(size, period=40, axis="x", seed=0):
    """Smooth two-scale noise, circular with `period` along `axis` and not repeating along the
    other (its period there is the page's whole length)."""
    width, height = size
    rng = np.random.default_rng(seed)
    shape = (height, period) if axis == "x" else (period, width)
    t = 0.6 * smooth_noise(shape, 3.0, rng) + 0.4 * smooth_noise(shape, 1.0, rng)
    colours = palette_colours(seed)
    tile = np.clip(colours[0] * (1 - t[..., :1]) + colours[1] * t[..., 1:2] + 0.3 * colours[2] * t[..., 2:3], 0, 1)
    image = tile_to(tile, size)
    return Texture(image, image, [(period, 0)] if axis == "x" else [(0, period)])


# ---------------------------------------------------------------- flat along one axis / none


def vertical_gradient(size, seed=0):
    """widget_scenes' curved vertical gradient: flat along x."""
    image = ws.vertical_gradient(size)
    return Texture(image, image, [(1, 0)])


def horizontal_gradient(size, seed=0):
    """The same curve turned on its side: flat along y (every row alike)."""
    width, height = size
    t = np.linspace(0, 1, width)[None, :]
    curve = 0.5 - 0.5 * np.cos(np.pi * (t * 1.6 + 0.15 * np.sin(7 * t)))
    left, right = np.array([0.75, 0.2, 0.35]), np.array([0.2, 0.7, 0.55])
    row = left + (right - left) * curve[..., None]
    image = np.repeat(row, height, axis=0)
    return Texture(image, image, [(0, 1)])


_PHOTOS = {}


def _photo(name, size):
    key = (name, tuple(size))
    if key not in _PHOTOS:
        _PHOTOS[key] = ws.photo(name, size)
    return _PHOTOS[key]


def photo(size, name="LadyBird.jpg", seed=0):
    """A photograph filling the page (repeats nowhere)."""
    image = _photo(name, size)
    return Texture(image, image, [])


def waves(size, seed=0):
    image = ws.waves(size)
    return Texture(image, image, [])


GENERATORS = {
    "tiles": tiles, "stripes": stripes, "bricks": bricks, "checkerboard": checkerboard, "dots": dots,
    "glyph_grid": glyph_grid, "photo_tile": photo_tile, "photo_strip": photo_strip, "noise_strip": noise_strip,
    "vertical_gradient": vertical_gradient, "horizontal_gradient": horizontal_gradient, "photo": photo, "waves": waves,
}


def full_params(spec):
    """A spec's parameters with the generator's defaults filled in."""
    import inspect
    signature = inspect.signature(GENERATORS[spec["kind"]])
    params = {name: p.default for name, p in signature.parameters.items() if name != "size"}
    params.update({k: v for k, v in spec.items() if k != "kind"})
    return params


def lattice(spec):
    """The declared symmetry of a wallpaper spec, without painting it: (exact shifts, near
    shifts). The one place the truth about periods is stated; selfcheck.py verifies it against
    the painted image."""
    kind, p = spec["kind"], full_params(spec)
    if kind == "tiles":
        exact = [(p["period"], 0), (0, p["period_y"] or p["period"])]
    elif kind == "stripes":
        q = p["period"]
        exact = {"h": [(1, 0), (0, q)], "v": [(q, 0), (0, 1)], "d45": [(q, 0), (1, -1)], "d135": [(q, 0), (1, 1)]}[p["direction"]]
    elif kind == "bricks":
        exact = [(p["brick"], 0), (p["brick"] // 2, p["height"])]
    elif kind == "checkerboard":
        exact = [(2 * p["square"], 0), (p["square"], p["square"])]
    elif kind == "dots":
        q = p["spacing"]
        exact = [(q, 0), (q // 2, q)] if p["offset_rows"] else [(q, 0), (0, q)]
    elif kind == "glyph_grid":
        q = p["spacing"]
        if p["background"] == "solid":
            exact = [(q, 0), (0, q)]
        else:
            return [(q, 0)], [(0, q)]
    elif kind == "photo_tile":
        exact = [(p["tile"], 0), (0, p["tile"])]
    elif kind in ("photo_strip", "noise_strip"):
        exact = [(p["period"], 0)] if p["axis"] == "x" else [(0, p["period"])]
    elif kind == "vertical_gradient":
        exact = [(1, 0)]
    elif kind == "horizontal_gradient":
        exact = [(0, 1)]
    else:
        exact = []
    if p.get("shade"):
        return [], exact
    return exact, []


def make(spec, size):
    """spec: {"kind": generator name, ...its parameters}. The texture, with the declared lattice."""
    params = {k: v for k, v in spec.items() if k != "kind"}
    texture = GENERATORS[spec["kind"]](size, **params)
    texture.shifts, texture.near = (list(v) for v in lattice(spec))
    return texture


def symmetry(spec, window):
    """The periods of a wallpaper spec (exact, and counting near shifts) along x and y, and its
    lattice; None where it does not repeat along that axis (1 where it is flat)."""
    exact, near = lattice(spec)
    every = exact + near
    return {
        "period_x": axis_period(exact, 0), "period_y": axis_period(exact, 1),
        "near_period_x": axis_period(every, 0), "near_period_y": axis_period(every, 1),
        "shifts": [list(v) for v in exact], "near_shifts": [list(v) for v in near],
        "window": window,
    }
