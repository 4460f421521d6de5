import CheckCodes
import SlotGeometry

/// What a calibration measured, as plain values: the grid numbers in whole pixels and the slots
/// the widgets filled. (Catalog does not depend on Calibration; the command hands these over.)
public struct LayoutMeasurement: Hashable, Sendable {
    /// The grid numbers measured: the sizes of the families seen, the columns and the rows seen.
    public var grid: [GridField: Int]
    /// The slots the widgets filled.
    public var slots: [SlotID]
    /// The screenshot's size.
    public var screenshot: PixelSize

    public init(grid: [GridField: Int], slots: [SlotID], screenshot: PixelSize) {
        self.grid = grid
        self.slots = slots
        self.screenshot = screenshot
    }
}

/// Which reference the recorded numbers cite.
public enum ReferenceChoice: Hashable, Sendable {
    /// None given: allowed only when no number is written.
    case none
    /// `--reference KEY`: a key the profile already lists.
    case existing(String)
    /// `--reference KEY=CITATION`: added to `references:` when absent.
    case new(key: String, citation: String)

    /// Reads `KEY` or `KEY=CITATION`.
    public init(argument: String?) {
        guard let argument else {
            self = .none
            return
        }
        if let equals = argument.firstIndex(of: "=") {
            self = .new(key: String(argument[..<equals]), citation: String(argument[argument.index(after: equals)...]))
        } else {
            self = .existing(argument)
        }
    }
}

/// The unit a layout's numbers are written in.
public enum NumberUnit: String, Hashable, Sendable {
    case px, pt

    /// A length in this unit.
    func length(_ value: Double) -> Length {
        self == .px ? .pixels(value) : .points(value)
    }
}

/// One key of a layout (`small`, `medium`, `left`, …) and what recording a measurement does to it.
public struct NumberEdit: Hashable, Sendable {
    public enum Action: String, Hashable, Sendable {
        /// The layout did not state the number.
        case add = "added"
        /// The layout stated it as derived or estimated; the measurement replaces it.
        case fill = "filled"
        /// A measured or published number that disagreed by more than 1 px, replaced (`--replace`).
        case replace = "replaced"
        /// A measured or published number that agrees within 1 px: left as it is.
        case keep = "kept"
    }

    /// The number as the profile had it.
    public struct Old: Hashable, Sendable {
        /// As written, with its unit (`474 px`, `164.33 pt`), or `derived` for a derived number
        /// stated without a value.
        public var written: String
        /// Its source as written: `measured frameup-2026`, `derived`, `estimated`.
        public var source: String
        /// Its kind.
        public var kind: SourceKind
        /// Its value in whole pixels, field by field (empty for a derived number without a value).
        public var pixels: [Int]

        package init(written: String, source: String, kind: SourceKind, pixels: [Int]) {
            self.written = written
            self.source = source
            self.kind = kind
            self.pixels = pixels
        }
    }

    /// The layout key, e.g. `small` or `left`.
    public var key: String
    /// The grid fields the key states: two for a size, one for a position.
    public var fields: [GridField]
    /// The measured pixels, field by field.
    public var measured: [Int]
    /// The new value as written in the layout's unit, e.g. `486`, `1032x486`, `164.33`.
    public var written: String
    public var action: Action
    public var old: Old?

    package init(key: String, fields: [GridField], measured: [Int], written: String, action: Action, old: Old?) {
        self.key = key
        self.fields = fields
        self.measured = measured
        self.written = written
        self.action = action
        self.old = old
    }

    /// Whether the number is written into the profile.
    public var writes: Bool { action != .keep }

    /// The largest difference between the old and the measured value, in pixels.
    public var difference: Int? {
        guard let old, old.pixels.count == measured.count else { return nil }
        return zip(old.pixels, measured).map { abs($0 - $1) }.max()
    }
}

/// A reference added to a profile's `references:`.
public struct ReferenceAddition: Hashable, Sendable {
    public var key: String
    public var citation: String

    package init(key: String, citation: String) {
        self.key = key
        self.citation = citation
    }
}

/// The changes recording a measurement makes to one layout of a device profile.
///
/// Decided by ``LayoutRecording/plan(_:layout:of:text:reference:replace:calibration:)`` and written
/// by ``ProfileTextEditor/apply(_:to:)``.
public struct ProfileEdit: Hashable, Sendable {
    public var device: String
    public var layout: LayoutKind
    /// Whether the layout is created.
    public var createsLayout: Bool
    /// The zoomed screen of a Display Zoom layout that is created, e.g. `320x693`.
    public var zoomedScreen: String?
    /// The unit the numbers are written in.
    public var unit: NumberUnit
    /// Whether the layout states no `unit` yet, so that `unit: px` is added.
    public var addsUnit: Bool
    /// The reference every written number cites; `nil` when none is written.
    public var referenceKey: String?
    /// A reference to add to `references:`.
    public var reference: ReferenceAddition?
    /// Every number measured, with what happens to it, in layout order.
    public var numbers: [NumberEdit]
    /// A screenshot to add to the layout's `calibration:` list (relative to the content folder).
    public var calibration: String?

    package init(
        device: String, layout: LayoutKind, createsLayout: Bool, zoomedScreen: String?, unit: NumberUnit, addsUnit: Bool, referenceKey: String?,
        reference: ReferenceAddition?, numbers: [NumberEdit], calibration: String?
    ) {
        self.device = device
        self.layout = layout
        self.createsLayout = createsLayout
        self.zoomedScreen = zoomedScreen
        self.unit = unit
        self.addsUnit = addsUnit
        self.referenceKey = referenceKey
        self.reference = reference
        self.numbers = numbers
        self.calibration = calibration
    }

    /// The source of every written number, as written: `measured KEY`.
    public var source: String? { referenceKey.map { "measured \($0)" } }

    /// The numbers written into the profile.
    public var written: [NumberEdit] { numbers.filter(\.writes) }

    /// Whether the edit changes the profile at all.
    public var changesProfile: Bool {
        createsLayout || !written.isEmpty || reference != nil || calibration != nil
    }
}

/// Why a measurement cannot be recorded into a profile.
public enum ProfileEditError: Problem, Hashable, Sendable {
    /// The profile's text has a form the editor does not change (named in the message).
    case unsupportedText(String)
    /// Measured numbers disagree with the profile's measured or published ones.
    case disagrees([NumberEdit], unit: NumberUnit)
    /// The reference given cannot be used.
    case reference(String)
    /// A number cannot be written in the layout's unit.
    case notExact(String)
    /// The measurement does not fit the layout.
    case doesNotFit(String)
    /// Nothing was measured.
    case nothingMeasured

    public var problems: [ProblemText] { [ProblemText(reason: reason)] }

    /// Why, in words: the profile is named by whoever reports it.
    public var reason: String {
        switch self {
        case .unsupportedText(let reason): reason
        case .disagrees(let numbers, let unit):
            "the screenshot disagrees with numbers the layout already has as measured or published:\n"
                + numbers.map { number in
                    let old = number.old.map { "\($0.written) (\($0.source))" } ?? "nothing"
                    return
                        "  \(number.key): the layout has \(old), the screenshot measures \(number.written) \(unit.rawValue) (\(number.difference ?? 0) px apart)"
                }.joined(separator: "\n")
                + "\nnothing was changed; check the screenshot and the layout, and pass --replace to replace those numbers"
        case .reference(let reason): reason
        case .notExact(let reason): reason
        case .doesNotFit(let reason): reason
        case .nothingMeasured: "nothing was measured: no widget sizes, columns or rows to record"
        }
    }
}
