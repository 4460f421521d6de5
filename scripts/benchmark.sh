#!/usr/bin/env bash
# Benchmark `backdrop crop` against libvips (vips and pyvips), ImageMagick and Pillow on generated full-size screenshots;
# then the styles' blur (`crop --style blur` beside Pillow's GaussianBlur and libvips' gaussblur), then check my widgets
# (`crop --widgets-from` beside the plain crop of its empty page). --only crops|styles|check runs one part.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh imagemagick libvips-tools python3 time
python3 -c "import PIL, numpy, pyvips" 2>/dev/null || python3 -m pip install --quiet pillow numpy pyvips
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
python3 scripts/lib/benchmark.py "$@"
