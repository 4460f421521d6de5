// swift-tools-version:6.0
import PackageDescription

// An app-style package: it depends on Backdrop's repository by path, as an app would by URL, and
// takes only the WidgetGeometry product. scripts/app-package-check.sh builds and tests it and fails
// when anything but WidgetGeometry and this package is compiled.
let package = Package(
    name: "WidgetApp",
    platforms: [.macOS(.v15), .iOS(.v14)],
    dependencies: [
        .package(name: "Backdrop", path: "../..")
    ],
    targets: [
        .target(name: "WidgetApp", dependencies: [.product(name: "WidgetGeometry", package: "Backdrop")]),
        .testTarget(name: "WidgetAppTests", dependencies: ["WidgetApp"]),
    ],
    swiftLanguageModes: [.v6]
)
