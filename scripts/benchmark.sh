#!/usr/bin/env bash
# Benchmark `backdrop crop` against libvips (vips and pyvips), ImageMagick and Pillow on generated full-size screenshots;
# then the styles' blur (`crop --style blur` beside Pillow's GaussianBlur and libvips' gaussblur), then check my widgets
# (`crop --widgets-from` beside the plain crop of its empty page), then the slots read off a page of icons
# (`crop --icons-from`, the same). --only crops|styles|check|icons runs one part; --record keeps the figures in
# docs/figures.json and writes them into the docs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh imagemagick libvips-tools python3 time
python3 -c "import PIL, numpy, pyvips" 2>/dev/null || python3 -m pip install --quiet pillow numpy pyvips
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
python3 scripts/lib/benchmark.py "$@"
# With --record, the recorded figures are written into README.md and docs/benchmarks.md.
if [[ " $* " == *" --record "* ]]; then python3 scripts/lib/benchmark-docs.py; fi
