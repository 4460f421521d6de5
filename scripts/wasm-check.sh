#!/usr/bin/env bash
# Proves that the cores build for the browser: compiles Sources/CheckCodes, Sources/SlotGeometry and Sources/Calibration
# with Embedded Swift for wasm32 as three modules (Calibration seeing only the other two), links them
# with a small entry point (scripts/lib/wasm/CalibrateSample.swift) and C runtime (scripts/lib/wasm/runtime.c)
# into one WebAssembly module, and runs it in node: it must calibrate a synthetic screenshot exactly
# as expected (scripts/lib/wasm/run-check.mjs). Needs only the Swift toolchain (its clang, wasm-ld and
# embedded standard library for wasm32); the run is skipped, with a message, when node is missing.
# Exits non-zero on any failure, saying which step failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/wasm-check"

script_name=wasm-check
# shellcheck source=scripts/lib/wasm/toolchain.sh
source "$root/scripts/lib/wasm/toolchain.sh"

rm -rf "$out"
mkdir -p "$out"

for module in CheckCodes SlotGeometry Calibration; do compile_module "$module"; done
step "compile the entry point scripts/lib/wasm/CalibrateSample.swift" \
    "$swiftc" "${embedded[@]}" -module-name WasmCheck -c -o "$out/WasmCheck.o" "$root/scripts/lib/wasm/CalibrateSample.swift"
step "compile the C runtime scripts/lib/wasm/runtime.c" compile_runtime "$out/runtime.o"
# No --allow-undefined: a symbol nothing defines fails here, by name, rather than in node.
step "link $out/calibrate.wasm" \
    "$wasm_ld" --no-entry --export=calibrate_sample --export=malloc -o "$out/calibrate.wasm" \
    "$out/CheckCodes.o" "$out/SlotGeometry.o" "$out/Calibration.o" "$out/WasmCheck.o" "$out/runtime.o" "$unicode_tables"
echo "built $out/calibrate.wasm ($(wc -c <"$out/calibrate.wasm") bytes)"

if ! command -v node >/dev/null; then
    echo "wasm-check: SKIPPED running the module: node is not installed (the module was built and linked)"
    exit 0
fi
node "$root/scripts/lib/wasm/run-check.mjs" "$out/calibrate.wasm" || fail "running $out/calibrate.wasm in node $(node --version)"
echo "ok: the module calibrates the sample in node $(node --version)"
