"""Writes PNG screenshots of every kind the command-line tool accepts, for the browser core's
node test (scripts/wasm-core-check.sh): 640x1136 (iphone-se-1st-gen), written here with Python's
zlib and numpy, not by Backdrop: grey 1/2/4/8/16, grey+alpha 8/16, RGB 8/16, RGBA 8/16, palette
1/2/4/8 with tRNS, key-colour tRNS, Adam7, and the colour chunks iCCP, sRGB, gAMA, cHRM and cICP.
Rows use every filter type in turn; manifest.json says what each file is.
Usage: make-fixtures.py OUTPUT_FOLDER, or make-fixtures.py --large OUTPUT_FOLDER for one 1206x2622
16-bit RGBA screenshot.
"""
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

import json

WIDTH, HEIGHT = 640, 1136
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(name, data):
    body = name.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def icc_profile():
    """A small profile libpng accepts: a header and one tag (as Tests/TestSupport's iccProfile)."""
    tag = bytes((i * 97 + 13) % 256 for i in range(200))
    header = bytearray(128)
    header[0:4] = struct.pack(">I", 132 + 12 + len(tag))
    header[8:12] = bytes([2, 0x10, 0, 0])
    header[12:16] = b"mntr"
    header[16:20] = b"RGB "
    header[20:24] = b"XYZ "
    header[36:40] = b"acsp"
    header[68:80] = bytes([0, 0, 0xF6, 0xD6, 0, 1, 0, 0, 0, 0, 0xD3, 0x2D])
    return bytes(header) + struct.pack(">I", 1) + b"desc" + struct.pack(">II", 144, len(tag)) + tag


def samples(color_type, depth, seed, width=WIDTH, height=HEIGHT):
    """A wallpaper-like picture: gradients with noise, every sample in range."""
    rng = np.random.default_rng(seed)
    channels = CHANNELS[color_type]
    top = (1 << depth) - 1 if color_type != 3 else min((1 << depth) - 1, 11)
    y, x = np.mgrid[0:height, 0:width]
    planes = []
    for channel in range(channels):
        base = (x * (channel + 1) + y * (3 - channel % 3)) / (width + 2 * height)
        noise = rng.integers(0, 3, size=(height, width)) / 40
        planes.append(np.clip(np.round((base + noise) % 1.0 * top), 0, top))
    return np.stack(planes, axis=-1).astype(np.uint32)


def pack(row, depth):
    """One row of samples (pixels x channels) as PNG bytes."""
    flat = row.reshape(-1)
    if depth == 16:
        return flat.astype(">u2").tobytes()
    if depth == 8:
        return flat.astype(np.uint8).tobytes()
    per_byte = 8 // depth
    padded = np.zeros((len(flat) + per_byte - 1) // per_byte * per_byte, dtype=np.uint32)
    padded[: len(flat)] = flat
    groups = padded.reshape(-1, per_byte)
    shifts = np.array([8 - depth * (i + 1) for i in range(per_byte)], dtype=np.uint32)
    return (groups << shifts).sum(axis=1).astype(np.uint8).tobytes()


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = np.abs(p - a), np.abs(p - b), np.abs(p - c)
    return np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))


def filtered(raw, previous, kind, step):
    """raw filtered with filter `kind` (all predictions come from unfiltered bytes)."""
    row = np.frombuffer(raw, dtype=np.uint8).astype(np.int32)
    up = np.frombuffer(previous, dtype=np.uint8).astype(np.int32)
    left = np.concatenate([np.zeros(step, dtype=np.int32), row[:-step]])
    up_left = np.concatenate([np.zeros(step, dtype=np.int32), up[:-step]])
    prediction = [np.zeros_like(row), left, up, (left + up) // 2, paeth(left, up, up_left)][kind]
    return bytes([kind]) + ((row - prediction) % 256).astype(np.uint8).tobytes()


def image_data(pixels, color_type, depth, interlaced):
    step = max(1, CHANNELS[color_type] * depth // 8)
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    out = bytearray()
    row_number = 0
    for x0, y0, dx, dy in passes:
        part = pixels[y0::dy, x0::dx]
        if part.size == 0:
            continue
        previous = bytes(len(pack(part[0], depth)))
        for row in part:
            raw = pack(row, depth)
            out += filtered(raw, previous, row_number % 5, step)
            previous = raw
            row_number += 1
    return zlib.compress(bytes(out), 6)


def png(color_type, depth, interlaced=False, extra=(), seed=1, width=WIDTH, height=HEIGHT):
    pixels = samples(color_type, depth, seed, width, height)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr)
    for name, body in extra:
        data += chunk(name, body)
    compressed = image_data(pixels, color_type, depth, interlaced)
    for start in range(0, len(compressed), 65536):
        data += chunk("IDAT", compressed[start : start + 65536])
    return data + chunk("IEND", b"")


def main(folder):
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    iccp = ("iCCP", b"Display P3\x00\x00" + zlib.compress(icc_profile()))
    srgb, gama = ("sRGB", b"\x00"), ("gAMA", struct.pack(">I", 45455))
    chrm = ("cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))
    cicp = ("cICP", bytes([12, 13, 0, 1]))

    def palette(depth):
        entries = min(1 << depth, 12)
        plte = ("PLTE", bytes((i * 53 + c * 91) % 256 for i in range(entries) for c in range(3)))
        return [plte, ("tRNS", bytes(255 - 20 * i for i in range(min(entries, 5))))]

    fixtures = {
        "grey-1": png(0, 1),
        "grey-2-adam7": png(0, 2, True, [gama]),
        "grey-4": png(0, 4, extra=[srgb]),
        "grey-8-trns": png(0, 8, extra=[("tRNS", struct.pack(">H", 77))]),
        "grey-16": png(0, 16, extra=[gama, chrm]),
        "grey-alpha-8": png(4, 8),
        "grey-alpha-16-adam7": png(4, 16, True),
        "rgb-8-p3": png(2, 8, extra=[iccp]),
        "rgb-8-adam7-srgb": png(2, 8, True, [srgb, gama, chrm]),
        "rgb-16-p3-cicp": png(2, 16, extra=[iccp, cicp]),
        "rgb-16-trns": png(2, 16, extra=[("tRNS", struct.pack(">HHH", 1000, 2000, 3000))]),
        "rgba-8": png(6, 8, extra=[iccp, srgb]),
        "rgba-16-p3": png(6, 16, extra=[iccp]),
        "rgba-16-adam7": png(6, 16, True, [cicp]),
        "palette-1": png(3, 1, extra=palette(1)),
        "palette-2": png(3, 2, extra=palette(2)),
        "palette-4-adam7": png(3, 4, True, palette(4)),
        "palette-8-p3": png(3, 8, extra=[iccp] + palette(8)),
    }
    names = {0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA"}
    order = ["iCCP", "sRGB", "gAMA", "cHRM"]
    manifest = {}
    for name, data in fixtures.items():
        (out / f"{name}.png").write_bytes(data)
        found = [data[i + 4 : i + 8].decode() for i in chunk_offsets(data)]
        colour = [c for c in order if c in found] + [c for c in found if c in ("cICP", "mDCV", "cLLI")]
        manifest[name] = {
            "width": WIDTH, "height": HEIGHT, "colorType": names[data[25]], "bitDepth": data[24],
            "interlaced": data[28] == 1, "colorChunks": colour,
        }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"wrote {len(fixtures)} fixtures and manifest.json to {out}")


def chunk_offsets(data):
    offset = 8
    while offset < len(data):
        yield offset
        offset += 12 + struct.unpack(">I", data[offset : offset + 4])[0]


def large(folder):
    """A 16-bit RGBA screenshot of the iPhone 16 Pro's size (1206x2622), for the memory test."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    (out / "rgba-16.png").write_bytes(png(6, 16, width=1206, height=2622))


if __name__ == "__main__":
    if sys.argv[1] == "--large":
        large(sys.argv[2])
    else:
        main(sys.argv[1])
