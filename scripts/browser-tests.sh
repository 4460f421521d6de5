#!/usr/bin/env bash
# The browser tests: builds the browser core (scripts/build-wasm.sh) and a site with it, then
# drives the system Chromium with Playwright for Python (no browser download) through the make
# and measure pages, from file:// and through `backdrop serve`, comparing every result with the
# command line's on the same files (Tests/BrowserTests). Called by scripts/test.sh after
# `swift test`, with the debug build it made. BACKDROP_RENDERS=DIR keeps the pages' renders.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c "import playwright, numpy, PIL, axe_playwright_python" 2>/dev/null ||
    { echo "browser-tests: needs Playwright, numpy, Pillow and axe-playwright-python for Python (scripts/test.sh installs them)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "browser-tests: needs /usr/bin/chromium (scripts/test.sh installs it)" >&2; exit 1; }

backdrop=.build/debug/backdrop
[ -x "$backdrop" ] || swift build --traits Tool --product backdrop
core=.build/wasm/backdrop-core.js
# Build the core unless it is newer than every source it is made of (scripts/test.sh has just built it).
if [ ! -f "$core" ] || [ -n "$(find Sources/CheckCodes Sources/SlotGeometry Sources/GeometryFormat Sources/Calibration Sources/PNGCodec Sources/Web scripts/build-wasm.sh scripts/lib/wasm -newer "$core" -type f -print -quit)" ]; then
    bash scripts/build-wasm.sh
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The cache survives between runs, so that only the first run crops the bundled screenshots.
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/browser-tests-cache \
    --browser-core "$core"

export BACKDROP="$PWD/$backdrop" BACKDROP_SITE="$work/site" BACKDROP_CORE="$PWD/$core" BACKDROP_BROWSER_WORK="$work/tests"
python3 -m unittest discover --start-directory Tests/BrowserTests --pattern 'test_*.py' "$@"
