# Shared by scripts/test.sh and scripts/browser-tests.sh (sourced): `together`, which runs
# commands side by side, each with `bash -c` into its own log, and prints each log once all have
# ended, in the order given, under the command's name; it fails when any failed, saying which.
# `together_pids` holds the running commands' processes, for the caller's EXIT trap to stop.
together_pids=()
together() {
    local logs=() status=0 index
    together_pids=()
    for command in "$@"; do
        logs+=("$(mktemp)")
        bash -c "$command" >"${logs[-1]}" 2>&1 &
        together_pids+=($!)
    done
    for index in "${!together_pids[@]}"; do
        local command="${*:$((index + 1)):1}"
        if wait "${together_pids[$index]}"; then
            echo "$(basename "$0"): $command:"
        else
            status=1
            echo "$(basename "$0"): FAILED: $command:"
        fi
        cat "${logs[$index]}"
        rm -f "${logs[$index]}"
    done
    together_pids=()
    return $status
}
