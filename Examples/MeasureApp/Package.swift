// swift-tools-version:6.0
import PackageDescription

// An app-style package that measures the widget slots on a user's own two screenshots with the
// WidgetMeasurement product: it depends on Backdrop's repository by path, as an app would by URL.
// scripts/app-package-check.sh builds and tests it and fails when anything but WidgetMeasurement,
// the two pure modules under it and this package is compiled.
let package = Package(
    name: "MeasureApp",
    platforms: [.macOS(.v15), .iOS(.v14)],
    dependencies: [
        .package(name: "Backdrop", path: "../..")
    ],
    targets: [
        .target(name: "MeasureApp", dependencies: [.product(name: "WidgetMeasurement", package: "Backdrop")]),
        .testTarget(name: "MeasureAppTests", dependencies: ["MeasureApp"]),
    ],
    swiftLanguageModes: [.v6]
)
