#!/usr/bin/env bash
# The browser tests: builds the browser core (scripts/build-wasm.sh) and a site with it, then
# drives the system Chromium with Playwright for Python (no browser download) through the make
# and measure pages, from file:// and through `backdrop serve`, comparing every result with the
# command line's on the same files (Tests/BrowserTests), in two runs side by side ("check my
# widgets" and the rest); arguments, when given, go to one `unittest discover` run instead. Called
# by scripts/test.sh after `swift test`, with the release build it made. BACKDROP_RENDERS=DIR keeps
# the pages' renders.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c "import playwright, numpy, PIL, axe_playwright_python" 2>/dev/null ||
    { echo "browser-tests: needs Playwright, numpy, Pillow and axe-playwright-python for Python (scripts/test.sh installs them)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "browser-tests: needs /usr/bin/chromium (scripts/test.sh installs it)" >&2; exit 1; }

# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
core=.build/wasm/backdrop-core.js
# The core, built unless it is up to date (scripts/test.sh has just built it).
bash scripts/build-wasm.sh

work=$(mktemp -d)
# shellcheck source=scripts/lib/together.sh
source scripts/lib/together.sh
trap 'kill ${together_pids[*]:-} 2>/dev/null || true; rm -rf "$work"' EXIT
# The cache survives between runs and is shared with scripts/site-checks.sh, so that only the first
# run crops the bundled screenshots.
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/test-site-cache \
    --browser-core "$core"

export BACKDROP="$PWD/$backdrop" BACKDROP_SITE="$work/site" BACKDROP_CORE="$PWD/$core"
if [ $# -gt 0 ]; then
    BACKDROP_BROWSER_WORK="$work/tests" python3 -m unittest discover --start-directory Tests/BrowserTests --pattern 'test_*.py' "$@"
    exit
fi
# Two runs side by side, one a core: "check my widgets" (its painted scenes and searches take
# half the suite's time) and every other test file, each with its own work folder and browser.
heavy=test_check_widgets
rest=()
for file in Tests/BrowserTests/test_*.py; do
    name=$(basename "$file" .py)
    [ "$name" = "$heavy" ] || rest+=("$name")
done
run="cd Tests/BrowserTests && BACKDROP_BROWSER_WORK=$work/tests"
together "$run-0 python3 -m unittest $heavy" "$run-1 python3 -m unittest ${rest[*]}"
