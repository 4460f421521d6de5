#!/usr/bin/env bash
# The main job: install what is missing, build Backdrop, and check the bundled content.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-packages.sh
swift build -c release --product backdrop
.build/release/backdrop check --content content
