#!/usr/bin/env bash
# Tests the real browser core in node against the command-line tool: scripts/wasm/make-fixtures.py
# writes screenshots of every PNG kind, `backdrop crop` crops them, and scripts/wasm/core-check.mjs
# crops them with .build/wasm/backdrop-core.js and compares (see there), then checks bad files'
# messages and memory over 20 crops of a 1206x2622 16-bit screenshot.
# Usage: wasm-core-check.sh GEOMETRY_JSON (the site's, from `backdrop build`). Needs node, numpy,
# and the debug build of backdrop; builds the core when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
geometry="$1"
backdrop=.build/debug/backdrop
core=.build/wasm/backdrop-core.js
layout=iphone-se-1st-gen/ios14

if ! command -v node >/dev/null; then
    echo "wasm-core-check: SKIPPED: node is not installed"
    exit 0
fi
[ -f "$core" ] || bash scripts/build-wasm.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 scripts/wasm/make-fixtures.py "$work/fixtures"
python3 scripts/wasm/make-fixtures.py --large "$work/large"
for file in "$work"/fixtures/*.png; do
    name=$(basename "$file" .png)
    "$backdrop" crop "$file" --device "${layout%/*}" --layout "${layout#*/}" --out "$work/native/$name" >/dev/null
done

# Bad files, and what `backdrop crop` says of each (its "Error: PATH: " becomes "NAME: ").
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
PYTHON
{
    echo "{"
    first=1
    for file in "$work"/bad/*; do
        name=$(basename "$file")
        message=$("$backdrop" crop "$file" --device "${layout%/*}" --layout "${layout#*/}" --out "$work/bad-out" 2>&1 >/dev/null || true)
        message="${message#Error: }"
        message="$name${message#"$file"}"
        [ $first = 1 ] || echo ","
        first=0
        python3 -c 'import json,sys; print(json.dumps(sys.argv[1]) + ": " + json.dumps(sys.argv[2]), end="")' "$name" "$message"
    done
    echo "}"
} >"$work/bad-expected.json"

node scripts/wasm/core-check.mjs "$core" "$geometry" "$work" "$layout"
