#!/usr/bin/env bash
# The site build's time and memory: a cold build, a rebuild with nothing changed, and a cold build
# with ten times the screenshots (scripts/lib/benchmark-build.py), with the release binary; --record keeps the
# figures in docs/figures.json and writes them into the docs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh python3
python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install --quiet pillow numpy
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
python3 scripts/lib/benchmark-build.py "$@"
# With --record, the recorded figures are written into README.md and docs/benchmarks.md.
if [[ " $* " == *" --record "* ]]; then python3 scripts/lib/benchmark-docs.py; fi
