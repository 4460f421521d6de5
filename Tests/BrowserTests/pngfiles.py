"""A small PNG writer and reader of our own, independent of Backdrop, for the browser tests.

The writer makes what Pillow cannot (16-bit RGB and RGBA, 2- and 4-bit palettes, Adam7, any
colour chunk); the reader returns a file's chunks and its raw samples (every bit depth, Adam7),
so that 16-bit crops are compared sample for sample, not through Pillow's 8-bit conversion.
"""
import struct
import zlib

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7 passes: x start, y start, x step, y step.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def chunks(data):
    """Every chunk of a PNG file as (type, data), in order."""
    if data[:8] != SIGNATURE:
        raise ValueError("not a PNG file")
    found, offset = [], 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        found.append((data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]))
        offset += 12 + length
    return found


def pack_rows(samples, depth):
    """Rows of bytes (without filter bytes) of a (height, width, channels) sample array."""
    height, width, channels = samples.shape
    if depth == 16:
        return samples.astype(">u2").reshape(height, width * channels).view(np.uint8).reshape(height, -1)
    if depth == 8:
        return samples.astype(np.uint8).reshape(height, width * channels)
    per_byte = 8 // depth
    flat = samples.reshape(height, width * channels).astype(np.uint8)
    padded = (-flat.shape[1]) % per_byte
    flat = np.pad(flat, ((0, 0), (0, padded)))
    groups = flat.reshape(height, -1, per_byte)
    packed = np.zeros(groups.shape[:2], dtype=np.uint8)
    for index in range(per_byte):
        packed |= groups[:, :, index] << (8 - depth * (index + 1))
    return packed


def encode(samples, color_type, depth, extra=(), interlaced=False, level=1):
    """A PNG of samples (height, width, channels); `extra` is a list of (type, data) chunks placed
    before IDAT (PLTE, tRNS and colour chunks). Rows use filter 0, and zlib `level`, its fastest
    (1) unless told: these are fixtures, read once, where writing time counts and size does not
    (0 stores them, not compressed at all: the painted scenes, written by the dozen)."""
    height, width, _ = samples.shape

    def filtered(sub):
        rows = pack_rows(sub, depth)
        return np.hstack([np.zeros((rows.shape[0], 1), np.uint8), rows]).tobytes()

    if interlaced:
        passes = (samples[y0::dy, x0::dx] for x0, y0, dx, dy in ADAM7)
        raw = b"".join(filtered(sub) for sub in passes if sub.shape[0] and sub.shape[1])
    else:
        raw = filtered(samples)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0)
    # Colour chunks must precede PLTE, and tRNS must follow it.
    order = {b"iCCP": 0, b"sRGB": 0, b"gAMA": 0, b"cHRM": 0, b"cICP": 0, b"PLTE": 1, b"tRNS": 2}
    body = b"".join(chunk(kind, data) for kind, data in sorted(extra, key=lambda item: order.get(item[0], 3)))
    return SIGNATURE + chunk(b"IHDR", header) + body + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b"")


def write(path, samples, color_type, depth, extra=(), interlaced=False, level=1):
    """Writes ``encode``'s PNG of the samples to `path`."""
    with open(path, "wb") as file:
        file.write(encode(samples, color_type, depth, extra, interlaced, level))


def _unfilter(data, height, stride, bpp):
    """Undoes the row filters of one (sub)image so that numpy does the work: each byte depends
    only on the byte left of it, above it and above-left."""
    rows = np.frombuffer(data, np.uint8)[: height * (stride + 1)].reshape(height, stride + 1)
    kinds = rows[:, 0].astype(np.int32)
    if kinds.max(initial=0) > 4:
        raise ValueError("bad filter type")
    if kinds.max(initial=0) <= 2:
        # None, Sub and Up only: row by row, each row at once.
        out = np.zeros((height, stride), np.uint8)
        previous = np.zeros(stride, np.uint8)
        for y in range(height):
            row = rows[y, 1:]
            if kinds[y] == 1:
                columns = -(-stride // bpp)
                padded = np.zeros(columns * bpp, np.int64)
                padded[:stride] = row
                row = (np.cumsum(padded.reshape(columns, bpp), axis=0).reshape(-1)[:stride] & 0xFF).astype(np.uint8)
            elif kinds[y] == 2:
                row = row + previous
            out[y] = row
            previous = out[y]
        return out
    # Average and Paeth: along anti-diagonals of (pixel, row), each one a row of `skewed` where
    # pixel (y, x) sits at place y + 1 of diagonal x + y + 2, so that the pixels left, above and
    # above-left are the diagonals before it, at slices (place 0, and the places of pixels outside
    # the image, stay 0: the zero row above and column left that the predictors assume). Each
    # diagonal's pixels are the rows from `low` to `high`: only those are worked out.
    columns = -(-stride // bpp)
    padded = np.zeros((height, columns * bpp), np.int16)
    padded[:, :stride] = rows[:, 1:]
    diagonals = height + columns + 1
    filtered = np.zeros((diagonals, height, bpp), np.int16)
    _pixels(filtered, height, columns)[...] = padded.reshape(height, columns, bpp)
    skewed = np.zeros((diagonals, height + 1, bpp), np.int16)
    # Paeth for every row, then the rows of each other filter put right (usually few).
    others = {kind: np.flatnonzero(kinds == kind) for kind in range(4)}
    others = {kind: found for kind, found in others.items() if found.size}
    for diagonal in range(2, diagonals):
        low, high = max(0, diagonal - 1 - columns), min(height, diagonal - 1)
        a, b, c = skewed[diagonal - 1, low + 1:high + 1], skewed[diagonal - 1, low:high], skewed[diagonal - 2, low:high]
        pa, pb, pc = np.abs(b - c), np.abs(a - c), np.abs(a + b - 2 * c)
        predictor = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
        for kind, found in others.items():
            found = found[np.searchsorted(found, low):np.searchsorted(found, high)] - low
            if found.size:
                predictor[found] = 0 if kind == 0 else a[found] if kind == 1 else b[found] if kind == 2 else (a[found] + b[found]) >> 1
        np.bitwise_and(filtered[diagonal, low:high] + predictor, 0xFF, out=skewed[diagonal, low + 1:high + 1])
    return _pixels(skewed[:, 1:], height, columns).reshape(height, columns * bpp)[:, :stride].astype(np.uint8)


def _pixels(skewed, height, columns):
    """The pixels (height, columns, bpp) of diagonals `skewed` (diagonal, place, bpp), pixel
    (y, x) at place y of diagonal x + y + 2: a view, without copying (one more diagonal is one
    place further on, one more row one place and one diagonal)."""
    diagonal, place, sample = skewed.strides
    return np.lib.stride_tricks.as_strided(
        skewed[2:], shape=(height, columns, skewed.shape[2]), strides=(diagonal + place, diagonal, sample))


def _unpack(rows, width, channels, depth):
    height = rows.shape[0]
    if depth == 16:
        return rows.view(">u2").reshape(height, width, channels).astype(np.uint16)
    if depth == 8:
        return rows.reshape(height, width, channels)
    per_byte = 8 // depth
    shifts = np.array([8 - depth * (i + 1) for i in range(per_byte)], np.uint8)
    samples = ((rows[:, :, None] >> shifts) & ((1 << depth) - 1)).reshape(height, -1)
    return samples[:, : width * channels].reshape(height, width, channels)


def read(data):
    """A PNG's IHDR fields, chunks (type → list of data) and samples (height, width, channels)."""
    found = chunks(data)
    width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", found[0][1])
    channels = CHANNELS[color_type]
    raw = zlib.decompress(b"".join(d for k, d in found if k == b"IDAT"))
    bpp = max(1, channels * depth // 8)
    samples = np.zeros((height, width, channels), np.uint16 if depth == 16 else np.uint8)
    if interlace:
        offset = 0
        for x0, y0, dx, dy in ADAM7:
            w, h = len(range(x0, width, dx)), len(range(y0, height, dy))
            if not w or not h:
                continue
            stride = -(-w * channels * depth // 8)
            rows = _unfilter(raw[offset:], h, stride, bpp)
            samples[y0::dy, x0::dx] = _unpack(rows, w, channels, depth)
            offset += h * (stride + 1)
    else:
        stride = -(-width * channels * depth // 8)
        samples = _unpack(_unfilter(raw, height, stride, bpp), width, channels, depth)
    by_type = {}
    for kind, body in found:
        by_type.setdefault(kind, []).append(body)
    header = dict(width=width, height=height, depth=depth, color_type=color_type, interlace=interlace)
    return header, by_type, samples
