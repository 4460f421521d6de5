// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Backdrop",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "backdrop", targets: ["backdrop"]),
        .library(name: "SlotGeometry", targets: ["SlotGeometry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),

        // Pure geometry: no I/O, no Foundation.
        .target(name: "SlotGeometry"),

        // libpng behind a C layer that owns libpng's setjmp, then the Swift image core.
        .target(name: "PNGBridge", dependencies: ["CPNG"]),
        .target(name: "PNGImage", dependencies: ["PNGBridge", "SlotGeometry"]),

        // Reading content/: device profiles (front matter + Markdown).
        .target(
            name: "Catalog",
            dependencies: [
                "SlotGeometry",
                "CMark",
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        // The command-line tool.
        .executableTarget(
            name: "backdrop",
            dependencies: [
                "Catalog",
                "PNGImage",
                "SlotGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "SlotGeometryTests", dependencies: ["SlotGeometry"]),
        .testTarget(name: "PNGImageTests", dependencies: ["PNGImage", "PNGBridge", "SlotGeometry"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SlotGeometry"]),
        .testTarget(name: "BackdropCLITests", dependencies: ["backdrop", "PNGImage"]),
    ],
    swiftLanguageModes: [.v6]
)
