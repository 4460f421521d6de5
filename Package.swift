// swift-tools-version:6.1
import PackageDescription

/// The test targets whose own code does little work (they check the answers of the optimised
/// libraries) compile unoptimised in a release build: about 40 % less time compiling them, and the
/// libraries and TestSupport they call stay optimised. Those that paint, decode or compare many
/// pixels in their own code (CalibrationTests, CroppingTests, GalleryTests, BackdropCLITests) lose
/// more running than they gain compiling, and the server tests time real connections: they stay
/// optimised (measured per target: docs/benchmarks.md, "The test command").
let unoptimised: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

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
        // Without its default traits: the preview server reads no swift-configuration and decodes no
        // URL-encoded forms (a package fewer to build).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
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
        // The files the binary carries: templates, the bundled catalog, WidgetGeometry's API files.
        .target(name: "BuiltInFiles", plugins: ["EmbedBuiltInFiles"]),

        // System library: libpng (pkg-config).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // System library: libcmark (pkg-config).
        .systemLibrary(
            name: "CMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),

        // System library: zlib, for the tests of PNGCodec and Web only.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),

        // C: exchanging two paths atomically (the site swap).
        .target(name: "CFileSwap"),

        // The one way files are read and written, their problems worded, and what an ending signal removes.
        .target(name: "FileAccess", dependencies: ["CheckCodes"]),

        // Every check's code, family, severity, title and explanation; the one shape of every error, Problem (Embedded).
        .target(name: "CheckCodes"),

        // Screens, layouts and slots; grid rules and the geometry checker; the layout choice; the styles' definitions (Embedded).
        .target(name: "SlotGeometry", dependencies: ["CheckCodes"]),

        // For apps: the catalog as Swift literals and the runtime layout choice, with no dependency.
        .target(name: "WidgetGeometry"),

        // C: libpng behind the setjmp its errors need.
        .target(name: "PNGBridge", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),
        // The image type PNGRaster and all of PNG that needs no zlib, and the styles' arithmetic (Embedded).
        .target(name: "PNGCodec", dependencies: ["CheckCodes", "SlotGeometry"]),
        // libpng as the native codec over PNGRaster: decode, encode, files, previews, verified crops.
        .target(name: "NativePNG", dependencies: ["FileAccess", "PNGBridge", "PNGCodec", "SlotGeometry"]),

        // The format of geometry.json, described once, and JSON without Foundation (Embedded).
        .target(name: "GeometryFormat", dependencies: ["CheckCodes", "SlotGeometry"]),

        // The browser core's API: geometry.json read, layout menu, crop plans, zip, measurements (Embedded).
        .target(
            name: "Web", dependencies: ["Calibration", "CheckCodes", "GeometryFormat", "MeasurementReports", "PNGCodec", "SlotGeometry"],
            exclude: ["wasm", "glue"]),

        // backdrop samples: the deterministic painter of the sample screenshots, written where the profiles name them.
        .target(name: "SampleScreens", dependencies: ["Catalog", "CheckCodes", "FileAccess", "NativePNG", "SlotGeometry"]),

        // Reading, checking and editing content/, the catalog a command reads, and the exports.
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

        // Widgets found on screenshots, their edges measured, the grid fitted, transparent widgets checked (Embedded).
        .target(name: "Calibration", dependencies: ["CheckCodes", "SlotGeometry"]),

        // For apps: the slots measured on a user's two screenshots, and transparent widgets checked.
        .target(name: "WidgetMeasurement", dependencies: ["Calibration", "CheckCodes", "SlotGeometry"]),

        // The checks run on files (screenshots, crops, calibration), their reference and examples, and check's run.
        .target(name: "Checks", dependencies: ["Calibration", "Catalog", "CheckCodes", "FileAccess", "NativePNG", "SlotGeometry"]),

        // What a measurement says, as JSON and text, for the command line and the browser core (Embedded).
        .target(name: "MeasurementReports", dependencies: ["Calibration", "CheckCodes", "GeometryFormat", "SlotGeometry"]),

        // backdrop calibrate: a screenshot measured against the catalog, widgets checked, a measurement recorded.
        .target(
            name: "Calibrating",
            dependencies: ["Calibration", "Catalog", "CheckCodes", "Checks", "FileAccess", "MeasurementReports", "NativePNG", "SlotGeometry"]),

        // backdrop crop: a screenshot cropped at a layout's slots, measured on a pair, or corrected by a widget check.
        .target(
            name: "Cropping",
            dependencies: [
                "Calibration", "Catalog", "CheckCodes", "Checks", "FileAccess", "GeometryFormat", "MeasurementReports", "NativePNG", "SlotGeometry",
            ]
        ),

        // backdrop build and serve's builds: cache, stages, view models, templates, generated files, atomic swap.
        .target(
            name: "Gallery",
            dependencies: [
                "BuiltInFiles", "Calibration", "Catalog", "CheckCodes", "Checks", "CFileSwap", "FileAccess", "GeometryFormat", "NativePNG",
                "SlotGeometry",
                .product(name: "Mustache", package: "swift-mustache", condition: .when(traits: ["Tool"])),
            ]
        ),

        // The preview server of backdrop serve: Hummingbird, a guard on each connection, watching, live reload.
        .target(
            name: "Preview",
            dependencies: [
                "Catalog", "CheckCodes", "FileAccess",
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

        // The command-line tool: parses arguments, calls the command modules and libraries, prints.
        .executableTarget(
            name: "backdrop",
            dependencies: [
                // The bundled catalog, which the commands read where no content folder is at hand.
                "BuiltInFiles",
                "Calibrating",
                "Calibration",
                "Catalog",
                "CheckCodes",
                "Checks",
                "Cropping",
                "FileAccess",
                "Gallery",
                "GeometryFormat",
                "MeasurementReports",
                "NativePNG",
                "Preview",
                "SampleScreens",
                "SlotGeometry",
                // For `--version`: the data version of the catalog the binary carries.
                "WidgetGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),

        // docs/architecture.md's map of the modules, checked against the sources and this file.
        .testTarget(name: "ArchitectureTests", dependencies: ["TestFolders"], swiftSettings: unoptimised),
        .testTarget(name: "SlotGeometryTests", dependencies: ["SlotGeometry"], swiftSettings: unoptimised),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "TestFolders"], swiftSettings: unoptimised),
        .testTarget(name: "WidgetGeometryTests", dependencies: ["WidgetGeometry"], swiftSettings: unoptimised),
        .testTarget(
            name: "GeometryFormatTests", dependencies: ["GeometryFormat", "Catalog", "SlotGeometry", "TestSupport"], swiftSettings: unoptimised),
        // Temporary folders for the tests, removed after them; no dependency, so that every test target
        // (ArchitectureTests too, which builds nothing else) may use it.
        .target(name: "TestFolders", path: "Tests/TestFolders"),
        // Test support shared by the tests: PNG files written without libpng, the geometry data, zlib.
        .target(name: "TestSupport", dependencies: ["Catalog", "PNGCodec", "NativePNG", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(
            name: "NativePNGTests", dependencies: ["NativePNG", "PNGBridge", "SlotGeometry", "TestFolders", "TestSupport"],
            exclude: ["Fixtures", "pillow_compare.py"], swiftSettings: unoptimised),
        .testTarget(
            name: "PNGCodecTests", dependencies: ["PNGCodec", "NativePNG", "PNGBridge", "CZlib", "SlotGeometry", "TestSupport"],
            swiftSettings: unoptimised),
        .testTarget(
            name: "WebTests",
            dependencies: ["Web", "Catalog", "GeometryFormat", "PNGCodec", "NativePNG", "CZlib", "SlotGeometry", "TestFolders", "TestSupport"],
            swiftSettings: unoptimised),
        .testTarget(
            name: "CatalogTests", dependencies: ["Catalog", "SlotGeometry", "TestFolders", "TestSupport"], exclude: ["Fixtures"],
            swiftSettings: unoptimised),
        .testTarget(
            name: "SampleScreensTests", dependencies: ["SampleScreens", "Catalog", "NativePNG", "SlotGeometry", "TestFolders"],
            swiftSettings: unoptimised),
        .testTarget(
            name: "CalibrationTests",
            dependencies: ["Calibration", "SampleScreens", "NativePNG", "SlotGeometry", "Catalog", "TestFolders", "TestSupport"],
            exclude: ["HostileScenes", "IconPages", "Pairs", "Painted", "WidgetScenes"]),
        .testTarget(
            name: "ChecksTests",
            dependencies: ["Checks", "Calibration", "Catalog", "CheckCodes", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders"],
            swiftSettings: unoptimised),
        .testTarget(
            name: "CalibratingTests",
            dependencies: [
                "Calibrating", "Calibration", "Catalog", "Checks", "MeasurementReports", "NativePNG", "SlotGeometry", "TestFolders", "TestSupport",
            ], swiftSettings: unoptimised),
        .testTarget(
            name: "CroppingTests",
            dependencies: [
                "Cropping", "Calibration", "Catalog", "CheckCodes", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders", "TestSupport",
            ]),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "BuiltInFiles", "Gallery", "FileAccess", "Checks", "Catalog", "NativePNG", "SampleScreens", "SlotGeometry", "TestFolders",
            ]),
        // Runs the backdrop binary built beside it; no dependency on it, so that it compiles while the
        // binary does (it imports none of the executable's code).
        .testTarget(
            name: "BackdropCLITests",
            dependencies: [
                "FileAccess", "GeometryFormat", "MeasurementReports", "NativePNG", "Web", "Catalog", "Gallery", "TestFolders",
                "TestSupport", "WidgetMeasurement",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "TestFolders", .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
