#!/usr/bin/env bash
# The browser tests: builds the browser core (scripts/build-wasm.sh) and a site with it, then
# drives the system Chromium with Playwright for Python (no browser download) through the make
# and measure pages, from file:// and through `backdrop serve`, comparing every result with the
# command line's on the same files (Tests/BrowserTests), module by module on two workers;
# arguments, when given, go to one `unittest discover` run instead. Called
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
trap 'rm -rf "$work"' EXIT
# The cache survives between runs and is shared with scripts/site-checks.sh, so that only the first
# run crops the bundled screenshots.
"$backdrop" build --quiet --content content --templates templates --output "$work/site" --cache .build/test-site-cache \
    --browser-core "$core"

export BACKDROP="$PWD/$backdrop" BACKDROP_SITE="$work/site" BACKDROP_CORE="$PWD/$core"
if [ $# -gt 0 ]; then
    BACKDROP_BROWSER_WORK="$work/tests" python3 -m unittest discover --start-directory Tests/BrowserTests --pattern 'test_*.py' "$@"
    exit
fi
# Every module, on two workers (one a core) that each take the next module from one queue, the
# longest first (scripts/lib/browser_queue.py; the times of the last run are kept in .build).
modules=()
for file in Tests/BrowserTests/test_*.py; do modules+=("$(basename "$file" .py)"); done
python3 scripts/lib/browser_queue.py --workers 2 --work "$work" --times .build/browser-test-times.json "${modules[@]}"
