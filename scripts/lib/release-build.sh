# The one build of Backdrop every script uses (sourced): build.sh, test.sh, install.sh, the checks
# and the benchmarks. One set of flags everywhere, so that one build serves them all: the Swift
# tests run optimised on the same modules the binary is linked from, and nothing is built twice.
# The binary links Swift's runtime dynamically (the Swift Testing library exists only as a shared
# library here, and one runtime serves both); scripts/install.sh puts the runtime's libraries
# beside the installed binary.
release_flags=(-c release --traits Tool)
# How every script runs SwiftPM on this build: in one environment. SwiftPM keeps the environment in
# its build plan, and two variables differ from script to script: SHLVL (bash counts its nesting
# in it) and OLDPWD (the folder a script cd'd from). With them as they come, a build from another
# script planned again (10-20 s) and at times compiled HummingbirdCore and Hummingbird again
# (40-65 s: twice in a fresh-clone test run, at the site checks and at the browser tests).
swiftpm=(env -u OLDPWD SHLVL=1 swift)
# The folder of its products and modules: what `swift build --show-bin-path` says, without the build
# plan of its own that asking makes (after which the next build plans again, about 10 s).
release_bin=.build/release
backdrop=$release_bin/backdrop

# Builds the backdrop binary (nothing when it is up to date: a second or two). Once the tests have
# been built here (scripts/test.sh), it builds as they were built, with them: building one product
# of a folder built for the tests compiles HummingbirdCore and Hummingbird again, and building the
# tests after it ArgumentParser and the plugins' tools, about a minute each time, since the two
# builds set them up differently in the one .build/release.
build_backdrop() {
    if [ -e "$release_bin/BackdropPackageTests.xctest" ]; then
        "${swiftpm[@]}" build "${release_flags[@]}" --build-tests
    else
        "${swiftpm[@]}" build "${release_flags[@]}" --product backdrop
    fi
}
