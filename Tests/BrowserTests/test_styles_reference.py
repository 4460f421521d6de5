"""Crop styles (none, blur, light, dark, glass) against a reference of our own, written from
content/docs/styles.md alone (not from Backdrop's code): levels, three box passes along the rows
and three down the columns with the screen's edge repeated, tint, back to the crop's depth, crop,
and for glass the rim along the rounded outline.

The reference blurs in float64, without the documented rounding of each pass, and rounds once at
the end, so it is an independent check with the documented tolerance: 1 level at 8 bits, 4 of
65535 at 16 bits (and for a few kinds, rounded as documented, exactly). One screenshot of each
kind (8-bit RGB, RGBA, palette and grey, a 4-bit palette with tRNS interlaced (Adam7), 2-bit grey
with a tRNS key, 16-bit RGBA, 8-bit RGB with a Display P3 iCCP chunk) at @2x, and 8-bit RGB at
@3x; painted here (gradients, noise, sharp shapes, a white line and a black band along
the screen's edges, so that the edge rule shows) and written by pngfiles, our own PNG writer.

Also: the crops keep the depth and the colour chunks, a palette gives 8-bit RGB(A) and grey stays
grey; `none` is the plain crop byte for byte; crops of overlapping slots agree where they overlap.
Needs only the backdrop binary (BACKDROP), not the site. BACKDROP_STYLES_REPORT=1 prints the largest
difference of every kind and style."""
import functools
import json
import os
import subprocess
import sys
import tempfile
import unittest
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import fixtures
import pngfiles

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BACKDROP = os.environ.get("BACKDROP", os.path.join(ROOT, ".build/release/backdrop"))
CONTENT = os.path.join(ROOT, "content")
REPORT = bool(os.environ.get("BACKDROP_STYLES_REPORT"))

# styles.md, "The styles": blur σ in points, tint level and opacity in thousandths.
STYLES = {"blur": (10, None, 0), "light": (10, 65535, 300), "dark": (10, 0, 400), "glass": (4, 65535, 120)}
RIM_WIDTH_PT, RIM_OPACITY, CORNER_PT = 1, 400, 22
STYLE_NAMES = ["none", *STYLES]
# "within 1 level" at 8 bits, "within 4 levels of 65535" at 16 bits.
TOLERANCE = {8: 1, 16: 4}
# Encoding with filter None only: the crops read back fast (pngfiles undoes Paeth slowly).
ENCODING = ["--filters", "none", "--compression-level", "1"]

# The kinds the documented rounding is checked for exactly, as well.
EXACT_KINDS = ("rgb-8", "palette-4-trns-adam7", "grey-2-key", "rgba-16")

SMALL_2X = ("iphone-se-1st-gen", "ios14")  # 640x1136 @2x
SMALL_3X = ("iphone-12-mini", "ios18")  # 1125x2436 @3x


class Kind:
    """One screenshot to paint: its device and layout, PNG colour type, depth and interlacing, and
    the colour type and depth its styled crops must have."""

    def __init__(self, name, device, color_type, depth, out_type, out_depth, interlaced=False):
        self.name, (self.device, self.layout) = name, device
        self.color_type, self.depth, self.interlaced = color_type, depth, interlaced
        self.out_type, self.out_depth = out_type, out_depth


KINDS = [
    Kind("rgb-8", SMALL_2X, 2, 8, 2, 8),
    Kind("rgb-8-3x", SMALL_3X, 2, 8, 2, 8),
    Kind("rgba-8", SMALL_2X, 6, 8, 6, 8),
    Kind("palette-8", SMALL_2X, 3, 8, 2, 8),
    Kind("palette-4-trns-adam7", SMALL_2X, 3, 4, 6, 8, interlaced=True),
    Kind("grey-8", SMALL_2X, 0, 8, 0, 8),
    Kind("grey-2-key", SMALL_2X, 0, 2, 4, 8),
    Kind("rgba-16", SMALL_2X, 6, 16, 6, 16),
    Kind("p3-rgb-8", SMALL_2X, 2, 8, 2, 8),
]


def geometry(device, layout):
    """(scale, (width, height), {slot id: (x, y, width, height)}) from `backdrop slots --json`."""
    result = subprocess.run([BACKDROP, "slots", device, "--layout", layout, "--json", "--content", CONTENT],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    entries = [entry for entry in json.loads(result.stdout) if entry["layout"] == layout]
    assert len(entries) == 1, result.stdout[:500]
    entry = entries[0]
    slots = {slot["id"]: tuple(slot["pixels"][key] for key in ("x", "y", "width", "height")) for slot in entry["slots"]}
    return entry["scale"], (entry["screenshot"]["width"], entry["screenshot"]["height"]), slots


def paint(size, seed):
    """A field of 4 channels in 0…1: gradients, noise, sharp rectangles and discs, a checkerboard,
    and along every edge of the screen a white line of 1 pixel inside a black band of 7, so that
    repeating the edge, mirroring it or reading black beyond it give different blurs."""
    width, height = size
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width] / np.array([height, width])[:, None, None]
    field = np.stack([x, y, 0.5 + 0.5 * np.sin(9 * x + 5 * y), 0.6 + 0.4 * np.cos(7 * x * y)], axis=-1)
    field += rng.normal(0, 0.08, field.shape)
    for _ in range(40):
        x0, y0 = rng.integers(0, width), rng.integers(0, height)
        field[y0:y0 + rng.integers(4, 120), x0:x0 + rng.integers(4, 120)] = rng.random(4)
    py, px = np.mgrid[0:height, 0:width]
    for _ in range(12):
        cx, cy, radius = rng.integers(0, width), rng.integers(0, height), rng.integers(10, 90)
        field[(px - cx) ** 2 + (py - cy) ** 2 < radius ** 2] = rng.random(4)
    field[((px // 6 + py // 6) % 2 == 0) & (py > height // 2) & (py < height // 2 + 90)] = (1, 0, 1, 0.2)
    edge = np.minimum(np.minimum(px, width - 1 - px), np.minimum(py, height - 1 - py))
    field[edge < 8] = 0
    field[edge < 1] = 1
    # Bright and dark squares right at the corners and across the edges.
    field[:40, :40] = (1, 1, 0, 1)
    field[-40:, -40:] = (0, 1, 1, 0.5)
    field[height // 3:height // 3 + 50, :30] = (1, 0.2, 0.1, 0.9)
    field[height // 5:height // 5 + 60, -25:] = (0.1, 0.3, 1, 0.3)
    return np.clip(field, 0, 1)


def screenshot(kind, size, seed):
    """(samples, extra chunks) of a screenshot of `kind`, painted."""
    field = paint(size, seed)
    rng = np.random.default_rng(seed + 1)
    if kind.color_type == 3:
        count = 1 << kind.depth
        indices = np.clip(np.rint(field[:, :, 0] * (count - 1) + rng.integers(0, 2, field.shape[:2])), 0, count - 1)
        colours = rng.integers(0, 256, (count, 3), dtype=np.uint8)
        colours[0], colours[-1] = 0, 255
        extra = [(b"PLTE", colours.tobytes())]
        if "trns" in kind.name:
            extra.append((b"tRNS", bytes([0, 90, 255, 200, 30, 160][: count - 2])))
        return indices.astype(np.uint8)[:, :, None], extra
    maximum = (1 << kind.depth) - 1
    samples = np.rint(field * maximum).astype(np.int64)
    channels = {0: [0], 2: [0, 1, 2], 6: [0, 1, 2, 3]}[kind.color_type]
    samples = samples[:, :, channels]
    extra = []
    if kind.name.endswith("key"):
        extra.append((b"tRNS", (1).to_bytes(2, "big")))  # grey 1 of 3 is transparent
    if kind.name.startswith("p3"):
        extra.append((b"iCCP", fixtures.display_p3_profile()))
    return samples, extra


# The reference, from styles.md's "The arithmetic".


def levels(header, chunks, samples):
    """Step 1: every sample as a level from 0 to 65535 (float64), (height, width, channels); the
    colour channels first, then alpha where the crop has one."""
    color_type, depth = header["color_type"], header["depth"]
    if color_type == 3:
        palette = np.frombuffer(chunks[b"PLTE"][0], np.uint8).reshape(-1, 3).astype(np.float64)
        index = samples[:, :, 0].astype(np.int64)
        result = palette[index] * 257
        if b"tRNS" in chunks:
            alphas = np.full(256, 255.0)
            table = np.frombuffer(chunks[b"tRNS"][0], np.uint8)
            alphas[: len(table)] = table
            result = np.concatenate([result, alphas[index][:, :, None] * 257], axis=-1)
        return result
    result = samples.astype(np.float64) * (65535 // ((1 << depth) - 1))
    if b"tRNS" in chunks and color_type in (0, 2):
        key = np.frombuffer(chunks[b"tRNS"][0], ">u2").astype(np.int64)
        keyed = np.all(samples.astype(np.int64) == key, axis=-1)
        result = np.concatenate([result, np.where(keyed, 0.0, 65535.0)[:, :, None]], axis=-1)
    return result


def radius(sigma_pt, scale):
    """Step 2: the boxes' radius r for σ = sigma_pt × scale."""
    sigma = sigma_pt * scale
    return int(np.floor((np.sqrt(4 * sigma * sigma + 1) - 1) / 2 + 0.5))


def box(values, r, axis, edge="edge", exact=False):
    """One box pass of 2r + 1 along `axis`, reading the edge pixel beyond the edges (edge="edge");
    "constant" (black) or "symmetric" (mirrored) only to show that the edge rule is exercised.
    In float64 without rounding, or with exact=True as documented, ⌊(s + r) / (2r + 1)⌋."""
    values = np.moveaxis(values, axis, 0)
    count, span = values.shape[0], 2 * r + 1
    sums = np.zeros((count + span,) + values.shape[1:], np.int64 if exact else np.float64)
    np.cumsum(np.pad(values, [(r, r)] + [(0, 0)] * (values.ndim - 1), mode=edge), axis=0, out=sums[1:])
    window = sums[span:] - sums[:count]
    result = (window + r) // span if exact else window / span
    return np.moveaxis(result, 0, axis)


def blur(values, r, edge="edge", exact=False):
    if exact:
        values = np.rint(values).astype(np.int64)
    for axis in (1, 1, 1, 0, 0, 0):
        values = box(values, r, axis, edge, exact)
    return values.astype(np.float64)


def tint(values, colours, level, opacity, exact=False):
    """Step 3: the colour levels mixed with `level` at `opacity` thousandths; alpha left alone."""
    values = values.copy()
    mixed = values[:, :, :colours] * (1000 - opacity) + level * opacity
    values[:, :, :colours] = np.floor((mixed + 500) / 1000) if exact else mixed / 1000
    return values


def to_depth(values, depth):
    """Step 4: the levels at the crop's depth, rounded to the nearest."""
    return np.rint(values if depth == 16 else values / 257).astype(np.int64)


@functools.lru_cache(maxsize=None)
def inside_distance(width, height, scale):
    """Step 6: d, how far each pixel's centre lies inside the crop's outline: its rectangle with
    circular corners of 22 pt × scale (at most half its shorter side); negative outside."""
    corner = min(CORNER_PT * scale, min(width, height) / 2)
    y, x = np.mgrid[0:height, 0:width] + 0.5
    qx = np.abs(x - width / 2) - (width / 2 - corner)
    qy = np.abs(y - height / 2) - (height / 2 - corner)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - corner
    return -outside


def rim_opacity(width, height, scale):
    """Step 6: the opacity of white, in thousandths, of each pixel of a crop: ⌊400 c + ½⌋ with c
    its share of the band 0 ≤ d < w."""
    d, band = inside_distance(width, height, scale), RIM_WIDTH_PT * scale
    share = np.clip(d + 0.5, 0, 1) - np.clip(d - band + 0.5, 0, 1)
    return np.floor(RIM_OPACITY * share + 0.5).astype(np.int64)


def rim(crop, colours, depth, scale):
    """Step 6 on a crop at its depth: the colour samples as levels, mixed with white, and back."""
    height, width, _ = crop.shape
    opacity = rim_opacity(width, height, scale)[:, :, None]
    result = crop.copy()
    values = crop[:, :, :colours] * (1 if depth == 16 else 257)
    mixed = (values * (1000 - opacity) + 65535 * opacity + 500) // 1000
    result[:, :, :colours] = mixed if depth == 16 else (mixed + 128) // 257
    return result


def reference_screens(screen_levels, colours, depth, scale, edge="edge", exact=False, styles=STYLES):
    """{style: the whole screen styled, at the crop's depth} (steps 2 to 4)."""
    screens, blurred = {}, {}
    for style, (sigma_pt, level, opacity) in styles.items():
        r = radius(sigma_pt, scale)
        if r not in blurred:
            blurred[r] = blur(screen_levels, r, edge, exact)
        values = blurred[r] if level is None else tint(blurred[r], colours, level, opacity, exact)
        screens[style] = to_depth(values, depth)
    return screens


def reference_crop(screens, style, rect, colours, depth, scale):
    """Steps 5 and 6: the slot's rectangle cut out of the styled screen, with the rim for glass."""
    x, y, width, height = rect
    crop = screens[style][y:y + height, x:x + width]
    return rim(crop, colours, depth, scale) if style == "glass" else crop


def worst(reference, got, origin=(0, 0)):
    """(largest difference, where: "x=…, y=… of the crop (… on the screen), channel …: reference …,
    backdrop …"), `origin` being the crop's top left corner on the screen."""
    difference = np.abs(reference.astype(np.int64) - got.astype(np.int64))
    y, x, channel = np.unravel_index(int(np.argmax(difference)), difference.shape)
    return int(difference[y, x, channel]), (f"x={x}, y={y} of the crop ({origin[0] + x},{origin[1] + y} on the screen), channel {channel}: "
                                            f"reference {reference[y, x, channel]}, backdrop {got[y, x, channel]}")


def crop_name(slot, style):
    return f"{style}/{slot}.png" if style == "none" else f"{style}/{slot}-{style}.png"


def run(args):
    result = subprocess.run([BACKDROP, *args, "--content", CONTENT], capture_output=True, text=True)
    assert result.returncode == 0, f"backdrop {' '.join(args)}: {result.stderr}"


class Case:
    """One kind painted, cropped by backdrop in every style, and read back."""

    def __init__(self, kind, folder, seed):
        self.kind = kind
        self.scale, self.size, self.slots = geometry(kind.device, kind.layout)
        self.shot = os.path.join(folder, kind.name + ".png")
        samples, extra = screenshot(kind, self.size, seed)
        pngfiles.write(self.shot, samples, kind.color_type, kind.depth, extra, kind.interlaced)
        self.out, self.plain = os.path.join(folder, kind.name), os.path.join(folder, kind.name + "-plain")

    def run(self):
        self.crop()
        self.read()

    def crop(self):
        device = ["--device", self.kind.device, "--layout", self.kind.layout]
        run(["crop", self.shot, *device, "--style", "all", *ENCODING, "--out", self.out])
        run(["crop", self.shot, *device, *ENCODING, "--out", self.plain])

    def read(self):
        with open(self.shot, "rb") as file:
            self.header, self.chunks, samples = pngfiles.read(file.read())
        self.levels = levels(self.header, self.chunks, samples)
        self.colours = 1 if self.kind.out_type in (0, 4) else 3
        self.crops = {}
        for style in STYLE_NAMES:
            for slot in self.slots:
                with open(os.path.join(self.out, crop_name(slot, style)), "rb") as file:
                    data = file.read()
                header, chunks, samples = pngfiles.read(data) if style != "none" else (None, None, None)
                self.crops[style, slot] = (data, header, chunks, samples)
        self.screens = reference_screens(self.levels, self.colours, self.kind.out_depth, self.scale)


class StyleReferenceTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="backdrop-styles-")
        cls.cases = [Case(kind, cls.folder.name, seed) for seed, kind in enumerate(KINDS, start=38)]
        # As many at a time as there are cores (up to 4), the @3x one first, since it is the longest;
        # each case read and its reference computed while backdrop crops the next.
        with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
            list(pool.map(Case.run, sorted(cls.cases, key=lambda case: -case.size[0] * case.size[1])))

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_every_style_matches_the_reference(self):
        report = []
        for case in self.cases:
            limit = TOLERANCE[case.kind.out_depth]
            for style in STYLES:
                largest = 0
                for slot, rect in case.slots.items():
                    _, _, _, got = self.crops_of(case, style, slot)
                    reference = reference_crop(case.screens, style, rect, case.colours, case.kind.out_depth, case.scale)
                    with self.subTest(kind=case.kind.name, style=style, slot=slot):
                        self.assertEqual(got.shape, reference.shape, f"{case.kind.name} {style} {slot}: shape")
                        difference, where = worst(reference, got, rect[:2])
                        largest = max(largest, difference)
                        self.assertLessEqual(difference, limit, f"{case.kind.name} {style} {slot}: largest difference "
                                             f"{difference} (tolerance {limit} at {case.kind.out_depth} bits) at {where}")
                report.append(f"{case.kind.name:20} @{case.scale}x {style:6} largest difference {largest} (of {limit})")
        if REPORT:
            print("\n" + "\n".join(report), file=sys.stderr)

    def test_the_crops_keep_depth_and_colour_chunks(self):
        for case in self.cases:
            profile = case.chunks.get(b"iCCP")
            for style in STYLES:
                for slot in case.slots:
                    _, header, chunks, _ = self.crops_of(case, style, slot)
                    with self.subTest(kind=case.kind.name, style=style, slot=slot):
                        self.assertEqual((header["color_type"], header["depth"]), (case.kind.out_type, case.kind.out_depth))
                        self.assertEqual(chunks.get(b"iCCP"), profile, "the iCCP chunk, byte for byte")
                        self.assertNotIn(b"PLTE", chunks)
                        self.assertNotIn(b"tRNS", chunks, "a tRNS chunk became an alpha channel")
        self.assertIsNotNone(self.case("p3-rgb-8").chunks.get(b"iCCP"))

    def test_none_is_the_plain_crop_byte_for_byte(self):
        case = self.case("rgb-8")
        device = ["--device", case.kind.device, "--layout", case.kind.layout]
        run(["crop", case.shot, *device, "--style", "none", "--out", os.path.join(self.folder.name, "default-none")])
        run(["crop", case.shot, *device, "--out", os.path.join(self.folder.name, "default-plain")])
        for slot in case.slots:
            with open(os.path.join(self.folder.name, "default-none", slot + ".png"), "rb") as file:
                none = file.read()
            with open(os.path.join(self.folder.name, "default-plain", slot + ".png"), "rb") as file:
                self.assertEqual(none, file.read(), f"--style none {slot}.png, default encoding")
        for case in self.cases:
            for slot in case.slots:
                with open(os.path.join(case.plain, slot + ".png"), "rb") as file:
                    plain = file.read()
                with self.subTest(kind=case.kind.name, slot=slot):
                    self.assertEqual(case.crops["none", slot][0], plain, f"{case.kind.name} none/{slot}.png")

    def test_overlapping_slots_agree_where_they_overlap(self):
        for case in self.cases:
            pairs = 0
            for first, (x1, y1, w1, h1) in case.slots.items():
                for second, (x2, y2, w2, h2) in case.slots.items():
                    left, top = max(x1, x2), max(y1, y2)
                    right, bottom = min(x1 + w1, x2 + w2), min(y1 + h1, y2 + h2)
                    if first >= second or right <= left or bottom <= top:
                        continue
                    pairs += 1
                    for style in STYLES:
                        a = self.crops_of(case, style, first)[3][top - y1:bottom - y1, left - x1:right - x1]
                        b = self.crops_of(case, style, second)[3][top - y2:bottom - y2, left - x2:right - x2]
                        if style == "glass":
                            # Away from both rims (a pixel's margin past the band): the blurred screen.
                            band = RIM_WIDTH_PT * case.scale + 1
                            away = ((inside_distance(w1, h1, case.scale)[top - y1:bottom - y1, left - x1:right - x1] > band)
                                    & (inside_distance(w2, h2, case.scale)[top - y2:bottom - y2, left - x2:right - x2] > band))
                            a, b = a[away], b[away]
                        with self.subTest(kind=case.kind.name, style=style, slots=(first, second)):
                            self.assertTrue(np.array_equal(a, b), f"{case.kind.name} {style}: {first} and {second} differ "
                                            f"in their overlap ({left},{top})–({right},{bottom}) by up to "
                                            f"{int(np.abs(a.astype(np.int64) - b.astype(np.int64)).max())}")
            self.assertGreater(pairs, 0, f"{case.kind.name}: no overlapping slots")

    def test_the_screens_edges_make_a_difference(self):
        """The painted edges exercise the edge rule: black beyond the edge, or the edge mirrored,
        would put the crops at the screen's side far outside the tolerance."""
        case = self.case("rgb-8")
        slot = min(case.slots, key=lambda name: case.slots[name][0] + case.slots[name][1])
        got = self.crops_of(case, "blur", slot)[3]
        for edge in ("constant", "symmetric"):
            screens = reference_screens(case.levels, case.colours, 8, case.scale, edge, styles={"blur": STYLES["blur"]})
            rect = case.slots[slot]
            difference, where = worst(reference_crop(screens, "blur", rect, case.colours, 8, case.scale), got, rect[:2])
            self.assertGreater(difference, 10, f"edge {edge}: {difference} at {where}")

    def test_the_documented_rounding_gives_the_same_bytes(self):
        """With every pass rounded as styles.md says, the reference is not near but equal: the
        arithmetic is documented to the last rounding (for a few kinds: 8 and 16 bits, alpha, a
        palette, grey below 8 bits)."""
        for case in self.cases:
            if case.kind.name not in EXACT_KINDS:
                continue
            screens = reference_screens(case.levels, case.colours, case.kind.out_depth, case.scale, exact=True)
            for style in STYLES:
                for slot, rect in case.slots.items():
                    reference = reference_crop(screens, style, rect, case.colours, case.kind.out_depth, case.scale)
                    difference, where = worst(reference, self.crops_of(case, style, slot)[3], rect[:2])
                    with self.subTest(kind=case.kind.name, style=style, slot=slot):
                        self.assertEqual(difference, 0, f"{case.kind.name} {style} {slot}, rounded as documented: "
                                         f"largest difference {difference} at {where}")

    def crops_of(self, case, style, slot):
        return case.crops[style, slot]

    def case(self, name):
        return next(case for case in self.cases if case.kind.name == name)


if __name__ == "__main__":
    unittest.main()
