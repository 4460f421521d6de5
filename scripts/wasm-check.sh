#!/usr/bin/env bash
# Proves that the measuring core works on its own in the browser: links Sources/CheckCodes,
# Sources/SlotGeometry and Sources/Calibration, as scripts/build-wasm.sh compiles them with Embedded
# Swift for wasm32 (it is run first, and builds nothing when the core is up to date), with a small entry
# point (scripts/lib/wasm/CalibrateSample.swift) and C runtime (scripts/lib/wasm/runtime.c) into one
# WebAssembly module, with no other module: a symbol Calibration needs from elsewhere fails the link.
# Then runs it in node: it must calibrate a synthetic screenshot exactly as expected
# (scripts/lib/wasm/run-check.mjs). Needs only the Swift toolchain (its clang, wasm-ld and embedded
# standard library for wasm32); the run is skipped, with a message, when node is missing. Exits
# non-zero on any failure, saying which step failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/wasm-check"
core="$root/.build/wasm"

script_name=wasm-check
# shellcheck source=scripts/lib/wasm/toolchain.sh
source "$root/scripts/lib/wasm/toolchain.sh"

rm -rf "$out"
mkdir -p "$out"

bash "$root/scripts/build-wasm.sh" >"$out/build-wasm.log" 2>&1 || fail "scripts/build-wasm.sh (its output: $out/build-wasm.log)"
modules=(CheckCodes SlotGeometry Calibration)
objects=("${modules[@]/#/$core/}")
objects=("${objects[@]/%/.o}")
for object in "${objects[@]}"; do
    [[ -f "$object" ]] || fail "scripts/build-wasm.sh left no $object"
done
step "compile the entry point scripts/lib/wasm/CalibrateSample.swift" \
    "$swiftc" "${embedded[@]}" -I "$core" -module-name WasmCheck -c -o "$out/WasmCheck.o" "$root/scripts/lib/wasm/CalibrateSample.swift"
step "compile the C runtime scripts/lib/wasm/runtime.c" compile_runtime "$out/runtime.o"
# No --allow-undefined: a symbol nothing defines fails here, by name, rather than in node.
step "link $out/calibrate.wasm" \
    "$wasm_ld" --no-entry --export=calibrate_sample --export=malloc -o "$out/calibrate.wasm" \
    "${objects[@]}" "$out/WasmCheck.o" "$out/runtime.o" "$unicode_tables"
echo "built $out/calibrate.wasm ($(wc -c <"$out/calibrate.wasm") bytes)"

if ! command -v node >/dev/null; then
    echo "wasm-check: SKIPPED running the module: node is not installed (the module was built and linked)"
    exit 0
fi
node "$root/scripts/lib/wasm/run-check.mjs" "$out/calibrate.wasm" || fail "running $out/calibrate.wasm in node $(node --version)"
echo "ok: the module calibrates the sample in node $(node --version)"
