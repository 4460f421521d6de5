// swift-tools-version:6.1
import PackageDescription

// Backdrop with its "Tool" trait on, for the fuzz package: the Catalog target needs the trait's
// packages (Yams), and a trait of a dependency can only be enabled from a 6.1 manifest, which the
// fuzz package (5.4 on purpose, see its Package.swift) cannot be.
let package = Package(
    name: "BackdropTool",
    products: [.library(name: "BackdropTool", targets: ["BackdropTool"])],
    dependencies: [.package(name: "Backdrop", path: "../..", traits: ["Tool"])],
    targets: [
        .target(
            name: "BackdropTool",
            dependencies: [
                .product(name: "Catalog", package: "Backdrop"), .product(name: "NativePNG", package: "Backdrop"),
                .product(name: "SlotGeometry", package: "Backdrop"),
            ])
    ]
)
