import Catalog
import SlotGeometry

/// What it takes to measure one device layout the catalog does not fully know: the phone's
/// settings, the screenshots to take, the command that records them, and what the build then
/// checks. Every layout whose slots are not all measured gets one.
struct MeasurementRequest {
    var document: DeviceDocument
    var layout: ResolvedLayout

    /// The layouts of the catalog that need measuring, in catalog order.
    static func all(in catalog: Catalog) -> [MeasurementRequest] {
        catalog.devices.flatMap { document in
            document.layouts.filter(needsMeasuring).map { MeasurementRequest(document: document, layout: $0) }
        }
    }

    /// Whether a layout has a slot that is unknown or whose numbers are not all measured.
    static func needsMeasuring(_ layout: ResolvedLayout) -> Bool {
        layout.coverage != .complete(.measured)
    }

    /// The anchor of the request on the Help measure page: `DEVICE-LAYOUT`.
    var anchor: String { "\(document.id)-\(layout.kind.rawValue)" }

    /// What is not known or not measured, in words.
    var gaps: String {
        var parts: [String] = []
        if !layout.unknownSlots.isEmpty {
            let missing = Set(layout.unknownSlots.flatMap(\.missing)).sorted()
            parts.append(
                "\(layout.unknownSlots.count) of \(layout.unknownSlots.count + layout.slots.count) slots have no position "
                    + "(unknown: \(missing.map(\.rawValue).joined(separator: ", ")))")
        }
        for kind in [SourceKind.estimated, .derived, .published] {
            let fields = layout.values.keys.sorted().filter { layout.values[$0]?.provenance.kind == kind }
            guard !fields.isEmpty else { continue }
            parts.append("\(kind.rawValue): \(fields.map(\.rawValue).joined(separator: ", "))")
        }
        return parts.joined(separator: "; ")
    }

    /// The phone's settings the screenshots must be taken with.
    var settings: [(name: String, value: String)] {
        let kind = layout.kind
        let ios: String
        let icons: String
        switch kind {
        case .ios14, .ios14Zoom:
            ios = layout.spec.iosVersions ?? "iOS 14, 15, 16 or 17"
            icons = "the only size iOS 14–17 has"
        case .ios18, .ios18Zoom:
            ios = layout.spec.iosVersions ?? "iOS 18"
            icons = "Small (icons with labels): Home Screen › Customize › Small"
        case .ios18LargeIcons:
            ios = layout.spec.iosVersions ?? "iOS 18"
            icons = "Large (icons without labels): Home Screen › Customize › Large"
        case .ios26:
            ios = layout.spec.iosVersions ?? "iOS 26 or 27 (the same grid)"
            icons = "Small (icons with labels), the default"
        case .ios26LargeIcons:
            ios = layout.spec.iosVersions ?? "iOS 26 or 27 (the same grid)"
            icons = "Large (icons without labels): Home Screen › Edit › Customize › Large"
        }
        let zoom =
            kind.isDisplayZoom
            ? "on (Larger Text): Settings › Display & Brightness › Display Zoom"
            : "off (Default): Settings › Display & Brightness › Display Zoom"
        return [
            ("Phones", phones), ("iOS", ios), ("Icon size", icons), ("Display Zoom", zoom),
            ("Screenshot size", "\(layout.screen.pixels.width)×\(layout.screen.pixels.height) px (portrait)"),
        ]
    }

    /// The phones of this screen that run the layout's iOS, and those that cannot, with the newest
    /// iOS they run: "iPhone 11 Pro (not the iPhone X, whose newest iOS is 16; …)".
    var phones: String {
        let major = layout.kind.iosMajorVersions.lowerBound
        let (running, tooOld) = NewestIOS.split(document.profile.models, running: major)
        let excluded = tooOld.map { "the \($0.model), whose newest iOS is \($0.newest)" }.joined(separator: "; ")
        guard !running.isEmpty else {
            return "None of the phones with this screen runs iOS \(major) (\(excluded)): this layout cannot be measured on them."
        }
        return running.joined(separator: ", ") + (tooOld.isEmpty ? "" : " (not \(excluded))")
    }

    /// Which widgets to place where.
    var widgets: String {
        let (count, rows) = layout.spec.rows == 3 ? ("Six", "all three rows") : ("Four", "both rows")
        var text =
            "\(count) small widgets filling both columns of \(rows) measure every column and row in one screenshot; "
            + "a second page with a medium and a large widget confirms their sizes."
        if layout.kind.families.contains(.extraLargePortrait) {
            text += " On iOS 27, a page with one extra-large portrait widget measures that family too."
        }
        return text
            + " Use solid, single-colour widgets (a photo widget showing one colour works): every build measures the recorded "
            + "screenshot again on its own, without an empty page. Light mode is enough; a dark screenshot of the same page adds a "
            + "second check."
    }

    /// The command that records the measurement in the profile.
    var command: String {
        RecordCommand.text(screenshot: "widgets.png", empty: nil, device: document.id, layout: layout.kind.rawValue)
    }

    /// What the build checks once the measurement is recorded.
    var checks: String {
        "The screenshot is copied into content/calibration/ and listed under the layout's calibration, so every build measures it "
            + "again: a widget edge more than 1 px from the layout's slot fails the build (C010), as does a screenshot that is not "
            + "\(layout.screen.pixels.width)×\(layout.screen.pixels.height) px (C011); the new numbers must pass every grid rule "
            + "(\(GeometryCheck.allCases.first!.code)–\(GeometryCheck.allCases.last!.code)), and the crops of this layout are then made from the screenshots and verified (C001)."
    }
}
