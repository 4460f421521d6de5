#!/usr/bin/env bash
# Load and abuse test of `backdrop serve`, on 127.0.0.1 only: builds the release binary, then runs
# scripts/lib/serve-load.py on the bundled content (arguments are passed on; see --help).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh python3
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
python3 scripts/lib/serve-load.py --binary .build/release/backdrop "$@"
