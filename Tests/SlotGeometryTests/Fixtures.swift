import SlotGeometry

/// A provenance for numbers stated in tests.
let measured = Provenance(kind: .measured, reference: "test", citation: "a test fixture")

/// Grid numbers in pixels, stated as measured. Sizes are written per family as width x height.
struct Grid {
    var small: (Double, Double)? = (486, 486)
    var medium: (Double, Double)? = (1032, 486)
    var large: (Double, Double)? = (1032, 1098)
    var extraLargePortrait: (Double, Double)? = nil
    var left: Double? = 87
    var right: Double? = 633
    var top: Double? = 261
    var middle: Double? = 873
    var bottom: Double? = 1485
    var unit: (Double) -> Length = { .pixels($0) }

    var values: [GridField: StatedValue] {
        var values: [GridField: StatedValue] = [:]
        func put(_ field: GridField, _ value: Double?) {
            if let value { values[field] = StatedValue(unit(value), measured) }
        }
        put(.smallWidth, small?.0)
        put(.smallHeight, small?.1)
        put(.mediumWidth, medium?.0)
        put(.mediumHeight, medium?.1)
        put(.largeWidth, large?.0)
        put(.largeHeight, large?.1)
        put(.extraLargePortraitWidth, extraLargePortrait?.0)
        put(.extraLargePortraitHeight, extraLargePortrait?.1)
        put(.left, left)
        put(.right, right)
        put(.top, top)
        put(.middle, middle)
        put(.bottom, bottom)
        return values
    }
}

/// The iPhone 16 Pro screen (402x874 pt @3x) with one layout built from a grid.
func device(
    _ grid: Grid = Grid(), kind: LayoutKind = .ios18, rows: Int = 3, screen: Screen = Screen(width: 402, height: 874, scale: 3),
    origins: [SlotID: SlotOrigin] = [:], exceptions: [GeometryCheck: String] = [:]
) -> DeviceProfile {
    DeviceProfile(
        id: "test-phone", name: "Test phone", models: ["Test phone"], screen: screen,
        layouts: [
            LayoutSpec(kind: kind, rows: rows, values: grid.values, slotOrigins: origins, exceptions: exceptions)
        ])
}

/// The one resolved layout of a test device.
func resolved(_ grid: Grid = Grid(), rows: Int = 3, origins: [SlotID: SlotOrigin] = [:]) -> ResolvedLayout {
    device(grid, rows: rows, origins: origins).resolvedLayouts[0]
}

/// The codes of the findings a device's layouts produce.
func codes(_ device: DeviceProfile) -> [String] {
    GeometryChecker.check(device).map(\.check.code)
}
