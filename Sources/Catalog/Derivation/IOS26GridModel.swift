import SlotGeometry

/// The model from which the catalog derives iOS 26–27 widget positions on screens where no source
/// measured them, with its leave-one-out error.
///
/// What it rests on, all of it measured:
/// - **Sizes** of every screen's iOS 26 families (FrameUp's WidgetKit frames, in the profiles).
/// - **Rows on icon rows.** On 402×874 the widget rows are the icon rows 1, 3 and 5, so a small
///   widget is one icon plus one row pitch and a large one an icon plus three pitches. The pitch
///   `p = (large − small) / 2` and the icon `a = small − p` therefore follow from the sizes, and the
///   six-row grid is `5p + a` tall (which is also the extra-large portrait height on every screen).
/// - **Columns centred.** Every measured layout of every iOS centres its columns on the screen:
///   `left = (screen width − medium width) / 2`, rounded half up.
/// - **The grid keeps its vertical centre.** On 402×874 the iOS 26 icon grid is centred where the
///   iOS 18 (small icons) grid of the same screen is, within 2 px. So the top row is the centre of
///   the screen's own measured small-icon grid minus half the iOS 26 grid. Where the screen was
///   measured only on iOS 14–17, the grid moved with iOS 18 by the amounts measured on the screens
///   that have both (−30 px on some, 0 on others): the mean is applied, and its leave-one-out error
///   added to the row error. A screen with no older measurement takes its centre from a straight line through the
///   centres of the Face ID screens against their height in points, whose leave-one-out error is large.
///
/// The errors are found by leaving each measured screen out in turn and predicting it from the
/// rest: the vertical error of a screen is the rule's error on the iOS 26 screens that were
/// measured, plus the spread of what the prediction of its centre rests on.
public struct IOS26GridModel: Sendable {
    /// The reference key under which profiles cite the model.
    public static let referenceKey = "ios26-grid-model"

    /// One derived layout: the five grid positions in pixels, and their errors.
    public struct Prediction: Hashable, Sendable {
        public var device: String
        public var left: Int
        public var right: Int
        public var top: Int
        public var middle: Int
        public var bottom: Int
        /// The horizontal error (columns), in whole pixels.
        public var columnError: Int
        /// The vertical error (rows), in whole pixels.
        public var rowError: Int
        /// Which branch of the model placed the rows, in words.
        public var basis: String

        /// The value and error the model gives a grid position.
        public func value(_ field: GridField) -> (pixels: Int, error: Int)? {
            switch field {
            case .left: (left, columnError)
            case .right: (right, columnError)
            case .top: (top, rowError)
            case .middle: (middle, rowError)
            case .bottom: (bottom, rowError)
            default: nil
            }
        }
    }

    /// A measured screen's residual, for the leave-one-out table.
    public struct Residual: Hashable, Sendable {
        public var device: String
        public var layout: LayoutKind
        public var what: String
        /// Predicted minus measured, in pixels (before rounding the prediction).
        public var pixels: Double
    }

    /// The derived layouts, one for each ios26 layout whose positions no source measured.
    public var predictions: [Prediction]
    /// Every leave-one-out residual the errors come from.
    public var residuals: [Residual]

    /// Fits the model on the profiles' measured numbers and derives every unmeasured ios26 layout.
    public init(_ profiles: [DeviceProfile]) {
        let screens = profiles.map(ProfileScreen.init)
        var residuals: [Residual] = []

        // Columns: the centring rule, checked on every measured layout of every iOS.
        for screen in screens {
            for layout in screen.layouts where !layout.kind.isDisplayZoom {
                guard let left = layout.measured(.left), let medium = layout.measured(.mediumWidth) else { continue }
                let predicted = Double(screen.pixelWidth - medium) / 2
                residuals.append(Residual(device: screen.id, layout: layout.kind, what: "left column", pixels: predicted - Double(left)))
            }
        }
        let columnError = Self.bound(residuals.map(\.pixels))

        // Moves of the grid with iOS 18, on screens measured both before and after.
        let moves = screens.compactMap { screen -> (device: String, pixels: Double)? in
            guard let old = screen.layout(.ios14)?.gridCentre, let new = screen.layout(.ios18)?.gridCentre else { return nil }
            return (screen.id, new - old)
        }
        let move = Self.mean(moves.map(\.pixels)) ?? 0
        var moveResiduals: [Double] = []
        for (index, screenMove) in moves.enumerated() {
            var others = moves.map(\.pixels)
            others.remove(at: index)
            guard let predicted = Self.mean(others) else { continue }
            moveResiduals.append(predicted - screenMove.pixels)
            residuals.append(
                Residual(device: screenMove.device, layout: .ios18, what: "grid move with iOS 18", pixels: predicted - screenMove.pixels))
        }
        let moveError = Self.bound(moveResiduals)

        // The straight line for screens with no older measurement, with its leave-one-out error.
        let centres = screens.filter(\.isFullScreen).compactMap { screen in
            screen.referenceCentre(move: move).map { (screen: screen, points: $0.pixels / Double(screen.scale), layout: $0.layout) }
        }
        var lineResiduals: [Double] = []
        for (index, centre) in centres.enumerated() {
            var others = centres
            others.remove(at: index)
            guard let line = Line(fitting: others.map { (Double($0.screen.pointHeight), $0.points) }) else { continue }
            let pixels = (line.value(at: Double(centre.screen.pointHeight)) - centre.points) * Double(centre.screen.scale)
            lineResiduals.append(pixels)
            residuals.append(
                Residual(device: centre.screen.id, layout: centre.layout, what: "grid centre from the straight line", pixels: pixels))
        }
        let line = Line(fitting: centres.map { (Double($0.screen.pointHeight), $0.points) })
        let lineError = Self.bound(lineResiduals)

        // Rows: the kept centre, checked on every screen whose ios26 rows were measured.
        var rowResiduals: [Double] = []
        for screen in screens {
            guard let ios26 = screen.layout(.ios26), let top = ios26.measured(.top), let grid = ios26.gridHeight,
                let centre = screen.referenceCentre(move: move)
            else { continue }
            let predicted = centre.pixels - grid / 2
            rowResiduals.append(predicted - Double(top))
            residuals.append(Residual(device: screen.id, layout: .ios26, what: "top row", pixels: predicted - Double(top)))
        }
        let ruleError = Self.bound(rowResiduals)

        // With no measured iOS 26 screen to check the rule on, nothing is derived: a model whose
        // error cannot be found states no number.
        var predictions: [Prediction] = []
        for screen in screens where !rowResiduals.isEmpty {
            guard let ios26 = screen.layout(.ios26), ios26.measured(.top) == nil, ios26.measured(.left) == nil,
                let small = ios26.size(.smallWidth), let medium = ios26.size(.mediumWidth), let large = ios26.size(.largeHeight),
                let grid = ios26.gridHeight
            else { continue }
            let centre: Double
            let rowError: Int
            let basis: String
            if let reference = screen.referenceCentre(move: move) {
                centre = reference.pixels
                let moved = reference.moved
                rowError = ruleError + (moved ? moveError : 0)
                basis =
                    moved
                    ? "centre of the \(reference.layout.rawValue) grid, moved by the mean iOS 18 move (\(formatNumber(move)) px)"
                    : "centre of the \(reference.layout.rawValue) grid"
            } else if let line {
                centre = line.value(at: Double(screen.pointHeight)) * Double(screen.scale)
                rowError = ruleError + lineError
                basis = "straight line through the Face ID screens' grid centres"
            } else {
                continue
            }
            let left = Self.halfUp(Double(screen.pixelWidth - medium) / 2)
            let top = Self.halfUp(centre - grid / 2)
            let twoPitches = large - small
            predictions.append(
                Prediction(
                    device: screen.id, left: left, right: left + medium - small, top: top, middle: top + twoPitches,
                    bottom: top + 2 * twoPitches, columnError: columnError, rowError: rowError, basis: basis))
        }
        self.predictions = predictions
        self.residuals = residuals
    }

    /// The prediction for a device, if the model derives its ios26 layout.
    public func prediction(for device: String) -> Prediction? {
        predictions.first { $0.device == device }
    }

    /// The largest magnitude among the residuals, rounded up to whole pixels.
    static func bound(_ residuals: [Double]) -> Int {
        let largest = residuals.map { $0 < 0 ? -$0 : $0 }.max() ?? 0
        let whole = Int(largest)
        return Double(whole) < largest ? whole + 1 : whole
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    static func halfUp(_ value: Double) -> Int {
        let floor = value < 0 ? Int(value) - 1 : Int(value)
        return value - Double(floor) >= 0.5 ? floor + 1 : floor
    }
}

extension IOS26GridModel {
    /// A least-squares straight line.
    struct Line {
        var intercept: Double
        var slope: Double

        init?(fitting points: [(Double, Double)]) {
            guard points.count >= 2 else { return nil }
            let n = Double(points.count)
            let meanX = points.map(\.0).reduce(0, +) / n
            let meanY = points.map(\.1).reduce(0, +) / n
            let sxx = points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
            guard sxx > 0 else { return nil }
            slope = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +) / sxx
            intercept = meanY - slope * meanX
        }

        func value(at x: Double) -> Double { intercept + slope * x }
    }

    /// What the model reads of one profile.
    struct ProfileScreen {
        var id: String
        var pixelWidth: Int
        var pointHeight: Int
        var scale: Int
        var layouts: [ResolvedLayout]

        init(_ profile: DeviceProfile) {
            id = profile.id
            pixelWidth = profile.screen.pixels.width
            pointHeight = profile.screen.height
            scale = profile.screen.scale
            layouts = profile.resolvedLayouts.filter { !$0.kind.isDisplayZoom }
        }

        func layout(_ kind: LayoutKind) -> ResolvedLayout? { layouts.first { $0.kind == kind } }

        /// Whether the screen is a Face ID phone's, more than twice as tall as wide (the notch or
        /// Dynamic Island above the grid), as opposed to a home-button phone's.
        var isFullScreen: Bool { pointHeight * scale > 2 * pixelWidth }

        /// The centre of the screen's newest measured small-icon grid, in pixels: iOS 18's, or
        /// iOS 14–17's moved by the iOS 18 move.
        func referenceCentre(move: Double) -> (pixels: Double, layout: LayoutKind, moved: Bool)? {
            if let centre = layout(.ios18)?.gridCentre { return (centre, .ios18, false) }
            if let centre = layout(.ios14)?.gridCentre { return (centre + move, .ios14, true) }
            return nil
        }
    }
}

extension ResolvedLayout {
    /// A number of the layout that a source measured (not derived, published or estimated).
    fileprivate func measured(_ field: GridField) -> Int? {
        guard let value = values[field], value.provenance.kind == .measured else { return nil }
        return value.pixels
    }

    /// A family size, whatever its source.
    fileprivate func size(_ field: GridField) -> Int? { values[field]?.pixels }

    /// The height of the six-row icon grid, `5p + a`, from the small and large sizes.
    fileprivate var gridHeight: Double? {
        guard let small = size(.smallHeight), let large = size(.largeHeight) else { return nil }
        let pitch = Double(large - small) / 2
        return 5 * pitch + Double(small) - pitch
    }

    /// The vertical centre of the six-row icon grid, when the top row was measured.
    fileprivate var gridCentre: Double? {
        guard let top = measured(.top), let height = gridHeight else { return nil }
        return Double(top) + height / 2
    }
}
