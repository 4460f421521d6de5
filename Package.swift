// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Backdrop",
    platforms: [.macOS(.v15), .iOS(.v14)],
    products: [
        .executable(name: "backdrop", targets: ["backdrop"]),
        .library(name: "SlotGeometry", targets: ["SlotGeometry"]),
        .library(name: "NativePNG", targets: ["NativePNG"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        // Reading content/ needs Yams: depend on it with `traits: ["Tool"]`.
        .library(name: "Catalog", targets: ["Catalog"]),
        // For apps: the catalog's slot geometry and the runtime layout choice, with no dependency at all.
        .library(name: "WidgetGeometry", targets: ["WidgetGeometry"]),
        // For apps: the slots measured on a user's own two screenshots (no Foundation, no dependency).
        .library(name: "WidgetMeasurement", targets: ["WidgetMeasurement"]),
    ],
    // The command-line tool's packages are behind the "Tool" trait, off by default, so that an app
    // that adds this repository by URL for WidgetGeometry or WidgetMeasurement resolves no other
    // package (SwiftPM fetches no package whose products only a disabled trait uses). Every product
    // of another package is therefore used with `condition: .when(traits: ["Tool"])`, or
    // scripts/dist-check.sh fails. The scripts build the tool with `--traits Tool` (README.md, "Set up").
    traits: [
        .trait(name: "Tool", description: "The backdrop command-line tool and its site, preview and catalog targets."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The files the tool reads that are not the user's content (built-in templates, the
        // WidgetGeometry library's API files and symbol list), compiled in by the EmbedBuiltInFiles
        // plugin (its command runs scripts/lib/embed-built-in-files.sh), so that the binary needs no checkout.
        .plugin(name: "EmbedBuiltInFiles", capability: .buildTool()),
        .target(name: "BuiltInFiles", plugins: ["EmbedBuiltInFiles"]),

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

        // zlib, for the tests of PNGCodec only (the browser inflates and deflates with its own streams).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),

        // One system call Swift's Glibc does not show: exchanging two paths atomically.
        .target(name: "CFileSwap"),

        // Files the tool writes (atomically, only regular files) and how their problems and names
        // are worded: one place for every command and stage.
        .target(name: "FileAccess", dependencies: ["CheckCodes"]),

        // Every check's code, family, severity, title and explanation, in one file; no dependency,
        // builds with Embedded Swift.
        .target(name: "CheckCodes"),

        // Pure geometry: no I/O, no Foundation; builds with Embedded Swift (scripts/wasm-check.sh).
        .target(name: "SlotGeometry", dependencies: ["CheckCodes"]),

        // The library apps depend on: pure Swift, no Foundation, no dependency. Its catalog is
        // Generated/Catalog.swift, made from content/ by `backdrop export widget-geometry`.
        .target(name: "WidgetGeometry"),

        // libpng behind a C layer that owns libpng's setjmp, then the Swift image core.
        // zlib (libpng's own dependency) inflates colour profiles for PNGCodec's ColorProfilePolicy.
        .target(name: "PNGBridge", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),
        // The PNG row codec of the browser core: chunks, CRC, unfiltering, Adam7, crops, filtering,
        // the shared wording of PNG errors. No zlib, no Foundation; builds with Embedded Swift.
        .target(name: "PNGCodec", dependencies: ["CheckCodes", "SlotGeometry"]),
        .target(name: "NativePNG", dependencies: ["FileAccess", "PNGBridge", "PNGCodec", "SlotGeometry"]),

        // geometry.json's format, described once (the schema is written from it, readers check against
        // it), and JSON read and written without Foundation; builds with Embedded Swift.
        .target(name: "GeometryFormat", dependencies: ["CheckCodes", "SlotGeometry"]),

        // The browser core over PNGCodec and Calibration: geometry.json, layout choice, crops, zip,
        // calibration. Built natively for its tests and, with wasm/Exports.swift and glue/, into .build/wasm by scripts/build-wasm.sh.
        .target(name: "Web", dependencies: ["Calibration", "CheckCodes", "GeometryFormat", "PNGCodec", "SlotGeometry"], exclude: ["wasm", "glue"]),

        // Deterministic sample screenshots for the bundled content and for tests, and writing them
        // where the profiles name them (`backdrop samples`).
        .target(name: "SampleScreens", dependencies: ["Catalog", "CheckCodes", "FileAccess", "NativePNG", "SlotGeometry"]),

        // Reading content/: device profiles (front matter + Markdown).
        .target(
            name: "Catalog",
            dependencies: [
                "BuiltInFiles",
                "CheckCodes",
                "FileAccess",
                "GeometryFormat",
                "SlotGeometry",
                "CMark",
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["Tool"])),
            ]
        ),

        // Measuring a layout from a screenshot with widgets placed. No image format, no Foundation:
        // it builds for WebAssembly with Embedded Swift (scripts/wasm-check.sh).
        .target(name: "Calibration", dependencies: ["CheckCodes", "SlotGeometry"]),

        // Measuring slots from two 8-bit RGBA screenshots, for apps: Calibration behind a small API.
        .target(name: "WidgetMeasurement", dependencies: ["Calibration", "CheckCodes", "SlotGeometry"]),

        // The checks every command can run: screenshots, crops, calibration, templates, the build.
        .target(name: "Checks", dependencies: ["Calibration", "Catalog", "CheckCodes", "FileAccess", "NativePNG", "SlotGeometry"]),

        // `backdrop crop`'s work: a screenshot cropped at a layout's slots (the catalog's, measured on
        // a pair, or corrected by a widget check), the output checked, written all or nothing.
        .target(
            name: "Cropping",
            dependencies: [
                "Calibration", "Catalog", "CheckCodes", "Checks", "FileAccess", "Gallery", "GeometryFormat", "NativePNG", "SlotGeometry", "Web",
            ]
        ),

        // The site build: cache, stages, view models, templates, generated files, atomic swap.
        .target(
            name: "Gallery",
            dependencies: [
                "BuiltInFiles", "Calibration", "Catalog", "CheckCodes", "Checks", "CFileSwap", "FileAccess", "GeometryFormat", "NativePNG",
                "SlotGeometry",
                .product(name: "Mustache", package: "swift-mustache", condition: .when(traits: ["Tool"])),
            ]
        ),

        // `backdrop serve`: live preview (Hummingbird, with a guard on every connection's raw bytes).
        // Its own HTML (reload script, error overlay, status pages) is in Resources/.
        .target(
            name: "Preview",
            dependencies: [
                "Catalog", "CheckCodes", "FileAccess", "Gallery",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tool"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Tool"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Tool"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Tool"])),
            ],
            resources: [.copy("Resources")]
        ),

        // The command-line tool.
        .executableTarget(
            name: "backdrop",
            dependencies: [
                // The bundled catalog, which the commands read where no content folder is at hand.
                "BuiltInFiles",
                "Calibration",
                "Catalog",
                "CheckCodes",
                "Checks",
                "Cropping",
                "FileAccess",
                "Gallery",
                "GeometryFormat",
                "NativePNG",
                "Preview",
                "SampleScreens",
                "SlotGeometry",
                // The browser core's calibration report, which `calibrate --json` prints too.
                "Web",
                // For `--version`: the data version of the catalog the binary carries.
                "WidgetGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),

        // docs/architecture.md's map of the modules, checked against the sources and this file.
        .testTarget(name: "ArchitectureTests", dependencies: ["TestFolders"]),
        .testTarget(name: "SlotGeometryTests", dependencies: ["SlotGeometry"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "TestFolders"]),
        .testTarget(name: "WidgetGeometryTests", dependencies: ["WidgetGeometry"]),
        .testTarget(name: "GeometryFormatTests", dependencies: ["GeometryFormat", "Catalog", "SlotGeometry", "TestSupport"]),
        // Temporary folders for the tests, removed after them; no dependency, so that every test target
        // (ArchitectureTests too, which builds nothing else) may use it.
        .target(name: "TestFolders", path: "Tests/TestFolders"),
        // Test support shared by the tests: PNG files written without libpng, the geometry data, zlib.
        .target(name: "TestSupport", dependencies: ["Catalog", "PNGCodec", "NativePNG", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(
            name: "NativePNGTests", dependencies: ["NativePNG", "PNGBridge", "SlotGeometry", "TestFolders", "TestSupport"],
            exclude: ["Fixtures", "pillow_compare.py"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "NativePNG", "PNGBridge", "CZlib", "SlotGeometry", "TestSupport"]),
        .testTarget(
            name: "WebTests",
            dependencies: ["Web", "Catalog", "GeometryFormat", "PNGCodec", "NativePNG", "CZlib", "SlotGeometry", "TestFolders", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SlotGeometry", "TestFolders"], exclude: ["Fixtures"]),
        .testTarget(name: "SampleScreensTests", dependencies: ["SampleScreens", "Catalog", "NativePNG", "SlotGeometry", "TestFolders"]),
        .testTarget(
            name: "CalibrationTests", dependencies: ["Calibration", "SampleScreens", "NativePNG", "SlotGeometry", "Catalog"],
            exclude: ["Pairs", "Painted", "WidgetScenes"]),
        .testTarget(
            name: "ChecksTests",
            dependencies: ["Checks", "Calibration", "Catalog", "CheckCodes", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders"]),
        .testTarget(
            name: "CroppingTests",
            dependencies: [
                "Cropping", "Calibration", "Catalog", "CheckCodes", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders", "TestSupport",
            ]),
        .testTarget(
            name: "GalleryTests",
            dependencies: ["BuiltInFiles", "Gallery", "FileAccess", "Checks", "Catalog", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders"]),
        .testTarget(
            name: "BackdropCLITests",
            dependencies: ["backdrop", "FileAccess", "GeometryFormat", "NativePNG", "Web", "Catalog", "Gallery", "TestFolders", "WidgetMeasurement"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "TestFolders", .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
