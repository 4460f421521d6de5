// swift-tools-version:5.4
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point and
// links `main` to it, which clashes with libFuzzer's own `main`.
import PackageDescription

// libFuzzer targets for Backdrop's decoders, one per decoder. Build and run them with
// `bash scripts/fuzz.sh [SECONDS]`: they build only with `-sanitize=fuzzer`, which provides `main`.
let package = Package(
    name: "BackdropFuzz",
    platforms: [.macOS("15.0")],
    dependencies: [.package(name: "BackdropTool", path: "ToolTrait")],
    targets: [
        // PNG files: decode, header, and crop + encode + decode again.
        .executableTarget(
            name: "FuzzPNG",
            dependencies: [.product(name: "BackdropTool", package: "BackdropTool")]
        ),
        // Device profiles: front matter, geometry resolution and checks.
        // Catalog needs Backdrop's "Tool" trait, which ToolTrait/ turns on.
        .executableTarget(name: "FuzzFrontMatter", dependencies: [.product(name: "BackdropTool", package: "BackdropTool")]),
    ]
)
