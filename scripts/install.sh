#!/usr/bin/env bash
# Installs the backdrop tool from this checkout into PREFIX (default /usr/local):
#   PREFIX/lib/backdrop/backdrop                  the binary (release build)
#   PREFIX/lib/backdrop/lib*.so                   the Swift runtime libraries it loads
#   PREFIX/lib/backdrop/Backdrop_*.resources/     its resource bundles (the preview server's pages)
#   PREFIX/lib/backdrop/backdrop-core.js          the browser core of the make, fixer and measure pages
#   PREFIX/lib/backdrop/backdrop-make.js          the make page's own, without measuring (smaller)
#   PREFIX/bin/backdrop -> ../lib/backdrop/backdrop
# Templates, the WidgetGeometry library's files and the API reference are compiled in, so the
# installed tool builds a site from any folder with only a content/ folder. Besides the Swift
# runtime beside it, the binary needs libpng and libcmark at run time (Debian: libpng16-16, libcmark0.30.2), which this script installs.
# PREFIX is taken from the folder the script is run in.
set -euo pipefail
prefix=$(realpath -m -- "${1:-/usr/local}")
cd "$(dirname "$0")/.."

# patchelf sets the installed binary's run path to its own folder.
bash scripts/lib/system-packages.sh patchelf
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
build_backdrop
bin=$release_bin
bash scripts/build-wasm.sh

lib="$prefix/lib/backdrop"
mkdir -p "$lib" "$prefix/bin"
rm -rf "$lib"/Backdrop_*.resources
install -m 755 "$bin/backdrop" "$lib/backdrop"
# Swift's runtime libraries the binary loads, beside it (its run path includes its own folder), so
# that it runs where no Swift is installed.
toolchain_libraries=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/linux
toolchain_libraries=$(realpath "$toolchain_libraries")
ldd "$bin/backdrop" | awk '{print $3}' | grep "^$toolchain_libraries/" | while read -r library; do
    install -m 644 "$library" "$lib/$(basename "$library")"
done
# The debug info is most of each file; the symbols stay for backtraces.
strip --strip-debug "$lib/backdrop" "$lib"/*.so
# Only its own folder: never the build machine's toolchain, nor another Swift installed there.
patchelf --set-rpath '$ORIGIN' "$lib/backdrop"
for bundle in "$bin"/Backdrop_*.resources; do
    [ -d "$bundle" ] && cp -R "$bundle" "$lib/"
done
install -m 644 .build/wasm/backdrop-core.js "$lib/backdrop-core.js"
install -m 644 .build/wasm/backdrop-make.js "$lib/backdrop-make.js"
ln -sfn ../lib/backdrop/backdrop "$prefix/bin/backdrop"
echo "installed $("$prefix/bin/backdrop" --version) into $prefix (run $prefix/bin/backdrop)"
