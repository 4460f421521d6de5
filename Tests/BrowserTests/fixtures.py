"""Screenshots of every PNG kind Backdrop accepts, at the iPhone 16 Pro's 1206x2622, for the
browser tests. Pillow writes what it can; pngfiles.write (our own writer) writes the rest:
16-bit RGB and RGBA, 16-bit grey+alpha, 2- and 4-bit grey and palettes, Adam7 and colour chunks.
None of this uses Backdrop's own painter or encoder."""
import fcntl
import json
import os
import struct
import zlib

import numpy as np
from PIL import Image

import pngfiles

WIDTH, HEIGHT = 1206, 2622
DEVICE, LAYOUT = "iphone-16-pro", "ios26"  # the make page's default for 1206x2622: the newest iOS
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def display_p3_profile():
    """The Display P3 ICC profile the independent calibration painter embeds (its iCCP chunk)."""
    path = os.path.join(ROOT, "Tests/CalibrationTests/Painted/content-p3-16pro.png")
    with open(path, "rb") as file:
        return next(data for kind, data in pngfiles.chunks(file.read()) if kind == b"iCCP")


def field(rng, maximum):
    """A picture that differs everywhere: gradients across and down, and noise."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    channels = [x * maximum // WIDTH, y * maximum // HEIGHT, (x + y) * maximum // (WIDTH + HEIGHT), (x * y) % (maximum + 1)]
    noise = rng.integers(0, max(2, maximum // 16), size=(HEIGHT, WIDTH, 4))
    return np.stack(channels, axis=-1).astype(np.int64) ^ noise


def palette_indices(rng, depth):
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    count = 1 << depth
    return ((x // 37 + y // 53 + rng.integers(0, 2, size=(HEIGHT, WIDTH))) % count).astype(np.uint8)[:, :, None]


def palette_chunks(rng, depth):
    count = 1 << depth
    colours = rng.integers(0, 256, size=(count, 3), dtype=np.uint8)
    alphas = bytes([0, 128, 200][: max(1, min(3, count - 1))])
    return [(b"PLTE", colours.tobytes()), (b"tRNS", alphas)]


def make(folder):
    """Writes every fixture into `folder`; returns [(name, path, what it is)]."""
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(13)
    made = []

    def path(name):
        return os.path.join(folder, name + ".png")

    def pillow(name, image, what, **options):
        image.save(path(name), **options)
        made.append((name, path(name), what + " (Pillow)"))

    def ours(name, samples, color_type, depth, what, extra=(), interlaced=False):
        pngfiles.write(path(name), samples, color_type, depth, extra, interlaced)
        made.append((name, path(name), what + " (own writer)"))

    eight = field(rng, 255)
    sixteen = field(rng, 65535)
    pillow("grey-1", Image.fromarray((eight[:, :, 0] & 1).astype(bool)), "1-bit grey")
    ours("grey-2", (eight[:, :, :1] & 3), 0, 2, "2-bit grey")
    ours("grey-4", (eight[:, :, :1] & 15), 0, 4, "4-bit grey")
    pillow("grey-8", Image.fromarray(eight[:, :, 0].astype(np.uint8)), "8-bit grey")
    pillow("grey-16", Image.fromarray(sixteen[:, :, 0].astype(np.uint16)), "16-bit grey")
    pillow("grey-alpha-8", Image.fromarray(eight[:, :, [0, 3]].astype(np.uint8)), "8-bit grey+alpha")
    ours("grey-alpha-16", sixteen[:, :, [1, 3]], 4, 16, "16-bit grey+alpha")
    pillow("rgb-8", Image.fromarray(eight[:, :, :3].astype(np.uint8)), "8-bit RGB")
    ours("rgb-16", sixteen[:, :, :3], 2, 16, "16-bit RGB")
    pillow("rgba-8", Image.fromarray(eight.astype(np.uint8)), "8-bit RGBA")
    ours("rgba-16", sixteen, 6, 16, "16-bit RGBA")
    for depth in (1, 2, 4):
        ours(f"palette-{depth}", palette_indices(rng, depth), 3, depth, f"{depth}-bit palette with tRNS", palette_chunks(rng, depth))
    indices = palette_indices(rng, 8)[:, :, 0]
    image = Image.frombytes("P", (WIDTH, HEIGHT), indices.tobytes())
    image.putpalette(rng.integers(0, 256, size=768, dtype=np.uint8).tobytes())
    pillow("palette-8", image, "8-bit palette with tRNS", transparency=bytes(range(0, 250, 10)))
    ours("adam7-rgb-8", eight[:, :, :3], 2, 8, "8-bit RGB, Adam7 interlaced", interlaced=True)
    ours("adam7-palette-4", palette_indices(rng, 4), 3, 4, "4-bit palette with tRNS, Adam7 interlaced", palette_chunks(rng, 4), interlaced=True)
    ours("adam7-rgba-16", sixteen, 6, 16, "16-bit RGBA, Adam7 interlaced", interlaced=True)
    ours("p3-rgb-16", sixteen[:, :, :3], 2, 16, "16-bit RGB with a Display P3 iCCP chunk", [(b"iCCP", display_p3_profile())])
    pillow("p3-rgb-8", Image.fromarray(eight[:, :, :3].astype(np.uint8)), "8-bit RGB with a Display P3 profile",
           icc_profile=display_p3_icc())
    srgb = [(b"sRGB", b"\x00"), (b"gAMA", struct.pack(">I", 45455)),
            (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))]
    ours("srgb-gama-chrm-rgb-8", eight[:, :, :3], 2, 8, "8-bit RGB with sRGB, gAMA and cHRM", srgb)
    ours("cicp-rgb-16", sixteen[:, :, :3], 2, 16, "16-bit RGB with cICP (Display P3, PQ)", [(b"cICP", bytes([12, 16, 0, 1]))])
    return made


def make_once(folder):
    """``make``'s fixtures in `folder`, painted once for every module of a run: in the folder the
    run's modules share (BACKDROP_BROWSER_SHARED, which scripts/lib/browser_queue.py sets), under a
    lock, and hard-linked from there (the tests add files beside them, never change one); painted
    in `folder` itself when there is none."""
    shared = os.environ.get("BACKDROP_BROWSER_SHARED")
    if not shared:
        return make(folder)
    source = os.path.join(shared, "fixtures")
    os.makedirs(shared, exist_ok=True)
    with open(os.path.join(shared, "fixtures.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        listing = os.path.join(source, "made.json")
        if not os.path.exists(listing):
            made = make(source)
            with open(listing + ".tmp", "w") as file:
                json.dump(made, file)
            os.replace(listing + ".tmp", listing)
        with open(listing) as file:
            made = json.load(file)
    os.makedirs(folder, exist_ok=True)
    linked = []
    for name, path, what in made:
        link = os.path.join(folder, os.path.basename(path))
        os.link(path, link)
        linked.append((name, link, what))
    return linked


def display_p3_icc():
    """The ICC profile itself: the iCCP chunk's data after its name and method byte, inflated."""
    data = display_p3_profile()
    return zlib.decompress(data[data.index(b"\0") + 2:])


if __name__ == "__main__":
    import sys

    for name, file, what in make(sys.argv[1] if len(sys.argv) > 1 else "fixtures"):
        print(f"{file}: {what}")


def paint_rgb(path, size, seed):
    """An 8-bit RGB picture of `size` that differs everywhere (gradients and noise), saved by
    Pillow, so that a crop one pixel off cannot pass; returns its pixels."""
    width, height = size
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    pixels = np.stack([x * 255 // width, y * 255 // height, (x * 7 + y * 3) % 256], axis=-1)
    pixels = (pixels ^ rng.integers(0, 16, size=pixels.shape)).astype(np.uint8)
    Image.fromarray(pixels, "RGB").save(path)
    return pixels
