# Shared by scripts/build-wasm.sh and scripts/wasm-check.sh (sourced, with $out set to the folder
# for logs): the Swift toolchain's tools for Embedded Swift on wasm32, and `step`, which runs one
# build step quietly and says which failed.

fail() {
    echo "${script_name:-wasm}: FAILED: $*" >&2
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
# Binaryen's optimiser, run on the linked modules (scripts/build-wasm.sh).
wasm_opt="$(command -v wasm-opt)" || fail "wasm-opt is not on PATH: install binaryen (bash scripts/lib/system-packages.sh does)"
# The WebAssembly features the modules use, which wasm-opt must be told (the stripped modules do
# not list them): SIMD (-msimd128), bulk memory (the runtime's memcpy), sign extension and
# saturating float-to-int conversions (Swift's code generation), mutable globals (the stack pointer).
wasm_features=(--enable-simd --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals)

# Embedded Swift for wasm32, whole-module, optimised for size; modules are found in $out. With
# WebAssembly's 128-bit SIMD (-msimd128, which Swift's code generation takes from clang's target):
# the check's SIMD8 lanes run four at a time rather than one by one (the fixer page's check of a
# 1320x2868 pair 4.5 s rather than 7.9 s, and a module 5 KB smaller). Safari and Firefox that run
# the core's CompressionStream run SIMD too (Safari 16.4 brought both; Firefox 89 SIMD, 113 the
# streams); Chromium's floor rises from 80 to 91. The glue says so in words where the module does
# not compile for want of SIMD.
embedded=(
    -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
    -swift-version 6 -package-name Backdrop -Xcc -msimd128 -Xcc -fno-stack-protector -Xfrontend -disable-stack-protector -I "$out"
)

# Sets the array `sources` to the Swift files of folder $1, subfolders included (modules keep their
# files in role folders) except the subfolders named by the other arguments (as Package.swift's
# `exclude:`). They are sorted by file name (unique in a module), not by path, so that moving a file
# into another folder changes neither the compile order nor, with it, the bytes of the module.
swift_sources() {
    local folder="$1" file
    shift
    local prune=()
    for file in "$@"; do prune+=(-path "$folder/$file" -prune -o); done
    sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(
        find "$folder" "${prune[@]}" -name '*.swift' -type f -print | awk -F/ -v OFS='\t' '{ print $NF, $0 }' | LC_ALL=C sort | cut -f2-
    )
    [[ ${#sources[@]} -gt 0 ]] || fail "no Swift files in $folder"
}

# The modules optimised for speed rather than size: PNGCodec filters, unfilters, compares and
# blurs every byte of every crop (-O rather than -Osize: a 1320x2868 16-bit large crop's rows
# filtered in 70 ms rather than 130 and verified in 42 rather than 63, in node; the module 10 KB,
# 1.6 %, larger). Calibration measures and checks widgets, only in the full module (the make page's
# module leaves it out), so its size is paid only by the pages that measure; what -O gains and
# costs there is in docs/benchmarks.md, "Check my widgets".
speed_modules=" PNGCodec Calibration "

# Compiles module $1, the Swift files of Sources/$1 (see swift_sources; the other arguments name
# subfolders to leave out), into $out/$1.o and $out/$1.swiftmodule for the modules after it.
compile_module() {
    local name="$1"
    shift
    swift_sources "$root/Sources/$name" "$@"
    local flags=("${embedded[@]}")
    [[ "$speed_modules" == *" $name "* ]] && flags=("${flags[@]/#-Osize/-O}")
    step "compile Sources/$name for wasm32 with Embedded Swift" \
        "$swiftc" "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -c -o "$out/$name.o" "${sources[@]}"
}

# Compiles the C runtime (scripts/lib/wasm/runtime.c) to $1.
compile_runtime() {
    "$clang" --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -fno-builtin -nostdlib -fno-stack-protector -Wall -Werror \
        -c -o "$1" "$(dirname "${BASH_SOURCE[0]}")/runtime.c"
}

# Runs one step quietly into its own log. On failure prints the errors it reported (or, with none
# recognised, the end of its output), where the whole log is, and which step failed.
steps=0
step() {
    local name="$1"
    shift
    steps=$((steps + 1))
    local log="$out/step-$steps.log" started=$SECONDS
    if "$@" >"$log" 2>&1; then
        echo "ok: $name ($((SECONDS - started)) s)"
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
