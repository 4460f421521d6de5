import Catalog
import CheckCodes
import SlotGeometry

/// Decides what recording a measurement into a layout changes: which numbers are added, filled,
/// replaced or kept, in which unit they are written, and which reference they cite.
///
/// The rules:
/// - the numbers are those the calibration measured: the sizes of the families it saw, the
///   columns, and the rows it saw;
/// - a number the layout does not state is added; one stated as `derived` or `estimated` is
///   filled with the measurement;
/// - a `measured` or `published` number within 1 px of the measurement is kept as it is; one
///   further off is replaced only with `replace`, and otherwise the whole edit is refused;
/// - numbers are written in the layout's `unit` (a layout without one, new ones included, gets
///   `px`); points take at most two decimals and must give back the measured pixel exactly;
/// - written numbers cite `measured KEY`; a reference is needed only when a number is written,
///   and it is never guessed: `--reference KEY` names one the profile lists, `KEY=CITATION` adds
///   one (an existing key must have the same citation).
public enum LayoutRecording {
    /// The keys a layout of `kind` states numbers under (the sizes of its families, then the
    /// grid), and the grid fields each states.
    static func numberKeys(of kind: LayoutKind) -> [(key: String, fields: [GridField])] {
        kind.families.map { family in
            let size = GridField.size(of: family)
            return (family.rawValue, [size.width, size.height])
        } + [GridField.left, .right, .top, .middle, .bottom].map { ($0.rawValue, [$0]) }
    }

    /// The edit that records `measurement` into `layout` of a device, whose profile `text` was
    /// read as `document`.
    public static func plan(
        _ measurement: LayoutMeasurement, layout kind: LayoutKind, of document: DeviceDocument, text: String,
        reference: ReferenceChoice, replace: Bool, calibration: String?
    ) throws(ProfileEditError) -> ProfileEdit {
        guard !measurement.grid.isEmpty else { throw .nothingMeasured }
        let facts = try ProfileTextEditor.facts(of: kind, in: text)
        let spec = document.profile.layouts.first { $0.kind == kind }
        let scale = document.profile.screen.scale

        var zoomedScreen: String?
        if !facts.exists, kind.isDisplayZoom {
            zoomedScreen = try displayZoomScreen(measurement.screenshot, device: document.profile.screen, layout: kind)
        }
        if (spec?.rows ?? 3) == 2, measurement.grid[.bottom] != nil || measurement.slots.contains(where: { $0.rowsCovered.contains(.bottom) }) {
            throw .doesNotFit("layout \(kind.rawValue) has two widget rows (`rows: 2`), but the screenshot shows a widget on a third row")
        }

        let unit = facts.unit ?? .px
        var numbers: [NumberEdit] = []
        var conflicts: [NumberEdit] = []
        for (key, fields) in numberKeys(of: kind) {
            let values = fields.compactMap { measurement.grid[$0] }
            guard values.count == fields.count else { continue }
            let written = try writtenValue(values, key: key, unit: unit, scale: scale)
            let old = spec.flatMap { statedNumber(key: key, fields: fields, in: $0, unit: unit, scale: scale) }
            var number = NumberEdit(key: key, fields: fields, measured: values, written: written, action: .add, old: old)
            if let old {
                switch old.kind {
                case .derived, .estimated: number.action = .fill
                case .measured, .published:
                    let agrees = old.pixels.count == values.count && zip(old.pixels, values).allSatisfy { abs($0 - $1) <= 1 }
                    number.action = agrees ? .keep : .replace
                    if !agrees, !replace { conflicts.append(number) }
                }
            }
            numbers.append(number)
        }
        guard !numbers.isEmpty else { throw .nothingMeasured }
        if !conflicts.isEmpty { throw .disagrees(conflicts, unit: unit) }

        let written = numbers.filter(\.writes)
        let (key, addition) = try citation(reference, of: document, layout: kind, writing: written)
        return ProfileEdit(
            device: document.id, layout: kind, createsLayout: !facts.exists, zoomedScreen: zoomedScreen, unit: unit,
            addsUnit: facts.unit == nil && !written.isEmpty, referenceKey: key, reference: addition,
            numbers: numbers, calibration: calibration)
    }

    /// The zoomed screen in points of a new Display Zoom layout, from its screenshot's size.
    static func displayZoomScreen(_ size: PixelSize, device: Screen, layout: LayoutKind) throws(ProfileEditError) -> String {
        let scale = device.scale
        guard size.width % scale == 0, size.height % scale == 0 else {
            throw .doesNotFit("the screenshot is \(size), which is not a whole number of points at @\(scale)x")
        }
        let (width, height) = (size.width / scale, size.height / scale)
        guard width < device.width, height < device.height else {
            throw .doesNotFit(
                "the screenshot is \(size) (\(width)x\(height) pt), but a Display Zoom screen is smaller than the device's \(device.width)x\(device.height) pt; is Display Zoom on?"
            )
        }
        return "\(width)x\(height)"
    }

    /// The reference the written numbers cite, and the one to add to `references:`.
    static func citation(
        _ choice: ReferenceChoice, of document: DeviceDocument, layout: LayoutKind, writing written: [NumberEdit]
    ) throws(ProfileEditError) -> (key: String?, addition: ReferenceAddition?) {
        let known = document.references.keys.sorted()
        let listed = known.isEmpty ? "the profile lists no references" : "the profile lists \(known.joined(separator: ", "))"
        switch choice {
        case .none:
            guard written.isEmpty else {
                throw .reference(
                    "recording writes \(written.map(\.key).joined(separator: ", ")) into layout \(layout.rawValue), and a measured number must cite where it was measured. "
                        + "Pass --reference KEY=CITATION to add a reference (who took the screenshot, on which device and iOS version, when), "
                        + "or --reference KEY for one the profile lists (\(listed.replacing("the profile lists ", with: ""))); the key is never guessed"
                )
            }
            return (nil, nil)
        case .existing(let key):
            guard document.references[key] != nil else {
                var message = "--reference \(key): \(listed), not `\(key)`"
                if let suggestion = Suggestion.closest(to: key, among: known) { message += "; did you mean `\(suggestion)`?" }
                throw .reference(message + "; to add it, pass --reference \(key)=CITATION")
            }
            return (written.isEmpty ? nil : key, nil)
        case .new(let key, let citation):
            guard TextRules.isReferenceKey(key) else {
                throw .reference(
                    "--reference: `\(TextRules.shortened(key))` is not a reference key: one word of letters, digits, dashes, dots or underscores (e.g. my-iphone-2026)"
                )
            }
            let text = citation.trimmingSpaces
            guard !text.isEmpty else { throw .reference("--reference \(key)=: the citation is empty; say where the screenshot comes from") }
            if let problem = TextRules.forbiddenCharacter(in: text, multiline: true) {
                throw .reference("--reference \(key): the citation \(problem)")
            }
            if let existing = document.references[key] {
                guard existing == text else {
                    throw .reference(
                        "--reference \(key): the profile already lists `\(key)` as \"\(TextRules.shortened(existing))\"; use another key, the same citation, or --reference \(key) alone"
                    )
                }
                return (written.isEmpty ? nil : key, nil)
            }
            return written.isEmpty ? (nil, nil) : (key, ReferenceAddition(key: key, citation: text))
        }
    }

    /// A key's number as the layout states it, if it does.
    static func statedNumber(key: String, fields: [GridField], in spec: LayoutSpec, unit: NumberUnit, scale: Int) -> NumberEdit.Old? {
        let stated = fields.compactMap { spec.values[$0] }
        guard stated.count == fields.count, let provenance = stated.first?.provenance else { return nil }
        let source = [provenance.kind.rawValue, provenance.reference].compactMap { $0 }.joined(separator: " ")
        let lengths = stated.compactMap(\.length)
        guard lengths.count == stated.count else {
            return NumberEdit.Old(written: "derived", source: source, kind: provenance.kind, pixels: [])
        }
        let numbers = lengths.map { length -> String in
            switch length {
            case .pixels(let value), .points(let value): formatNumber(value)
            }
        }
        let symbol =
            switch lengths[0] {
            case .pixels: "px"
            case .points: "pt"
            }
        let written =
            numbers.count == 2 && !(key == WidgetFamily.small.rawValue && numbers[0] == numbers[1]) ? numbers.joined(separator: "x") : numbers[0]
        return NumberEdit.Old(
            written: "\(written) \(symbol)", source: source, kind: provenance.kind, pixels: lengths.map { $0.wholePixels(scale: scale) })
    }

    /// Pixels written in a layout's unit: `486`, `1032x486`, or in points `164.33`.
    static func writtenValue(_ pixels: [Int], key: String, unit: NumberUnit, scale: Int) throws(ProfileEditError) -> String {
        var numbers: [String] = []
        for value in pixels {
            switch unit {
            case .px: numbers.append(String(value))
            case .pt:
                let points = roundedToHundredths(Double(value) / Double(scale))
                let length = Length.points(points)
                guard length.isWholePixel(scale: scale), length.wholePixels(scale: scale) == value else {
                    throw .notExact(
                        "`\(key)` measures \(value) px, which is \(Double(value) / Double(scale)) pt at @\(scale)x: the layout is in points, and two decimals cannot write it exactly"
                    )
                }
                numbers.append(formatNumber(points))
            }
        }
        if numbers.count == 2 {
            return key == WidgetFamily.small.rawValue && numbers[0] == numbers[1] ? numbers[0] : numbers.joined(separator: "x")
        }
        return numbers[0]
    }

    /// What is wrong with the edited profile, compared with what the edit meant to write: every
    /// other layout unchanged, every written number read back as measured, every kept number as
    /// it was, the references and calibration list grown by exactly what the edit adds. Empty
    /// when the text says what was intended.
    public static func verify(_ edit: ProfileEdit, before: DeviceDocument, after: DeviceDocument) -> [String] {
        var problems: [String] = []
        let (old, new) = (before.profile, after.profile)
        if (old.name, old.models, old.screen) != (new.name, new.models, new.screen) { problems.append("the device's name, models or screen changed") }
        let others = old.layouts.filter { $0.kind != edit.layout }
        if others != new.layouts.filter({ $0.kind != edit.layout }) { problems.append("another layout changed") }
        for (key, citation) in before.references where after.references[key] != citation { problems.append("reference \(key) changed") }
        if let reference = edit.reference, after.references[reference.key] != reference.citation {
            problems.append("reference \(reference.key) was not added")
        }
        let beforeSpec = old.layouts.first { $0.kind == edit.layout }
        guard let spec = new.layouts.first(where: { $0.kind == edit.layout }) else {
            return problems + ["layout \(edit.layout.rawValue) is missing"]
        }
        let scale = new.screen.scale
        var touched: Set<GridField> = []
        for number in edit.numbers {
            touched.formUnion(number.fields)
            for (field, pixels) in zip(number.fields, number.measured) {
                let value = spec.values[field]
                if number.writes {
                    guard let value, value.provenance.kind == .measured,
                        value.provenance.reference == edit.referenceKey,
                        value.length?.wholePixels(scale: scale) == pixels
                    else {
                        problems.append("\(field.rawValue) does not read back as \(pixels) px, measured")
                        continue
                    }
                } else if value != beforeSpec?.values[field] {
                    problems.append("\(field.rawValue) was to be kept but changed")
                }
            }
        }
        for field in GridField.allCases where !touched.contains(field) && spec.values[field] != beforeSpec?.values[field] {
            problems.append("\(field.rawValue) changed though nothing was measured for it")
        }
        if let beforeSpec,
            (beforeSpec.rows, beforeSpec.slotOrigins, beforeSpec.exceptions, beforeSpec.note) != (
                spec.rows, spec.slotOrigins, spec.exceptions, spec.note
            )
        {
            problems.append("the layout's rows, slots, exceptions or note changed")
        }
        let expected = (before.calibrations[edit.layout] ?? []).map(\.relativePath) + (edit.calibration.map { [$0] } ?? [])
        if (after.calibrations[edit.layout] ?? []).map(\.relativePath) != expected { problems.append("the calibration list is not as intended") }
        return problems
    }
}
