# The one build of Backdrop every script uses (sourced): build.sh, test.sh, install.sh, the checks
# and the benchmarks. One set of flags everywhere, so that one build serves them all: the Swift
# tests run optimised on the same modules the binary is linked from, and nothing is built twice.
# The binary links Swift's runtime dynamically (the Swift Testing library exists only as a shared
# library here, and one runtime serves both); scripts/install.sh puts the runtime's libraries
# beside the installed binary.
release_flags=(-c release --traits Tool)
backdrop=.build/release/backdrop

# Builds the backdrop binary (nothing when it is up to date: a second or two). Once the tests have
# been built here (scripts/test.sh), it builds as they were built, with them: building one product
# of a folder built for the tests compiles HummingbirdCore and Hummingbird again, and building the
# tests after it ArgumentParser and the plugins' tools, about a minute each time, since the two
# builds set them up differently in the one .build/release.
build_backdrop() {
    if [ -e .build/release/BackdropPackageTests.xctest ]; then
        swift build "${release_flags[@]}" --build-tests
    else
        swift build "${release_flags[@]}" --product backdrop
    fi
}
