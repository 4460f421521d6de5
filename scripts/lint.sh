#!/usr/bin/env bash
# Checks the formatting of every Swift file with the toolchain's swift-format and the committed
# .swift-format configuration (fix with: swift format format --in-place --recursive Sources Tests …),
# the JavaScript with eslint and .eslintrc.json, and the Python with ruff and ruff.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --configuration .swift-format --recursive Sources Tests Package.swift Plugins scripts/lib/wasm scripts/lib/docs-samples Fuzz Examples/WidgetApp/Package.swift Examples/WidgetApp/Sources Examples/WidgetApp/Tests Examples/MeasureApp/Package.swift Examples/MeasureApp/Sources Examples/MeasureApp/Tests
echo "lint: every Swift file is formatted"

# The page scripts, the browser core's glue and its node checks, in one dialect. Debian's eslint
# finds its modules in /usr/share/nodejs, where Debian's node looks by itself and others do not.
NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}" eslint --max-warnings 0 \
    templates/assets/*.js Sources/Web/glue/backdrop-core.js scripts/lib/wasm/*.mjs
echo "lint: every JavaScript file passes eslint"

# Every Python file (ruff.toml leaves out the build folders).
python3 -m ruff check --quiet .
echo "lint: every Python file passes ruff"

# The benchmark figures of README.md and docs/benchmarks.md are what docs/figures.json records.
python3 scripts/lib/benchmark-docs.py --check
echo "lint: the docs' benchmark figures are the recorded ones"
