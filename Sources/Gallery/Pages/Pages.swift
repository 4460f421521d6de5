import Catalog
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

/// Builds the view models of the site's pages from the catalog, the images and the diagnostics.
package struct Pages {
    let catalog: Catalog
    let images: [String: [ScreenshotSet: [Appearance: ScreenshotImages]]]
    /// What the calibration screenshots of each device layout measured.
    let calibrations: [String: [LayoutKind: [String]]]
    let diagnostics: [Diagnostic]
    /// How pages name the build machine's files.
    var published = PublishedPaths()

    // MARK: Index

    func index(summary: String) -> IndexPage {
        IndexPage(
            root: "", pageTitle: "Backdrop: widget slots for every iPhone", summary: summary,
            generations: CoverageSummary(catalog.devices).generations.map(\.sentence),
            devices: catalog.devices.map(card),
            columns: Self.matrixColumns.map { LayoutColumn(id: $0.rawValue, title: $0.title) },
            matrix: catalog.devices.map(matrixRow))
    }

    private func card(_ document: DeviceDocument) -> DeviceCard {
        let profile = document.profile
        let resolved = document.layouts
        let ownScreen = document.screenshotSets.first { $0.displayZoom == nil }
        let shown = resolved.last { ownScreen?.layouts.contains($0.kind) == true && !$0.slots.isEmpty }
        let preview = ownScreen.flatMap { images[document.id]?[$0]?[.light]?.preview }
        let (status, statusClass) = status(of: document.id)
        return DeviceCard(
            id: document.id, name: profile.name, models: profile.models.joined(separator: ", "),
            screen: "\(profile.screen.width)×\(profile.screen.height) pt @\(profile.screen.scale)x",
            pixels: "\(profile.screen.pixels.width)×\(profile.screen.pixels.height) px", link: "devices/\(document.id)/index.html",
            overlay: overlay(screen: profile.screen, layout: shown, image: preview, prefix: "", families: [.small], interactive: false),
            layoutSummary: resolved.map { "\($0.kind.rawValue): \($0.coverageLabel)" }.joined(separator: " · "),
            status: status, statusClass: statusClass,
            searchText: searchTerms(document))
    }

    /// The coverage matrix's columns, the layouts most phones run first, also on a narrow window:
    /// by ``LayoutKind/defaultRank`` (the rank the make page and `backdrop crop` choose a default
    /// by: newest iOS first, then the settings people most often keep), the catalog's order on a tie.
    package static let matrixColumns = LayoutKind.allCases.enumerated()
        .sorted { ($1.element.defaultRank, $0.offset) < ($0.element.defaultRank, $1.offset) }.map(\.element)

    private func matrixRow(_ document: DeviceDocument) -> MatrixRow {
        let resolved = document.layouts
        let screen = document.profile.screen
        return MatrixRow(
            name: document.profile.name, link: "devices/\(document.id)/index.html",
            size: "\(screen.pixels.width)×\(screen.pixels.height)",
            searchText: searchTerms(document),
            cells: Self.matrixColumns.map { kind in
                guard let layout = resolved.first(where: { $0.kind == kind }) else {
                    return MatrixCell(label: "—", cssClass: "cov-none", link: "", hasLink: false)
                }
                let request = MeasurementRequest(document: document, layout: layout)
                return MatrixCell(
                    label: layout.coverageLabel, cssClass: coverageClass(layout.coverage),
                    link: MeasurementRequest.needsMeasuring(layout)
                        ? "help-measure/index.html#\(request.anchor)" : "devices/\(document.id)/index.html#\(kind.rawValue)",
                    hasLink: true)
            })
    }

    /// What the index's filter matches a device by, one term per `|`: each model name as people
    /// know it, the screenshot's size in pixels and the screen's in points ("iphone 17 pro|1206x2622|402x874").
    /// The filter (site.js) matches the words typed against the words of one term.
    private func searchTerms(_ document: DeviceDocument) -> String {
        let screen = document.profile.screen
        return (document.profile.models + ["\(screen.pixels.width)x\(screen.pixels.height)", "\(screen.width)x\(screen.height)"])
            .joined(separator: "|").lowercased()
    }

    // MARK: Start here

    func start() -> StartPage {
        let screens = catalog.devices.map { document in
            let pixels = document.profile.screen.pixels
            return (
                pixels,
                StartScreen(
                    size: "\(pixels.width)×\(pixels.height)", models: document.profile.models.joined(separator: ", "),
                    link: "../devices/\(document.id)/index.html")
            )
        }
        .sorted { ($0.0.width, $0.0.height) > ($1.0.width, $1.0.height) }
        return StartPage(root: "../", pageTitle: "Start here — Backdrop", screens: screens.map(\.1))
    }

    // MARK: Device pages

    func device(_ document: DeviceDocument) -> DevicePage {
        let profile = document.profile
        let (status, statusClass) = status(of: document.id)
        return DevicePage(
            root: "../../", pageTitle: "\(profile.name) — Backdrop", id: document.id, makeLink: "make/index.html?device=\(document.id)",
            name: profile.name,
            models: profile.models.joined(separator: ", "),
            screen: "\(profile.screen.width)×\(profile.screen.height) pt @\(profile.screen.scale)x",
            pixels: "\(profile.screen.pixels.width)×\(profile.screen.pixels.height) px", status: status, statusClass: statusClass,
            layoutLinks: Self.mostLikelyFirst(document.layouts).map { LayoutLink(id: $0.kind.rawValue, title: $0.kind.title) },
            layouts: Self.mostLikelyFirst(document.layouts).map { section($0, document: document) },
            bodyHTML: Markdown.html(document.body),
            references: document.references.keys.sorted().map { ReferenceRow(key: $0, citation: document.references[$0]!) },
            file: published.shown(document.file))
    }

    /// A device's layouts in the matrix's order: the page opens on the layout the phone most
    /// likely runs, by the rank the make page chooses with.
    package static func mostLikelyFirst(_ layouts: [ResolvedLayout]) -> [ResolvedLayout] {
        layouts.sorted { (matrixColumns.firstIndex(of: $0.kind) ?? 0) < (matrixColumns.firstIndex(of: $1.kind) ?? 0) }
    }

    private func section(_ layout: ResolvedLayout, document: DeviceDocument) -> LayoutSection {
        let kind = layout.kind
        let set = document.screenshotSet(for: kind)
        let group = set.flatMap { images[document.id]?[$0] } ?? [:]
        let figures = Appearance.allCases.map { appearance -> Figure in
            let image = group[appearance]
            let expected =
                set?.files[appearance]?.relativePath ?? ScreenshotSet.conventionalPath(device: document.id, zoomed: kind.isDisplayZoom, appearance)
            return Figure(
                appearance: appearance.rawValue,
                overlay: overlay(
                    screen: layout.screen, layout: layout, image: image?.preview, prefix: "../../", families: WidgetFamily.allCases, interactive: true
                ),
                hasScreenshot: image != nil, screenshot: image.map { "../../" + $0.screenshot.path } ?? "",
                missingMessage:
                    "No \(appearance.rawValue) screenshot: a \(layout.screen.pixels.width)×\(layout.screen.pixels.height) PNG at content/\(expected) would fill it."
            )
        }
        let slots = layout.slots.map { slot -> SlotRow in
            let points = slot.rect.points(scale: layout.screen.scale)
            return SlotRow(
                id: slot.id.rawValue, anchor: "\(kind.rawValue)-\(slot.id.rawValue)", family: slot.family.rawValue,
                x: slot.rect.x, y: slot.rect.y, width: slot.rect.width, height: slot.rect.height,
                points: "\(formatNumber(points.x)), \(formatNumber(points.y)) · \(formatNumber(points.width))×\(formatNumber(points.height))",
                source: slot.sources.kind.rawValue,
                sourceLabel: slot.sources.errorPixels.map { "\(slot.sources.kind.rawValue): may be up to \($0) px off" }
                    ?? slot.sources.kind.rawValue,
                sourceDetail: sourceDetail(slot.sources))
        }
        var crops: [CropTile] = []
        for slot in layout.slots {
            let images = Appearance.allCases.compactMap { appearance -> CropImage? in
                guard let image = group[appearance]?.crops[kind]?[slot.id] else { return nil }
                return CropImage(
                    appearance: appearance.rawValue, path: "../../" + image.path, size: "\(image.width)×\(image.height)",
                    bytes: "\(max(1, image.bytes / 1024)) KB")
            }
            if !images.isEmpty {
                crops.append(
                    CropTile(id: slot.id.rawValue, family: slot.family.rawValue, anchor: "\(kind.rawValue)-\(slot.id.rawValue)", images: images))
            }
        }
        let styleRows = Appearance.allCases.compactMap { appearance -> StyleRow? in
            guard let samples = group[appearance]?.styles, samples.layout == kind else { return nil }
            let plain = group[appearance]?.crops[kind]?[samples.slot]
            let images = CropStyle.allCases.compactMap { style -> StyleImage? in
                guard let image = style == .none ? plain : samples.images[style] else { return nil }
                return StyleImage(title: style.title, summary: style.summary, path: "../../" + image.path, size: "\(image.width)×\(image.height)")
            }
            return images.count > 1 ? StyleRow(appearance: appearance.rawValue, images: images) : nil
        }
        let styleSlot = Appearance.allCases.lazy.compactMap { group[$0]?.styles?.slot.rawValue }.first ?? ""
        let missingCrops: String
        if layout.slots.isEmpty {
            missingCrops = "No slot position is known for this layout yet, so there is nothing to crop."
        } else if group.isEmpty {
            missingCrops = "No screenshot for this screen yet, so no crops."
        } else {
            missingCrops = ""
        }
        return LayoutSection(
            id: kind.rawValue, title: kind.title, ios: layout.spec.iosVersions ?? kind.title,
            coverage: plainCoverage(layout), coverageClass: coverageClass(layout.coverage),
            whatYouSee: layout.weakestPositionSource?.whatYouSee(errorPixels: layout.errorPixels, errorPhones: layout.errorPhones) ?? "",
            mayShowSeam: layout.weakestPositionSource.map { $0 != .measured } ?? false, isMeasured: layout.weakestPositionSource == .measured,
            note: layout.spec.note ?? "", hasNote: layout.spec.note != nil,
            screen: "\(layout.screen.width)×\(layout.screen.height) pt @\(layout.screen.scale)x",
            screenshotSize: "\(layout.screen.pixels.width)×\(layout.screen.pixels.height)", figures: figures,
            slots: slots, hasSlots: !slots.isEmpty,
            unknown: layout.unknownSlots.map {
                UnknownRow(
                    id: $0.id.rawValue, size: $0.size.map { "\($0.width)×\($0.height) px" } ?? "unknown",
                    missing: $0.missing.map(\.rawValue).joined(separator: ", "))
            },
            hasUnknown: !layout.unknownSlots.isEmpty,
            unavailable: layout.unavailableSlots.map(\.rawValue).joined(separator: ", "), hasUnavailable: !layout.unavailableSlots.isEmpty,
            crops: crops, hasCrops: !crops.isEmpty, missingCrops: missingCrops, hasMissingCrops: !missingCrops.isEmpty,
            calibrations: calibrations[document.id]?[kind] ?? [], hasCalibrations: !(calibrations[document.id]?[kind] ?? []).isEmpty,
            usage: usage(layout, document: document), styleSlot: styleSlot, styleRows: styleRows, hasStyles: !styleRows.isEmpty)
    }

    private func usage(_ layout: ResolvedLayout, document: DeviceDocument) -> String {
        let size = layout.screen.pixels
        guard !layout.slots.isEmpty else {
            return "# no slot position of this layout is known yet, so there is nothing to crop:\n"
                + "# place six small widgets on a page, take a \(size.width)x\(size.height) screenshot and measure their edges"
        }
        var lines = [
            "# crop every slot of a \(size.width)x\(size.height) screenshot",
            "backdrop crop screenshot.png --device \(document.id) --layout \(layout.kind.rawValue) --out crops/",
        ]
        if let slot = layout.slots.first {
            let r = slot.rect
            lines += [
                "", "// or in your app, with the WidgetGeometry package (or WidgetGeometry.swift):",
                "let slot = WidgetGeometry.layout(device: \"\(document.id)\", layout: .\(swiftCaseName(layout.kind.rawValue)))!"
                    + ".slot(.\(swiftCaseName(slot.id.rawValue)))!",
                "// slot.pixels == PixelRect(x: \(r.x), y: \(r.y), width: \(r.width), height: \(r.height))",
            ]
        }
        return lines.joined(separator: "\n")
    }

    private func sourceDetail(_ sources: SlotSources) -> String {
        let parts = [("x", sources.x), ("y", sources.y), ("width", sources.width), ("height", sources.height)].map { name, provenance in
            var text = "\(name): \(provenance.kind.rawValue)"
            if let reference = provenance.reference { text += " (\(reference))" }
            if let error = provenance.errorPixels {
                text += ", may be up to \(error) px off" + (provenance.errorPhones.map { " (estimated from \($0) phones)" } ?? "")
            }
            if provenance.kind == .derived || provenance.kind == .estimated, let note = provenance.note { text += " — \(note)" }
            return text
        }
        return parts.joined(separator: "; ")
    }

    // MARK: Shared pieces

    private func overlay(screen: Screen, layout: ResolvedLayout?, image: SiteImage?, prefix: String, families: [WidgetFamily], interactive: Bool)
        -> Overlay
    {
        let pixels = screen.pixels
        let rects = (layout?.slots ?? []).filter { families.contains($0.family) }.map { slot -> OverlayRect in
            let r = slot.rect
            return OverlayRect(
                id: slot.id.rawValue, label: Self.label(slot.id), family: slot.family.rawValue,
                anchor: "\(layout!.kind.rawValue)-\(slot.id.rawValue)", x: r.x, y: r.y, width: r.width, height: r.height,
                labelLeft: Overlay.percent(r.x + r.width / 2, of: pixels.width), labelTop: Overlay.percent(r.y + r.height / 2, of: pixels.height))
        }
        let what = layout.map { "\($0.kind.title) slots" } ?? "no known slots"
        return Overlay(
            width: pixels.width, height: pixels.height, hasImage: image != nil, image: image.map { prefix + $0.path } ?? "",
            description: "\(image == nil ? "Empty frame" : "Screenshot") of \(pixels.width)×\(pixels.height) px with \(what)",
            rects: rects, strokeWidth: Overlay.strokeWidth(pixels.width), interactive: interactive)
    }

    /// The short name a slot has on the overlays.
    static func label(_ slot: SlotID) -> String {
        switch slot {
        case .smallTopLeft: "TL"
        case .smallTopRight: "TR"
        case .smallMiddleLeft: "ML"
        case .smallMiddleRight: "MR"
        case .smallBottomLeft: "BL"
        case .smallBottomRight: "BR"
        case .mediumTop: "medium top"
        case .mediumMiddle: "medium middle"
        case .mediumBottom: "medium bottom"
        case .largeTop: "large top"
        case .largeBottom: "large bottom"
        case .extraLargePortrait: "extra-large portrait"
        }
    }

    /// How well a layout is known, for a person (the badge beside its title): how sure its
    /// positions are in the words of ``SourceKind/inAFewWords(errorPixels:)``, and the sizes' kind
    /// where it is weaker; never "±".
    private func plainCoverage(_ layout: ResolvedLayout) -> String {
        switch layout.coverage {
        case .complete(let kind):
            let positions = layout.weakestPositionSource ?? kind
            let words = positions.inAFewWords(errorPixels: layout.errorPixels)
            return positions < kind ? "\(words), sizes \(kind.rawValue)" : words
        case .sizesOnly(let kind): return "\(kind.rawValue) sizes only, positions unknown"
        case .unknown: return "unknown"
        }
    }

    private func coverageClass(_ coverage: Coverage) -> String {
        switch coverage {
        case .complete(let kind): "cov-\(kind.rawValue)"
        case .sizesOnly: "cov-sizes"
        case .unknown: "cov-unknown"
        }
    }

    private func status(of device: String) -> (String, String) {
        let own = diagnostics.filter { $0.device == device }
        let errors = own.count(.error)
        let warnings = own.count(.warning)
        if errors > 0 { return ("\(errors) error\(errors == 1 ? "" : "s")", "status-error") }
        if warnings > 0 { return ("\(warnings) warning\(warnings == 1 ? "" : "s")", "status-warning") }
        // Checks pass says nothing of a layout with nothing to crop: name those instead.
        let layouts = catalog.device(device)?.layouts ?? []
        let uncroppable = layouts.filter { $0.slots.isEmpty }.map(\.kind.title)
        if !uncroppable.isEmpty {
            return ("checks pass; nothing to crop yet for \(uncroppable.joined(separator: ", ")) (sizes only)", "status-warning")
        }
        // Nor do they make a derived number exact: the checks test that the numbers agree with
        // each other, so a layout derived from a model says what a person would see instead.
        let derived = layouts.filter { $0.errorPixels != nil }
        if !derived.isEmpty {
            let words = derived.map { "on \($0.kind.title) a widget may sit up to \($0.errorPixels!) px off" }.joined(separator: "; ")
            return ("positions not measured: \(words)", "status-warning")
        }
        return ("checks pass", "status-ok")
    }

    // MARK: Checks and help

    func checks(report: BuildReport) -> ChecksPage {
        return ChecksPage(
            root: "../", pageTitle: "Checks — Backdrop", summary: report.contents, passed: report.checksPassed,
            warnings: diagnostics.count(.warning), errors: diagnostics.count(.error), notes: diagnostics.count(.note),
            hasDiagnostics: !diagnostics.isEmpty,
            diagnostics: diagnostics.map(published.shown).map { diagnostic in
                let file = PathName.name(of: diagnostic.file)
                return DiagnosticRow(
                    severity: diagnostic.severity.rawValue, code: diagnostic.code,
                    location: diagnostic.line.map { "\(file):\($0)" } ?? file, subject: diagnostic.subject, message: diagnostic.message)
            },
            reference: "../" + DocsPage.sitePath(CheckReference.docsTarget.name))
    }

    func helpMeasure() -> HelpMeasurePage {
        let entries = MeasurementRequest.all(in: catalog).map { request in
            HelpMeasureEntry(
                anchor: request.anchor, deviceName: request.document.profile.name,
                deviceLink: "../devices/\(request.document.id)/index.html#\(request.layout.kind.rawValue)",
                layoutTitle: request.layout.kind.title, coverage: request.layout.coverage.description,
                coverageClass: coverageClass(request.layout.coverage), gaps: request.gaps,
                settings: request.settings.map { SettingRow(name: $0.name, value: $0.value) }, widgets: request.widgets,
                command: request.command, checks: request.checks)
        }
        return HelpMeasurePage(
            root: "../", pageTitle: "Help measure — Backdrop", count: entries.count, hasEntries: !entries.isEmpty, entries: entries)
    }
}
