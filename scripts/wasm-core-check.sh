#!/usr/bin/env bash
# Tests the real browser core in node against the command-line tool: scripts/lib/wasm/make-fixtures.py
# writes screenshots of every PNG kind, `backdrop crop` crops them, and scripts/lib/wasm/core-check.mjs
# crops them with .build/wasm/backdrop-core.js and compares (see there), in every style too (`--style all`), then checks bad files'
# messages and memory over 8 crops of a 1206x2622 16-bit screenshot.
# Usage: wasm-core-check.sh GEOMETRY_JSON (the site's, from `backdrop build`). Needs node, numpy,
# and the release build of backdrop (scripts/lib/release-build.sh); builds the core unless it is up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
geometry="$1"
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
core=.build/wasm/backdrop-core.js
layout=iphone-se-1st-gen/ios14

if ! command -v node >/dev/null; then
    echo "wasm-core-check: SKIPPED: node is not installed"
    exit 0
fi
bash scripts/build-wasm.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 scripts/lib/wasm/make-fixtures.py "$work/fixtures"
python3 scripts/lib/wasm/make-fixtures.py --large "$work/large"
for file in "$work"/fixtures/*.png; do
    name=$(basename "$file" .png)
    "$backdrop" crop "$file" --device "${layout%/*}" --layout "${layout#*/}" --out "$work/native/$name" >/dev/null
    "$backdrop" crop "$file" --device "${layout%/*}" --layout "${layout#*/}" --style all --out "$work/styles/$name" >/dev/null
done

# Bad files, and what `backdrop crop` says of each (its "Error: PATH: " becomes "NAME: "). A
# damaged zlib stream is "corrupt PNG data" on both sides, but the details are zlib's own words,
# which libpng and the browser word differently: core-check.mjs compares those up to the detail.
mkdir -p "$work/bad"
printf '\xff\xd8\xff\xe0\x00\x10JFIF' >"$work/bad/photo.jpg"
head -c 2000 "$work/fixtures/rgb-8-p3.png" >"$work/bad/truncated.png"
python3 - "$work" <<'PYTHON'
import sys
work = sys.argv[1]
data = bytearray(open(f"{work}/fixtures/grey-4.png", "rb").read())
data[40] ^= 1  # inside the first chunk after IHDR: its CRC no longer matches
open(f"{work}/bad/bad-crc.png", "wb").write(data)
data = bytearray(open(f"{work}/fixtures/grey-4.png", "rb").read())
data[24] = 3  # a bit depth grey images cannot have; the IHDR CRC is fixed below
import zlib, struct
data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
open(f"{work}/bad/bad-header.png", "wb").write(data)
# Damaged zlib streams in chunks whose CRCs are right: cut short, a bad header, a flipped byte.
def chunk(name, body):
    return struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))
width, height = 640, 1136  # the layout's size, so that backdrop crop decodes it
rows = b"".join(b"\x00" + bytes((x * 7 + y) % 256 for x in range(width * 3)) for y in range(height))
stream = zlib.compress(rows)
head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
for name, damaged in [
    ("zlib-short.png", stream[: len(stream) // 2]),
    ("zlib-header.png", b"\x12" + stream[1:]),
    ("zlib-flipped.png", stream[:40] + bytes([stream[40] ^ 0xFF]) + stream[41:]),
]:
    open(f"{work}/bad/{name}", "wb").write(head + chunk(b"IDAT", damaged) + chunk(b"IEND", b""))
# Header and chunk fields at the unsigned 32-bit extremes: an Int has 32 bits on wasm32, so each
# must be refused with backdrop crop's words, never trap (the FuzzPNG target found the first).
for name, size in [("ihdr-width-2-31.png", (0x8000_0000, 1)), ("ihdr-sides-max.png", (0xFFFF_FFFF, 0xF7FF_FFFF)),
                   ("ihdr-width-2-31-minus-1.png", (0x7FFF_FFFF, 2))]:
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 2, 0, 0, 0))
    open(f"{work}/bad/{name}", "wb").write(b"\x89PNG\r\n\x1a\n" + ihdr + chunk(b"IDAT", stream) + chunk(b"IEND", b""))
for name, length in [("chunk-length-2-31.png", 0x8000_0000), ("chunk-length-max.png", 0xFFFF_FFFF), ("chunk-length-2-31-minus-1.png", 0x7FFF_FFFF)]:
    open(f"{work}/bad/{name}", "wb").write(head + struct.pack(">I", length) + b"IDAT" + stream[:64])
PYTHON
{
    echo "{"
    first=1
    for file in "$work"/bad/*; do
        name=$(basename "$file")
        # From the error on: the lines before it say which catalog the command read.
        message=$("$backdrop" crop "$file" --device "${layout%/*}" --layout "${layout#*/}" --out "$work/bad-out" 2>&1 >/dev/null | sed -n '/^Error: /,$p' || true)
        message="${message#Error: }"
        message="$name${message#"$file"}"
        [ $first = 1 ] || echo ","
        first=0
        python3 -c 'import json,sys; print(json.dumps(sys.argv[1]) + ": " + json.dumps(sys.argv[2]), end="")' "$name" "$message"
    done
    echo "}"
} >"$work/bad-expected.json"

node scripts/lib/wasm/core-check.mjs "$core" "$geometry" "$work" "$layout"
