#!/usr/bin/env bash
# Installs and depends on Backdrop the way people do, and fails when any of it needs this checkout:
#  1. An app package made from the guide's Package.swift sample, depending on a clone of this
#     repository by URL (file://, at `main` and at a tag) and using WidgetGeometry, resolves no
#     other package and builds.
#  2. scripts/release.sh makes the release archive (it installs with scripts/install.sh: the one
#     release build of CI, several minutes; a second install reuses it). The archive holds
#     bin/backdrop, lib/backdrop/ and README.md; extracted into a fresh folder, `backdrop --version`
#     names the tool's and the data's version, and `backdrop build` on a copy of content/ (no
#     templates/) there, with this checkout and the Swift toolchain hidden (a private mount
#     namespace with empty folders over them), writes the same site as the checkout's build.
#     In an empty folder, with no content/ anywhere, the archive's binary lists the devices, prints
#     a layout's slots, crops a screenshot and crops from a measured pair on its built-in catalog.
#  3. The README's install command installs into a prefix whose bin/backdrop runs.
# Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- 1. An app that depends on the repository by URL -------------------------------------------
git clone -q "$root" "$work/backdrop"
git -C "$work/backdrop" checkout -q -B main
git -C "$work/backdrop" tag 9.9.9
manifest=$(python3 scripts/lib/docs-samples.py --print app-manifest)
app="$work/app"
mkdir -p "$app/Sources/MyApp"
for requirement in 'branch: "main"' 'exact: "9.9.9"'; do
    rm -rf "$app/.build" "$app/Package.resolved"
    dependency="${manifest//\"https:\/\/github.com\/OWNER\/backdrop.git\", branch: \"main\"/\"file://$work/backdrop\", $requirement}"
    [[ "$dependency" != "$manifest" ]] || { echo "dist: the guide's app manifest has no OWNER/backdrop dependency to point at the clone" >&2; exit 1; }
    printf '// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(\n    name: "MyApp",\n    platforms: [.macOS(.v15), .iOS(.v14)],\n%s\n)\n' "$dependency" >"$app/Package.swift"
    printf 'import WidgetGeometry\n\npublic let geometryData = "geometry data \\(WidgetGeometry.dataVersion)"\n' >"$app/Sources/MyApp/MyApp.swift"
    swift package --package-path "$app" resolve >"$work/resolve.log" 2>&1 || { cat "$work/resolve.log"; exit 1; }
    pins=$(python3 -c 'import json,sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' "$app/Package.resolved")
    checkouts=$(ls "$app/.build/checkouts")
    if [[ "$pins" != "backdrop" || "$checkouts" != "backdrop" ]]; then
        echo "dist: an app depending on the repository ($requirement) resolved: $pins; checked out: ${checkouts//$'\n'/ }" >&2
        exit 1
    fi
    swift build --package-path "$app" >"$work/app-build.log" 2>&1 || { cat "$work/app-build.log"; exit 1; }
    echo "dist: an app depending on the repository by URL ($requirement) resolved only backdrop and built"
done

# --- 2. The release archive, in a fresh folder, with the checkout out of reach -------------------
release_command=$(python3 scripts/lib/docs-samples.py --print release)
if ! eval "${release_command//release.sh dist/release.sh $work/dist}" >"$work/release.out" 2>"$work/release.log"; then
    cat "$work/release.log"
    echo "dist: the README's release command failed" >&2
    exit 1
fi
archive=$(tail -1 "$work/release.out")
name=$(basename "$archive" .tar.gz)
[[ "$name" =~ ^backdrop-[0-9]+\.[0-9]+\.[0-9]+-linux-[a-z0-9_]+$ ]] || { echo "dist: the archive's name $name is not backdrop-VERSION-linux-ARCH" >&2; exit 1; }
tar -tzf "$archive" >"$work/entries"
for entry in bin/backdrop lib/backdrop/backdrop lib/backdrop/backdrop-core.js lib/backdrop/backdrop-make.js lib/backdrop/Backdrop_Preview.resources/ README.md; do
    grep -qx "$name/$entry" "$work/entries" || { echo "dist: $archive lacks $entry" >&2; exit 1; }
done
fresh="$work/fresh"
mkdir -p "$fresh/project"
tar -C "$fresh" -xzf "$archive"
cp -R content "$fresh/project/content"

# The checkout's own site: the README's build command (the release build is done: no work).
bash scripts/build.sh >/dev/null
checkout_site="$root/site"

version=$("$fresh/$name/bin/backdrop" --version)
data_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["dataVersion"])' "$checkout_site/geometry.json")
if [[ "$version" != "backdrop $(echo "$name" | cut -d- -f2) (geometry data $data_version)" ]]; then
    echo "dist: backdrop --version printed \"$version\"; expected the archive's version and geometry.json's data version $data_version" >&2
    exit 1
fi
echo "dist: $version"

# Hide the checkout and the toolchain: every path the binary could have been given at build time.
hidden=("$root" /opt/swift)
run_hidden_in() {
    local folder_to_run_in=$1 mounts=""
    shift
    for folder in "${hidden[@]}"; do [ -d "$folder" ] && mounts+="mount -t tmpfs none '$folder' && "; done
    unshare --mount sh -c "${mounts}cd '$folder_to_run_in' && $*"
}
run_hidden() { run_hidden_in "$fresh/project" "$@"; }
if unshare --mount true 2>/dev/null; then
    run_hidden "test ! -e '$root/Package.swift' && '$fresh/$name/bin/backdrop' build --quiet" >"$work/fresh-build.log" 2>&1 ||
        { cat "$work/fresh-build.log"; echo "dist: backdrop build failed in a fresh folder with the checkout hidden" >&2; exit 1; }
    echo "dist: built content/ in a fresh folder with ${hidden[*]} hidden"
else
    echo "dist: no private mount namespace here (unshare --mount refused): building in the fresh folder with the checkout in place" >&2
    (cd "$fresh/project" && "$fresh/$name/bin/backdrop" build --quiet) >"$work/fresh-build.log" 2>&1 || { cat "$work/fresh-build.log"; exit 1; }
fi
# The same files, byte for byte (the marker too: a site holds nothing of the machine, and the
# build's stamp is kept in the cache), but the count of crops taken from the cache, which the
# checkout's warm cache makes differ.
python3 - "$checkout_site" "$fresh/project/site" <<'PY'
import re, sys
from pathlib import Path
first, second = Path(sys.argv[1]), Path(sys.argv[2])
def files(root):
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
def normalized(path):
    return re.sub(rb"\(\d+ made, \d+ from the cache\)", b"(N made, M from the cache)", path.read_bytes())
names = files(first)
if names != files(second):
    sys.exit(f"dist: the fresh folder's site has other files: {sorted(names ^ files(second))[:10]}")
different = [name for name in sorted(names) if normalized(first / name) != normalized(second / name)]
if different:
    sys.exit(f"dist: the site built in the fresh folder differs from the checkout's in {different[:10]}")
PY
echo "dist: the fresh folder's site equals the checkout's ($(find "$checkout_site" -type f | wc -l) files)"

# --- 2b. The installed tool in an empty folder, on its built-in catalog ---------------------------
empty="$work/empty"
mkdir -p "$empty"
python3 -c 'import numpy as np, sys; from PIL import Image; Image.fromarray(np.random.default_rng(1).integers(0, 256, (2622, 1206, 3), dtype=np.uint8)).save(sys.argv[1])' "$empty/shot.png"
cp Tests/CalibrationTests/Painted/glass-16pro-ios26-empty.png "$empty/empty.png"
cp Tests/CalibrationTests/Painted/glass-16pro-ios26.png "$empty/placed.png"
bin="$fresh/$name/bin/backdrop"
run_in() { local folder=$1; shift; (cd "$folder" && sh -c "$*"); }
runner=run_hidden_in
unshare --mount true 2>/dev/null || runner=run_in
for step in "devices" "slots iphone-16-pro --layout ios26 --json" "crop shot.png --out crops" "crop empty.png --measured-from placed.png --out measured"; do
    if ! $runner "$empty" "test ! -e content && '$bin' $step" >"$work/empty.out" 2>"$work/empty.err"; then
        cat "$work/empty.err"
        echo "dist: backdrop $step failed in an empty folder" >&2
        exit 1
    fi
    if ! grep -q "catalog: the one built into backdrop (geometry data $data_version)" "$work/empty.err" || grep -q "F010" "$work/empty.err"; then
        cat "$work/empty.err"
        echo "dist: backdrop $step in an empty folder did not say it used the built-in catalog $data_version, or reported a content folder nobody asked for" >&2
        exit 1
    fi
    cp "$work/empty.out" "$work/empty-$(echo "$step" | cut -d' ' -f1).out"
done
devices=$(grep -c "^iphone-" "$work/empty-devices.out")
slots=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))[0]["slots"]))' "$work/empty-slots.out")
crops=$(find "$empty/crops" -name '*.png' | wc -l)
measured=$(find "$empty/measured" -name '*.png' | wc -l)
if [[ "$devices" != "$(find content/devices -name '*.md' | wc -l)" || "$slots" != 12 || "$crops" != 12 || "$measured" -lt 11 || ! -f "$empty/measured/measurement.json" ]]; then
    echo "dist: in an empty folder: $devices devices listed, $slots slots printed, $crops crops, $measured measured crops" >&2
    exit 1
fi
echo "dist: in an empty folder, on the built-in catalog: $devices devices, $slots slots of iphone-16-pro ios26, $crops crops, $measured measured crops"

# --- 3. The README's install command -------------------------------------------------------------
install_command=$(python3 scripts/lib/docs-samples.py --print install)
prefix="$work/prefix"
# Its `backdrop` is the prefix's, as it would be on a PATH that holds PREFIX/bin; a function rather
# than a longer PATH, because SwiftPM keeps the environment in its build plan: install.sh's build
# under another PATH planned again, and the next script's build then compiled HummingbirdCore and
# Hummingbird again (about a minute in all).
backdrop() { "$prefix/bin/backdrop" "$@"; }
(eval "${install_command//\/usr\/local/$prefix}") >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
unset -f backdrop
[[ "$("$prefix/bin/backdrop" --version)" == "$version" ]] || { echo "dist: the installed backdrop --version differs from the archive's" >&2; exit 1; }
echo "dist: the README's install command installed $("$prefix/bin/backdrop" --version) into a prefix"
