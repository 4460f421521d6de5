#!/usr/bin/env bash
# The browser core's speed and size: builds the core and a site with it, then times the make page
# in headless Chromium (scripts/benchmark-browser.py).
set -euo pipefail
cd "$(dirname "$0")/.."

backdrop=.build/debug/backdrop
[ -x "$backdrop" ] || swift build --traits Tool --product backdrop
bash scripts/build-wasm.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/browser-tests-cache \
    --browser-core .build/wasm/backdrop-core.js
BACKDROP="$PWD/$backdrop" BACKDROP_SITE="$work/site" BACKDROP_CORE="$PWD/.build/wasm/backdrop-core.js" BACKDROP_BROWSER_WORK="$work/bench" \
    python3 scripts/benchmark-browser.py
