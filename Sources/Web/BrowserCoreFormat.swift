import Calibration
import GeometryFormat
import MeasurementReports
import PNGCodec
import SlotGeometry

/// Every answer the browser core gives the page, described once, as ``GeometryFormat`` describes
/// `geometry.json`: the answers of ``BrowserCore``, ``LayoutMenu`` and the wasm exports are checked
/// against these shapes in the tests, and the JSON Schema written from them
/// (`docs/api/browser-core.schema.json`, ``schema``) is what the glue's answers are checked against
/// in node (`scripts/wasm-core-check.sh`) and what the page scripts read their fields from.
public enum BrowserCoreFormat {
    /// The schema's file name under `docs/api/`.
    public static let schemaFile = "browser-core.schema.json"

    /// A whole number of pixels, which may lie off the screen (a widget found past its edge).
    private static let pixels: JSONShape = .integer(minimum: -JSONShape.largestInteger)

    private static let rect: JSONShape = .named(
        "rect",
        .object([
            JSONMember("x", pixels), JSONMember("y", pixels), JSONMember("width", .integer(minimum: 0)),
            JSONMember("height", .integer(minimum: 0)),
        ]))

    private static let slot: JSONShape = .string(.any)
    private static let family: JSONShape = .oneOf(WidgetFamily.allCases.map { $0.rawValue })
    private static let correction: JSONShape = .oneOf(WidgetCheck.Correction.allCases.map { $0.rawValue })
    private static let text: JSONShape = .string(.any)

    /// What every call that fails answers (``BackdropError/json``).
    public static let error: JSONShape = .named(
        "error",
        .object([
            JSONMember("file", .orNull(text), "the file the error is about"), JSONMember("reason", text, "why, without the file's name"),
            JSONMember("message", text, "FILE: reason, as the command line words it"),
        ]))

    /// The colour chunks an image keeps, and what was dropped (``BrowserCore/colorChunks(of:)``).
    public static let colorSummary: JSONShape = .named(
        "colorSummary",
        .object([
            JSONMember("colorChunks", .array(text), "the colour chunks the crops keep (iCCP, sRGB, gAMA, cHRM, …)"),
            JSONMember("warnings", .array(text), "what was dropped, and why"),
        ]))

    /// An opened PNG file (``BrowserCore/open(name:bytes:)``).
    public static let image: JSONShape = .named(
        "image",
        .object([
            JSONMember("handle", .integer(minimum: 1)), JSONMember("name", text), JSONMember("width", .integer(minimum: 1)),
            JSONMember("height", .integer(minimum: 1)),
            JSONMember("colorType", .oneOf(PNGColorType.allCases.map { BrowserCore.colorTypeName($0) })),
            JSONMember("bitDepth", .oneOfNumbers([1, 2, 4, 8, 16])), JSONMember("interlaced", .boolean),
            JSONMember("colorChunks", .array(text)), JSONMember("warnings", .array(text)),
            JSONMember("inflatedLength", .number, "the bytes the image data inflates to"),
            JSONMember("colorProfileLimit", .number, "the largest colour profile kept, in bytes"),
        ]))

    /// The layouts a screenshot of a size can be (``LayoutMenu/choices(_:in:)``).
    public static let layoutMenu: JSONShape = .named(
        "layoutMenu",
        .object([
            JSONMember(
                "layouts",
                .array(
                    .object([
                        JSONMember("value", text, "DEVICE/LAYOUT"), JSONMember("device", .string(.slug)), JSONMember("deviceName", text),
                        JSONMember("layout", text), JSONMember("title", text), JSONMember("ios", .orNull(text)),
                        JSONMember("icons", .orNull(text)), JSONMember("displayZoom", .boolean),
                        JSONMember("coverage", text, "measured, derived, estimated, measured sizes only, or unknown"),
                        JSONMember("positions", text, "how the positions are known, in words"),
                        JSONMember("positionsKind", .orNull(text), "measured, published, derived or estimated; null without positions"),
                        JSONMember("sure", .orNull(text), "how sure the positions are, in a few words a person reads"),
                        JSONMember("whatYouSee", .orNull(text), "what a person will see from positions known this way"),
                        JSONMember(
                            "origin", .orNull(.object([JSONMember("x", pixels), JSONMember("y", pixels)])),
                            "the top-left corner of the slots, in pixels; null without positions"),
                        JSONMember("hasPositions", .boolean),
                        JSONMember("sizes", text), JSONMember("error", .orNull(.integer(minimum: 0)), "the largest error in pixels, where stated"),
                        JSONMember("errorPhones", .orNull(.integer(minimum: 1))), JSONMember("label", text),
                        JSONMember("isDefault", .boolean),
                    ]))),
            JSONMember("problem", .orNull(text), "the command line's words for a size no layout has"),
        ]))

    /// What to say of a light and a dark screenshot of different sizes, or of one picture stored
    /// twice (``BrowserCore/lightAndDark(light:dark:)``); null when they can be used together.
    public static let lightAndDark: JSONShape = .named("lightAndDark", .orNull(text))

    private static let plannedCrop: JSONShape = .object([
        JSONMember("slot", slot), JSONMember("family", family), JSONMember("rect", rect),
        JSONMember("file", text, "the crop's file name in the plan's style, as `backdrop crop --style` names it"),
    ])

    /// The crops of a layout planned on an image in a style (``BrowserCore/plan(_:layout:style:)``).
    public static let plan: JSONShape = .named(
        "plan", .object([JSONMember("crops", .array(plannedCrop)), JSONMember("unavailable", .array(slot))]))

    /// What `backdrop calibrate` measures (``BrowserCore/calibrate(_:empty:)``).
    public static let calibrate: JSONShape = .named(
        "calibrate",
        .object([
            JSONMember("json", .orNull(.anything), "the object `backdrop calibrate --json` prints"),
            JSONMember("layoutBlock", .orNull(text)), JSONMember("problem", .orNull(text), "the command line's message"),
        ]))

    /// The slots measured on a pair (``BrowserCore/measure(empty:placed:)``).
    public static let measure: JSONShape = .named(
        "measure",
        .object([
            JSONMember(
                "slots",
                .orNull(
                    .array(
                        .object([
                            JSONMember("slot", slot), JSONMember("family", family), JSONMember("rect", rect),
                            JSONMember("kind", text, "how the slot is known: measured, or implied by others"),
                            JSONMember("disagreement", .integer(minimum: 0)), JSONMember("rowNamedByOrder", .boolean),
                        ])))),
            JSONMember("undetermined", .orNull(.array(.object([JSONMember("slot", slot), JSONMember("reason", text)])))),
            JSONMember("rejected", .orNull(.anything), "the rejected regions, as `backdrop calibrate --json` gives them"),
            JSONMember("layoutBlock", .orNull(text)), JSONMember("recordCommand", .orNull(text)),
            JSONMember("problem", .orNull(text), "the command line's message"),
        ]))

    private static let offset: JSONShape = .orNull(.integer(minimum: -JSONShape.largestInteger))
    private static let offsetError: JSONShape = .orNull(.integer(minimum: 0))

    /// What a report on a home screen and its empty page begins with: both files, the phone and
    /// its layout, and the screenshot's size.
    private static let homeScreenPair = [
        JSONMember("empty", .orNull(text)), JSONMember("home", .orNull(text)), JSONMember("device", .orNull(text)),
        JSONMember("layout", .orNull(text)),
        JSONMember("screenshot", .orNull(.object([JSONMember("width", .integer(minimum: 1)), JSONMember("height", .integer(minimum: 1))]))),
    ]

    /// "Check my widgets" (``WidgetCheckReport/json(_:empty:home:device:styles:)``): also the
    /// `widget-check.json` that `backdrop crop --widgets-from` writes.
    public static let checkWidgets: JSONShape = .named(
        "checkWidgets",
        .object(
            homeScreenPair + [
                JSONMember("reach", .orNull(.integer(minimum: 1)), "how far from its slot each widget was looked for, in pixels"),
                JSONMember(
                    "widgets",
                    .orNull(
                        .array(
                            .object([
                                JSONMember("slot", slot), JSONMember("family", family), JSONMember("listed", rect), JSONMember("found", rect),
                                JSONMember("dx", offset, "pixels right of the listed slot; null where unknown"),
                                JSONMember("dy", offset, "pixels below the listed slot; null where unknown"),
                                JSONMember("unknown", .orNull(text), "why an offset is unknown, or why the widget was not measured"),
                                JSONMember("unknownX", .orNull(text), "why the wallpaper cannot tell the offset to the right"),
                                JSONMember("unknownY", .orNull(text), "why the wallpaper cannot tell the offset down"),
                                JSONMember("measured", .boolean, "false for a widget seen but not measured"),
                                JSONMember("notMeasured", .orNull(.oneOf(WidgetCheck.NotMeasured.kinds)), "why it was not measured"),
                                JSONMember("evidence", .oneOf(WidgetCheck.Evidence.allCases.map { $0.rawValue })),
                                JSONMember("match", .number), JSONMember("compared", .number),
                            ])))),
                JSONMember(
                    "slots",
                    .orNull(
                        .array(
                            .object([
                                JSONMember("slot", slot), JSONMember("family", family), JSONMember("listed", rect), JSONMember("rect", rect),
                                JSONMember("x", correction), JSONMember("y", correction),
                                JSONMember("xError", offsetError, "an estimated x's error; null when unknown or not estimated"),
                                JSONMember("yError", offsetError, "an estimated y's error; null when unknown or not estimated"),
                                JSONMember("placed", .boolean, "false for a slot whose listed size the widgets measured contradict: no crop"),
                                JSONMember("unplaced", .orNull(text), "why it is not placed"),
                                JSONMember("files", .array(text), "its crops, in each style cropped in; none when not placed"),
                            ])))),
                JSONMember("summary", .orNull(text), "the status line: widgets measured and seen, and how every slot is known"),
                JSONMember("layoutBlock", .orNull(text)),
                JSONMember(
                    "recordCommand", .orNull(text), "the `backdrop calibrate --transparent --into` that records the columns and rows measured"),
                JSONMember("problem", .orNull(text), "the command line's message"),
            ]))

    /// The slots read off a page of app icons (``BrowserCore/readIcons(empty:home:layout:phones:)``): also the
    /// `icon-grid.json` that `backdrop crop --icons-from` writes (``IconPageReport``).
    public static let readIcons: JSONShape = .named(
        "readIcons",
        .object(
            homeScreenPair + [
                JSONMember("scale", .orNull(.oneOfNumbers([2, 3])), required: false),
                JSONMember("scaleFromWidth", .boolean, required: false, "true when no phone of the catalog has this screen"),
                JSONMember(
                    "rule",
                    .object([
                        JSONMember("wideningPoints", .integer(minimum: 0)), JSONMember("widgetRows", .array(.integer(minimum: 1))),
                        JSONMember("assumed", .boolean, "true where the rule is not measured for this icon setting"),
                    ]), required: false),
                JSONMember("icons", .array(rect), required: false), JSONMember("widgets", .array(rect), required: false),
                JSONMember("setAside", .array(.object([JSONMember("pixels", rect), JSONMember("reason", text)])), required: false),
                JSONMember(
                    "grid",
                    .object([
                        JSONMember("iconSize", .integer(minimum: 1)),
                        JSONMember("columns", .array(.object([JSONMember("x", .orNull(pixels)), JSONMember("source", text)]))),
                        JSONMember("firstRow", .orNull(pixels)), JSONMember("rowPitch", .orNull(.integer(minimum: 1))),
                        JSONMember("rowsSeen", .array(.integer(minimum: 1))), JSONMember("rowNaming", text),
                    ]), required: false),
                JSONMember(
                    "slots",
                    .orNull(
                        .array(
                            .object([
                                JSONMember("id", slot), JSONMember("family", family), JSONMember("pixels", rect),
                                JSONMember("error", .integer(minimum: 0)),
                                JSONMember("known", text, "how the slot is known, in the person's words"),
                                JSONMember("listed", .orNull(rect), "the catalog's rectangle of the slot"),
                                JSONMember("offFromListed", .orNull(.integer(minimum: 0)), "the most an edge of the catalog's is off, in pixels"),
                            ])))),
                JSONMember("unknownSlots", .array(.object([JSONMember("id", slot), JSONMember("reason", text)])), required: false),
                JSONMember("unknownAxes", .array(text), required: false), JSONMember("notes", .array(text), required: false),
                JSONMember("layoutBlock", text, required: false),
                JSONMember("recordCommand", text, required: false, "the `backdrop calibrate --icons --into` that records the slots"),
                JSONMember("problem", .orNull(text), "the command line's message"),
            ]))

    /// Every answer, by the name the schema gives it under `$defs`.
    public static let answers: [(name: String, shape: JSONShape)] = [
        ("error", error), ("image", image), ("colorSummary", colorSummary), ("layoutMenu", layoutMenu), ("lightAndDark", lightAndDark),
        ("plan", plan), ("calibrate", calibrate), ("measure", measure), ("checkWidgets", checkWidgets), ("readIcons", readIcons),
    ]

    /// The JSON Schema of the answers: each under `$defs` by its name.
    public static var schema: JSONValue {
        JSONShape.object(answers.map { JSONMember($0.name, $0.shape, required: false) }).schema(
            title: "Backdrop browser core answers", id: schemaFile)
    }
}
