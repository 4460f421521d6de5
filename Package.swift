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
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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

        // Deterministic sample screenshots for the bundled content and for tests.
        .target(name: "SampleScreens", dependencies: ["PNGImage", "SlotGeometry"]),

        // Reading content/: device profiles (front matter + Markdown).
        .target(
            name: "Catalog",
            dependencies: [
                "SlotGeometry",
                "CMark",
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        // Measuring a layout from a screenshot with widgets placed.
        .target(name: "Calibration", dependencies: ["PNGImage", "SlotGeometry"]),

        // The build: screenshot and crop checks, the gallery.
        .target(
            name: "Gallery",
            dependencies: [
                "Calibration", "Catalog", "PNGImage", "SlotGeometry",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // `backdrop serve`: live preview.
        .target(
            name: "Preview",
            dependencies: ["Catalog", "Gallery", .product(name: "FlyingFox", package: "FlyingFox")]
        ),

        // The command-line tool.
        .executableTarget(
            name: "backdrop",
            dependencies: [
                "Calibration",
                "Catalog",
                "Gallery",
                "PNGImage",
                "Preview",
                "SampleScreens",
                "SlotGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "SlotGeometryTests", dependencies: ["SlotGeometry"]),
        .testTarget(name: "PNGImageTests", dependencies: ["PNGImage", "PNGBridge", "SlotGeometry"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SlotGeometry"]),
        .testTarget(name: "SampleScreensTests", dependencies: ["SampleScreens", "Catalog", "PNGImage", "SlotGeometry"]),
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration", "SampleScreens", "PNGImage", "SlotGeometry", "Catalog"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "Catalog", "PNGImage", "SampleScreens", "SlotGeometry"]),
        .testTarget(name: "BackdropCLITests", dependencies: ["backdrop", "PNGImage"]),
    ],
    swiftLanguageModes: [.v6]
)
