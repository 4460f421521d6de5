#!/usr/bin/env bash
# Proves that the cores build for the browser: compiles Sources/SlotGeometry and Sources/Calibration
# with Embedded Swift for wasm32 as two modules (Calibration seeing only SlotGeometry), links them
# with a small entry point (scripts/wasm/CalibrateSample.swift) and C runtime (scripts/wasm/runtime.c)
# into one WebAssembly module, and runs it in node: it must calibrate a synthetic screenshot exactly
# as expected (scripts/wasm/run-check.mjs). Needs only the Swift toolchain (its clang, wasm-ld and
# embedded standard library for wasm32); the run is skipped, with a message, when node is missing.
# Exits non-zero on any failure, saying which step failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/wasm-check"

fail() {
    echo "wasm-check: FAILED: $*" >&2
    exit 1
}

# The toolchain's own tools and libraries, found through the compiler's resource folder
# (TOOLCHAIN/usr/lib/swift), whatever puts swiftc on PATH.
swiftc="$(command -v swiftc)" || fail "swiftc is not on PATH"
resources="$("$swiftc" -print-target-info -target wasm32-unknown-none-wasm | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')" ||
    fail "$swiftc -print-target-info failed"
[[ -n "$resources" ]] || fail "$swiftc -print-target-info names no runtimeResourcePath"
clang="$resources/../../bin/clang"
wasm_ld="$resources/../../bin/wasm-ld"
unicode_tables="$resources/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
for tool in "$clang" "$wasm_ld" "$unicode_tables"; do
    [[ -e "$tool" ]] || fail "the Swift toolchain has no $tool (Embedded Swift for wasm32 needs a toolchain that ships it)"
done

# Runs one step quietly into its own log. On failure prints the errors it reported (or, with none
# recognised, the end of its output), where the whole log is, and which step failed.
steps=0
step() {
    local name="$1"
    shift
    steps=$((steps + 1))
    local log="$out/step-$steps.log"
    if "$@" >"$log" 2>&1; then
        echo "ok: $name"
        return
    fi
    # Diagnostics start at the line's beginning (file:line:column: error: …, wasm-ld: error: …);
    # the indented copies under a quoted source line are left out.
    local errors='^[^[:space:]|].*error:'
    if grep -Eq "$errors" "$log"; then
        grep -E "$errors" "$log" | awk '!seen[$0]++' | head -n 40 >&2
    else
        tail -n 40 "$log" >&2
    fi
    echo "(the whole output: $log)" >&2
    fail "$name"
}

rm -rf "$out"
mkdir -p "$out"

embedded=(
    -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
    -swift-version 6 -Xcc -fno-stack-protector -Xfrontend -disable-stack-protector -I "$out"
)
step "compile Sources/SlotGeometry for wasm32 with Embedded Swift" \
    "$swiftc" "${embedded[@]}" -module-name SlotGeometry -emit-module -emit-module-path "$out/SlotGeometry.swiftmodule" \
    -c -o "$out/SlotGeometry.o" "$root"/Sources/SlotGeometry/*.swift
step "compile Sources/Calibration for wasm32 with Embedded Swift (importing only SlotGeometry)" \
    "$swiftc" "${embedded[@]}" -module-name Calibration -emit-module -emit-module-path "$out/Calibration.swiftmodule" \
    -c -o "$out/Calibration.o" "$root"/Sources/Calibration/*.swift
step "compile the entry point scripts/wasm/CalibrateSample.swift" \
    "$swiftc" "${embedded[@]}" -module-name WasmCheck -c -o "$out/WasmCheck.o" "$root/scripts/wasm/CalibrateSample.swift"
step "compile the C runtime scripts/wasm/runtime.c" \
    "$clang" --target=wasm32-unknown-unknown -O2 -ffreestanding -fno-builtin -nostdlib -fno-stack-protector -Wall -Werror \
    -c -o "$out/runtime.o" "$root/scripts/wasm/runtime.c"
# No --allow-undefined: a symbol nothing defines fails here, by name, rather than in node.
step "link $out/calibrate.wasm" \
    "$wasm_ld" --no-entry --export=calibrate_sample --export=malloc -o "$out/calibrate.wasm" \
    "$out/SlotGeometry.o" "$out/Calibration.o" "$out/WasmCheck.o" "$out/runtime.o" "$unicode_tables"
echo "built $out/calibrate.wasm ($(wc -c <"$out/calibrate.wasm") bytes)"

if ! command -v node >/dev/null; then
    echo "wasm-check: SKIPPED running the module: node is not installed (the module was built and linked)"
    exit 0
fi
node "$root/scripts/wasm/run-check.mjs" "$out/calibrate.wasm" || fail "running $out/calibrate.wasm in node $(node --version)"
echo "ok: the module calibrates the sample in node $(node --version)"
