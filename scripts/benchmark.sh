#!/usr/bin/env bash
# Benchmark `backdrop crop` against ImageMagick and Pillow on generated full-size screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-packages.sh imagemagick python3
python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install --quiet pillow numpy
swift build -c release --traits Tool --static-swift-stdlib --product backdrop
python3 scripts/benchmark.py "$@"
