#!/usr/bin/env bash
# Runs every test. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-packages.sh
swift test
