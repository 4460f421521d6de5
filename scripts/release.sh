#!/usr/bin/env bash
# Makes the release archive dist/backdrop-VERSION-linux-ARCH.tar.gz: the tree scripts/install.sh
# makes (bin/backdrop, lib/backdrop/ with the binary, its resources and the browser core), with
# README.md, and LICENSE when the repository has one. VERSION is the one `backdrop --version`
# prints. Extract it anywhere and run backdrop-VERSION-linux-ARCH/bin/backdrop, or copy its bin/
# and lib/ into a prefix such as /usr/local.
# OUT (default dist/ of the checkout) is taken from the folder the script is run in.
set -euo pipefail
if [ $# -gt 0 ]; then out=$(realpath -m -- "$1"); fi
cd "$(dirname "$0")/.."
out="${out:-dist}"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# install.sh's standard output (the build's progress, and the compiler's errors) is shown only
# when it fails.
if ! bash scripts/install.sh "$stage/tree" >"$stage/install.log"; then
    cat "$stage/install.log" >&2
    echo "release: scripts/install.sh failed (its output is above); no archive was made" >&2
    exit 1
fi
version=$("$stage/tree/bin/backdrop" --version | awk '{print $2}')
name="backdrop-$version-linux-$(uname -m)"
mv "$stage/tree" "$stage/$name"
cp README.md "$stage/$name/"
if [ -f LICENSE ]; then
    cp LICENSE "$stage/$name/"
else
    printf '%s\n' "This release has no LICENSE file: the repository does not state a license yet." >"$stage/$name/NO-LICENSE.txt"
fi
mkdir -p "$out"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
