#!/usr/bin/env bash
# Installs the Debian packages Backdrop needs, when they are missing. Sourced by the other scripts.
set -euo pipefail

# binaryen: wasm-opt, which scripts/build-wasm.sh runs on the browser core's modules.
backdrop_packages=(pkg-config libpng-dev zlib1g-dev libcmark-dev binaryen)

missing=()
for package in "${backdrop_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
    echo "Installing missing system packages: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
