#!/usr/bin/env bash
# Fuzzes Backdrop's decoders with libFuzzer: builds the targets of Fuzz/ (a package of its own,
# so that the normal build never needs the sanitizers) with the fuzzer and address sanitizers,
# then runs each target for SECONDS (default 60), side by side. CI runs `bash scripts/fuzz.sh 60`.
#
# Exits 1 when a target crashes: a trap, a sanitizer report, a leak, an input slower than 10 s or
# more than 2 GB of memory. It prints where the input was saved; copy it into the target's
# regression fixtures (Tests/NativePNGTests/Fixtures/fuzz/, Tests/CatalogTests/Fixtures/fuzz/).
# Replay one input with `Fuzz/.build-fuzz/release/<target> FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

bash scripts/lib/system-packages.sh

cd Fuzz
scratch=.build-fuzz
started=$SECONDS
# Optimized: about twice as many executions a second as a debug build, for the same build time.
# ld.gold warns that it cannot export each of ASan's local check symbols: harmless, and hundreds.
swift build -c release --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address 2>&1 |
    { grep -v "Cannot export local symbol '__asan" || true; }
echo "fuzz: built the sanitized targets in $((SECONDS - started)) s"

# Each target: its seed corpus, its dictionary and the largest input it is given.
targets=(
    "FuzzPNG corpus/png png.dict 16384"
    "FuzzFrontMatter corpus/front-matter front-matter.dict 8192"
)

run() {
    local target=$1 seeds=$2 dictionary=$3 max_len=$4
    # The corpus libFuzzer grows stays in the scratch folder, for the next run; the seeds stay as they are.
    mkdir -p "$scratch/corpus/$target" "$scratch/crashes/$target"
    # The Swift runtime's own crash report would only repeat libFuzzer's, slowly.
    SWIFT_BACKTRACE=enable=no "$scratch/release/$target" "$scratch/corpus/$target" "$seeds" \
        -dict="$dictionary" -max_len="$max_len" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$scratch/crashes/$target/" -print_final_stats=1 >"$scratch/$target.log" 2>&1
}

pids=()
for entry in "${targets[@]}"; do
    read -r target seeds dictionary max_len <<<"$entry"
    echo "fuzz: running $target for $seconds s"
    run "$target" "$seeds" "$dictionary" "$max_len" &
    pids+=($!)
done

failed=0
for index in "${!targets[@]}"; do
    read -r target _ <<<"${targets[$index]}"
    log="Fuzz/$scratch/$target.log"
    if wait "${pids[$index]}"; then
        # e.g. "#274859 DONE cov: 4963 ft: 19903 corp: 1132/1283Kb lim: 3115 exec/s: 913 rss: 440Mb"
        summary=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$scratch/$target.log" | tail -1 | tr -s ' \t' ' ' || true)
        echo "fuzz: $target passed: ${summary:-no summary} (log: $log)"
    else
        failed=1
        echo "fuzz: $target FAILED (log: $log)"
        { grep -E 'Fatal error|Precondition failed|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY' "$scratch/$target.log" || true; } |
            head -5 | sed 's/^/    /'
        { grep -E 'Test unit written to' "$scratch/$target.log" || echo "no input saved"; } |
            sed -E 's|.*Test unit written to |input saved to Fuzz/|; s/^/    /'
    fi
done
exit "$failed"
