#!/usr/bin/env bash
# The main job: install what is missing, build Backdrop, and build the gallery into site/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh
swift build -c release --traits Tool --static-swift-stdlib --product backdrop
# The browser core the make and measure pages run: .build/wasm/backdrop-core.js.
bash scripts/build-wasm.sh
.build/release/backdrop build --content content --templates templates --output site
echo "Open site/index.html in a browser."
