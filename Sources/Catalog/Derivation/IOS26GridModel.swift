import SlotGeometry

/// The model from which the catalog derives iOS 26–27 widget positions on screens where no source
/// gives them, fitted on the iOS 26 screens whose positions are known, with its leave-one-out error.
///
/// What it rests on:
/// - **Sizes** of every screen's iOS 26 families (FrameUp's WidgetKit frames, in the profiles).
/// - **Rows on icon rows.** On every iOS 26 screen with known positions the widget rows are the
///   icon rows 1, 3 and 5, so a small widget is one icon plus one row pitch and a large one an icon
///   plus three pitches: `p = (large − small) / 2`, `middle = top + 2p`, `bottom = top + 4p`.
/// - **Columns centred:** `left = (screen width − medium width) / 2`, rounded half up, checked on
///   every iOS 26 screen with known columns.
/// - **The top row from an older layout of the same screen.** The top row sits a fixed number of
///   points from the top row of one of the screen's older layouts (an *anchor*: iOS 18 with large
///   icons, or with small icons). Each anchor's offset is the mean over the known iOS 26 screens
///   that have it, and its error the largest residual when each of those screens is left out and
///   predicted from the others. A screen takes the anchor with the smallest error that it has; one
///   measured only on iOS 14–17 is moved to iOS 18 by the mean iOS 18 move first, and one with no
///   older layout takes its iOS 18 top row from a straight line through the Face ID screens'
///   against their height in points, each with its own leave-one-out error added.
///
/// The row error every derived layout states is at least the largest leave-one-out residual of
/// any anchor on the known iOS 26 screens: with two or three such screens the choice of anchor
/// itself rests on them, so no derived row claims more than the worst of them allows. Each error
/// says how many phones it was estimated from.
public struct IOS26GridModel: Sendable {
    /// The reference key under which profiles cite the model.
    public static let referenceKey = "ios26-grid-model"
    /// The older layouts whose top row can anchor the iOS 26 top row.
    static let anchors: [LayoutKind] = [.ios18LargeIcons, .ios18]

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

    /// A residual of the leave-one-out table.
    public struct Residual: Hashable, Sendable {
        public var device: String
        public var layout: LayoutKind
        public var what: String
        /// Predicted minus known, in pixels (before rounding the prediction).
        public var pixels: Double
    }

    /// One anchor's fit: the offset of the iOS 26 top row from the anchor layout's, and its error.
    struct AnchorFit {
        var kind: LayoutKind
        /// iOS 26 top row minus the anchor's top row, in points: the mean over the known screens.
        var offset: Double
        /// The largest leave-one-out residual, in pixels.
        var error: Int
    }

    /// The iOS 26 screens with known positions the model is fitted on, by device id.
    public var fittedOn: [String]
    /// The derived layouts, one for each ios26 layout whose positions no source gives.
    public var predictions: [Prediction]
    /// Every leave-one-out residual the errors come from.
    public var residuals: [Residual]
    /// The anchors whose error could be found, in the model's order.
    var anchorFits: [AnchorFit]

    /// How many phones the model, and every error it states, was estimated from.
    public var phones: Int { fittedOn.count }

    /// Fits the model on the profiles' known numbers and derives every ios26 layout without positions.
    public init(_ profiles: [DeviceProfile]) {
        let screens = profiles.map(ProfileScreen.init)
        let known = screens.filter { $0.layout(.ios26)?.known(.top) != nil && $0.layout(.ios26)?.known(.left) != nil }
        var residuals: [Residual] = []

        // Columns: the centring rule, checked on every known iOS 26 screen (it has no fitted part).
        var columnResiduals: [Double] = []
        for screen in known {
            guard let ios26 = screen.layout(.ios26), let left = ios26.known(.left), let medium = ios26.size(.mediumWidth) else { continue }
            let residual = Double(screen.pixelWidth - medium) / 2 - Double(left)
            columnResiduals.append(residual)
            residuals.append(Residual(device: screen.id, layout: .ios26, what: "left column", pixels: residual))
        }
        let columnError = Self.bound(columnResiduals)

        // Anchors: each one's offset fitted on the known screens that have it, each left out in turn.
        var fits: [AnchorFit] = []
        for kind in Self.anchors {
            let pairs = known.compactMap { screen -> (screen: ProfileScreen, offset: Double)? in
                guard let top = screen.layout(.ios26)?.known(.top), let anchor = screen.layout(kind)?.known(.top) else { return nil }
                return (screen, Double(top - anchor) / Double(screen.scale))
            }
            let leftOut = Self.leaveOneOut(pairs.map(\.offset))
            guard let offset = Self.mean(pairs.map(\.offset)), !leftOut.isEmpty else { continue }
            for (pair, points) in zip(pairs, leftOut) {
                residuals.append(
                    Residual(
                        device: pair.screen.id, layout: .ios26, what: "top row from the \(kind.rawValue) top row",
                        pixels: points * Double(pair.screen.scale)))
            }
            fits.append(AnchorFit(kind: kind, offset: offset, error: Self.bound(zip(pairs, leftOut).map { $1 * Double($0.screen.scale) })))
        }
        // A screen takes the anchor with the smallest error it has; every row states the largest.
        let preferred = fits.enumerated().sorted { ($0.element.error, $0.offset) < ($1.element.error, $1.offset) }.map(\.element)
        let ruleError = fits.map(\.error).max()

        // The iOS 18 move of the top row, in points, on screens known before and after.
        let moves = screens.compactMap { screen -> (screen: ProfileScreen, points: Double)? in
            guard let old = screen.layout(.ios14)?.known(.top), let new = screen.layout(.ios18)?.known(.top) else { return nil }
            return (screen, Double(new - old) / Double(screen.scale))
        }
        let move = Self.mean(moves.map(\.points)) ?? 0
        let movesLeftOut = Self.leaveOneOut(moves.map(\.points))
        for (moved, points) in zip(moves, movesLeftOut) {
            residuals.append(
                Residual(device: moved.screen.id, layout: .ios18, what: "top row's move with iOS 18", pixels: points * Double(moved.screen.scale)))
        }
        let moveError = Self.bound(zip(moves, movesLeftOut).map { $1 * Double($0.screen.scale) })

        // The straight line through the Face ID screens' iOS 18 top rows, for a screen with no older layout.
        let tops = screens.filter(\.isFullScreen).compactMap { screen in
            screen.ios18Top(move: move).map { (screen: screen, points: $0) }
        }
        var lineResiduals: [Double] = []
        for (index, top) in tops.enumerated() {
            var others = tops
            others.remove(at: index)
            guard let line = Line(fitting: others.map { (Double($0.screen.pointHeight), $0.points) }) else { continue }
            let pixels = (line.value(at: Double(top.screen.pointHeight)) - top.points) * Double(top.screen.scale)
            lineResiduals.append(pixels)
            residuals.append(Residual(device: top.screen.id, layout: .ios18, what: "top row from the straight line", pixels: pixels))
        }
        let line = Line(fitting: tops.map { (Double($0.screen.pointHeight), $0.points) })
        let lineError = Self.bound(lineResiduals)

        // With no anchor whose error could be found, nothing is derived: a model whose error
        // cannot be found states no number.
        var predictions: [Prediction] = []
        for screen in screens {
            guard let ruleError, let ios26 = screen.layout(.ios26), ios26.known(.top) == nil, ios26.known(.left) == nil,
                let small = ios26.size(.smallWidth), let medium = ios26.size(.mediumWidth), let large = ios26.size(.largeHeight)
            else { continue }
            let scale = Double(screen.scale)
            let top: Double
            let rowError: Int
            let basis: String
            if let fit = preferred.first(where: { screen.layout($0.kind)?.known(.top) != nil }),
                let anchor = screen.layout(fit.kind)?.known(.top)
            {
                top = Double(anchor) + fit.offset * scale
                rowError = ruleError
                basis = "\(fit.kind.title) top row (\(anchor) px) \(Self.signed(fit.offset)) pt"
            } else if let fit = fits.first(where: { $0.kind == .ios18 }), let moved = screen.ios18Top(move: move) {
                top = (moved + fit.offset) * scale
                rowError = ruleError + moveError
                basis =
                    "\(LayoutKind.ios14.title) top row moved by the mean iOS 18 move (\(Self.signed(move)) pt), \(Self.signed(fit.offset)) pt"
            } else if let fit = fits.first(where: { $0.kind == .ios18 }), let line {
                top = (line.value(at: Double(screen.pointHeight)) + fit.offset) * scale
                rowError = ruleError + lineError
                basis = "straight line through the Face ID screens' iOS 18 top rows, \(Self.signed(fit.offset)) pt"
            } else {
                continue
            }
            let left = Self.halfUp(Double(screen.pixelWidth - medium) / 2)
            let row = Self.halfUp(top)
            let twoPitches = large - small
            predictions.append(
                Prediction(
                    device: screen.id, left: left, right: left + medium - small, top: row, middle: row + twoPitches,
                    bottom: row + 2 * twoPitches, columnError: columnError, rowError: rowError, basis: basis))
        }
        self.fittedOn = known.map(\.id)
        self.anchorFits = fits
        self.predictions = predictions
        self.residuals = residuals
    }

    /// The prediction for a device, if the model derives its ios26 layout.
    public func prediction(for device: String) -> Prediction? {
        predictions.first { $0.device == device }
    }

    /// Each value's leave-one-out residual: the mean of the others minus it; empty with fewer than two.
    static func leaveOneOut(_ values: [Double]) -> [Double] {
        guard values.count >= 2 else { return [] }
        return values.indices.map { index in
            var others = values
            others.remove(at: index)
            return mean(others)! - values[index]
        }
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

    /// "+9", "−0.5": an offset with its sign.
    static func signed(_ value: Double) -> String {
        value < 0 ? "−\(formatNumber(-value))" : "+\(formatNumber(value))"
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

        /// The iOS 18 (small icons) top row in points: known, or iOS 14–17's moved by the iOS 18 move.
        func ios18Top(move: Double) -> Double? {
            if let top = layout(.ios18)?.known(.top) { return Double(top) / Double(scale) }
            if let top = layout(.ios14)?.known(.top) { return Double(top) / Double(scale) + move }
            return nil
        }
    }
}

extension ResolvedLayout {
    /// A number of the layout that a source gives: measured on a screenshot or taken from a
    /// published table (not derived by a rule or a model, nor estimated).
    fileprivate func known(_ field: GridField) -> Int? {
        guard let value = values[field], value.isStated, [.measured, .published].contains(value.provenance.kind) else { return nil }
        return value.pixels
    }

    /// A family size, whatever its source.
    fileprivate func size(_ field: GridField) -> Int? { values[field]?.pixels }
}
