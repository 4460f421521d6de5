#!/usr/bin/env bash
# The main job: install what is missing, build Backdrop, and build the gallery into site/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
# The browser core the pages run: .build/wasm/backdrop-core.js, and the make page's own, backdrop-make.js.
bash scripts/build-wasm.sh
"$backdrop" build --content content --templates templates --output site
echo "Open site/index.html in a browser."
