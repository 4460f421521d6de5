#!/usr/bin/env bash
# The browser core's speed and size beside a plain canvas page: builds the core and a site with it,
# then times the make page and the canvas page in turn in headless Chromium, and the core's blur (a
# style) beside a canvas drawn with filter: blur(), also with the CPU slowed 4x
# (scripts/lib/benchmark-browser.py), "check my widgets" and the slots read off a page of icons beside the
# make page on painted pairs (--only make|styles|check|icons runs one part, --only module none but the modules' sizes; --record keeps the figures in
# docs/figures.json and writes them into the docs), then times the core reading
# geometry.json in node (scripts/lib/wasm/catalog-bench.mjs). With --profile (first), also builds the
# core with its functions' names (scripts/build-wasm.sh --names), prints what the module is made of,
# by Swift module and function (scripts/lib/wasm/module-sizes.py), and where one make-page run and
# one blur spend their time.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
bash scripts/build-wasm.sh
named=
if [ "${1:-}" = --profile ]; then
    bash scripts/build-wasm.sh --names
    named="$PWD/.build/wasm-names/backdrop-core.js"
    # What the module is made of, function by function (the names build's code is the same as the stripped one's).
    python3 scripts/lib/wasm/module-sizes.py .build/wasm-names/backdrop.wasm
    python3 scripts/lib/wasm/module-sizes.py .build/wasm-names/backdrop-make.wasm
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/test-site-cache \
    --browser-core .build/wasm/backdrop-core.js
BACKDROP="$PWD/$backdrop" BACKDROP_SITE="$work/site" BACKDROP_CORE="$PWD/.build/wasm/backdrop-core.js" BACKDROP_BROWSER_WORK="$work/bench" \
    BACKDROP_NAMED_CORE="$named" python3 scripts/lib/benchmark-browser.py "$@"
# The core reading the site's geometry.json, as each page does once (node).
node scripts/lib/wasm/catalog-bench.mjs .build/wasm/backdrop-core.js "$work/site/geometry.json"
# With --record, the recorded figures are written into README.md and docs/benchmarks.md.
if [[ " $* " == *" --record "* ]]; then python3 scripts/lib/benchmark-docs.py; fi
