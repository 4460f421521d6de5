#!/usr/bin/env bash
# Builds and tests Examples/WidgetApp, an app-style package that depends on this repository by
# path and takes only the WidgetGeometry product, and fails when its verbose build log shows
# anything else compiled: no libpng, no libcmark, no Yams, no Hummingbird, no other target of
# Backdrop. (SwiftPM resolves none of the tool's packages, which are behind the default-off Tool
# trait: scripts/dist-check.sh checks that for a dependency by URL.) Also checks that the usage
# example in docs/widget-geometry.md and content/docs/guide.md is the file the package compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
app=Examples/WidgetApp
example=$app/Sources/WidgetApp/Backgrounds.swift
log=$(mktemp)
trap 'rm -f "$log"' EXIT

python3 - "$example" docs/widget-geometry.md content/docs/guide.md <<'PY'
import sys
example = open(sys.argv[1], encoding="utf-8").read()
for page in sys.argv[2:]:
    text = open(page, encoding="utf-8").read()
    marker = "<!-- usage example: " + sys.argv[1] + " -->\n```swift\n"
    start = text.find(marker)
    if start < 0:
        sys.exit(f"{page}: no usage example (a ```swift block after `{marker.splitlines()[0]}`)")
    start += len(marker)
    block = text[start:text.find("```\n", start)]
    if block != example:
        sys.exit(f"{page}: the usage example differs from {sys.argv[1]}; copy the file into the block")
print("app package: the usage example of docs/widget-geometry.md and content/docs/guide.md is", sys.argv[1])
PY

# A fresh build folder each time, so that the log shows every target the app needs.
rm -rf "$app/.build/debug" "$app/.build/x86_64-unknown-linux-gnu" "$app/.build/aarch64-unknown-linux-gnu"
if ! swift build --package-path "$app" --build-tests -v >"$log" 2>&1; then
    cat "$log"
    echo "app package: the build failed" >&2
    exit 1
fi
# Every module compiled (swift-frontend/swiftc -module-name), but manifests (main) and plugin scripts.
compiled=$(grep -- '-module-name ' "$log" | grep -v '/plugins/cache/' | grep -oE -- '-module-name [A-Za-z0-9_]+' | awk '{print $2}' | grep -vx main | sort -u)
# Every C file compiled outside a manifest: Backdrop's libpng bridge and file swap are C.
c_files=$(grep -E 'clang.* -c ' "$log" | grep -oE '[^ ]+\.c( |$)' | sort -u || true)
allowed='^(WidgetGeometry|WidgetApp|WidgetAppTests|WidgetAppPackageTests|WidgetAppPackageDiscoveredTests)$'
unexpected=$(echo "$compiled" | grep -vE "$allowed" || true)
echo "app package: compiled $(echo "$compiled" | tr '\n' ' ')"
if [[ -n "$unexpected" || -n "$c_files" ]]; then
    echo "app package: the build compiled more than WidgetGeometry: ${unexpected//$'\n'/ } ${c_files//$'\n'/ }" >&2
    exit 1
fi
for name in png cmark yams hummingbird; do
    if grep -v '/plugins/cache/' "$log" | grep -iE -- "(-module-name|clang.* -c ).*$name" | grep -q .; then
        echo "app package: the build log shows $name being compiled" >&2
        exit 1
    fi
done
swift test --package-path "$app" --skip-build

# The measuring example: only WidgetMeasurement and the pure modules under it (Calibration, SlotGeometry, CheckCodes).
measure=Examples/MeasureApp
rm -rf "$measure/.build/debug" "$measure/.build/x86_64-unknown-linux-gnu" "$measure/.build/aarch64-unknown-linux-gnu"
if ! swift build --package-path "$measure" --build-tests -v >"$log" 2>&1; then
    cat "$log"
    echo "measure package: the build failed" >&2
    exit 1
fi
compiled=$(grep -- '-module-name ' "$log" | grep -v '/plugins/cache/' | grep -oE -- '-module-name [A-Za-z0-9_]+' | awk '{print $2}' | grep -vx main | sort -u)
allowed='^(WidgetMeasurement|Calibration|SlotGeometry|CheckCodes|MeasureApp|MeasureAppTests|MeasureAppPackageTests|MeasureAppPackageDiscoveredTests)$'
unexpected=$(echo "$compiled" | grep -vE "$allowed" || true)
echo "measure package: compiled $(echo "$compiled" | tr '\n' ' ')"
if [[ -n "$unexpected" ]] || grep -qE 'clang.* -c ' "$log"; then
    echo "measure package: the build compiled more than WidgetMeasurement and the pure modules under it: ${unexpected//$'\n'/ }" >&2
    exit 1
fi
swift test --package-path "$measure" --skip-build
