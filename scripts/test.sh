#!/usr/bin/env bash
# Runs every test. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-packages.sh python3
# Pillow is the independent decoder the PNG tests compare against.
python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet pillow
swift test
