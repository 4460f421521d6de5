import Calibration
import Catalog
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

/// One family has one size on a phone: a widget measured a pixel or two off its fellows does not
/// give its slot a size of its own. Every widget of a page, every edge of it moved in and out by
/// one and two pixels: every slot of the family has the family's size (of three or more widgets,
/// the size most show), and the slot of the widget moved says how far it was; or the pair is
/// refused, where a column or row of two widgets that follows the one moved breaks a grid rule.
@Suite struct OneSizePerFamilyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var device: String
        var layout: LayoutKind
        var slots: [SlotID]
        var moved: SlotID
        /// The edge moved (left, top, right, bottom) and by how many pixels (out of the widget: more).
        var edge: Int
        var pixels: Int

        var testDescription: String { "\(device) \(moved.rawValue) \(["left", "top", "right", "bottom"][edge]) \(pixels > 0 ? "+" : "")\(pixels) px" }
    }

    /// Pages of at least three widgets of a family, so that the family's size is theirs: the
    /// 4-inch SE's four small slots, and the iPhone 16 Pro's three medium ones.
    static let pages: [(device: String, layout: LayoutKind, slots: [SlotID])] = [
        ("iphone-se-1st-gen", .ios14, [.smallTopLeft, .smallTopRight, .smallMiddleLeft, .smallMiddleRight]),
        ("iphone-16-pro", .ios26, [.mediumTop, .mediumMiddle, .mediumBottom]),
    ]

    static let cases: [Case] = pages.flatMap { page in
        page.slots.flatMap { moved in
            (0..<4).flatMap { edge in
                [-2, -1, 1, 2].map { Case(device: page.device, layout: page.layout, slots: page.slots, moved: moved, edge: edge, pixels: $0) }
            }
        }
    }

    /// The scene's sample page with `widgets` drawn on it.
    static func field(_ scene: Scene, widgets: [PixelRect]) -> ColorField {
        let image = SampleHomeScreen(
            screen: scene.resolved.screen, appearance: .light, seed: SampleHomeScreen.seed(for: scene.device), widgets: widgets,
            widgetEdgeInset: scene.edgeInset
        ).render()
        return ColorField(size: image.size, rgb: image.normalizedRGB())
    }

    /// Each page's empty screenshot, drawn once for all its cases.
    static let empties: [String: ColorField] = Dictionary(
        uniqueKeysWithValues: pages.map { ($0.device, field(Scene(device: $0.device, layout: $0.layout, slots: $0.slots), widgets: [])) })

    @Test(arguments: cases) func aWidgetAPixelOrTwoOffGetsTheFamilysSize(_ page: Case) throws {
        let scene = Scene(device: page.device, layout: page.layout, slots: page.slots)
        var rects = scene.truth
        var rect = rects[page.moved]!
        switch page.edge {
        case 0: (rect.x, rect.width) = (rect.x - page.pixels, rect.width + page.pixels)
        case 1: (rect.y, rect.height) = (rect.y - page.pixels, rect.height + page.pixels)
        case 2: rect.width += page.pixels
        default: rect.height += page.pixels
        }
        rects[page.moved] = rect
        let placed = Self.field(scene, widgets: page.slots.map { rects[$0]! })
        let empty = try #require(Self.empties[page.device])
        let measured: MeasuredLayout
        do {
            measured = try MeasuredLayout.measure(placed: placed, empty: empty, candidates: scene.candidates).layout
        } catch {
            // A column or row of two widgets follows either: where that breaks a grid rule, the
            // pair is refused, never cropped at a size of its own.
            guard case .offGrid = error else { throw error }
            return
        }
        let truth = scene.truth[page.slots[0]]!
        for slot in measured.slots where slot.id.family == page.moved.family {
            #expect(slot.rect.size == truth.size, "\(slot.id.rawValue): \(slot.rect), the family's size is \(truth.size)")
        }
        let moved = try #require(measured.slots.first { $0.id == page.moved })
        #expect((1...2).contains(moved.disagreement), "how far the widget was: \(moved.disagreement)")
    }
}
