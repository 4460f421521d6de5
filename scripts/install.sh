#!/usr/bin/env bash
# Installs the backdrop tool from this checkout into PREFIX (default /usr/local):
#   PREFIX/lib/backdrop/backdrop                  the binary (release build, Swift's runtime linked in)
#   PREFIX/lib/backdrop/Backdrop_*.resources/     its resource bundles (the preview server's pages)
#   PREFIX/lib/backdrop/backdrop-core.js          the browser core of the make and measure pages
#   PREFIX/bin/backdrop -> ../lib/backdrop/backdrop
# Templates, the WidgetGeometry library's files and the API reference are compiled in, so the
# installed tool builds a site from any folder with only a content/ folder. The binary needs
# libpng and libcmark at run time (Debian: libpng16-16, libcmark0.30.2), which this script installs.
# PREFIX is taken from the folder the script is run in.
set -euo pipefail
prefix=$(realpath -m -- "${1:-/usr/local}")
cd "$(dirname "$0")/.."

bash scripts/lib/system-packages.sh
# The same flags everywhere a release binary is built (build.sh, this script), so that one build serves all.
release=(-c release --traits Tool --static-swift-stdlib)
swift build "${release[@]}" --product backdrop
bin=$(swift build "${release[@]}" --show-bin-path)
bash scripts/build-wasm.sh

lib="$prefix/lib/backdrop"
mkdir -p "$lib" "$prefix/bin"
rm -rf "$lib"/Backdrop_*.resources
install -m 755 "$bin/backdrop" "$lib/backdrop"
strip --strip-debug "$lib/backdrop"   # the debug info is most of the binary; its symbols stay for backtraces
for bundle in "$bin"/Backdrop_*.resources; do
    [ -d "$bundle" ] && cp -R "$bundle" "$lib/"
done
install -m 644 .build/wasm/backdrop-core.js "$lib/backdrop-core.js"
ln -sfn ../lib/backdrop/backdrop "$prefix/bin/backdrop"
echo "installed $("$prefix/bin/backdrop" --version) into $prefix (run $prefix/bin/backdrop)"
