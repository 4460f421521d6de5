# The one build of Backdrop every script uses (sourced): build.sh, test.sh, install.sh, the checks
# and the benchmarks. One set of flags everywhere, so that one build serves them all: the Swift
# tests run optimised on the same modules the binary is linked from, and nothing is built twice.
# The binary links Swift's runtime dynamically (the Swift Testing library exists only as a shared
# library here, and one runtime serves both); scripts/install.sh puts the runtime's libraries
# beside the installed binary.
release_flags=(-c release --traits Tool)
backdrop=.build/release/backdrop

# Builds the backdrop binary (nothing when it is up to date: a second or two).
build_backdrop() {
    swift build "${release_flags[@]}" --product backdrop
}
