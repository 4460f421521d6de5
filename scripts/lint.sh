#!/usr/bin/env bash
# Checks the formatting of every Swift file with the toolchain's swift-format and the committed
# .swift-format configuration. Fix with: swift format format --in-place --recursive Sources Tests …
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --configuration .swift-format --recursive Sources Tests Package.swift Plugins scripts/lib/wasm scripts/lib/docs-samples Fuzz Examples/WidgetApp/Package.swift Examples/WidgetApp/Sources Examples/WidgetApp/Tests Examples/MeasureApp/Package.swift Examples/MeasureApp/Sources Examples/MeasureApp/Tests
echo "lint: every Swift file is formatted"
