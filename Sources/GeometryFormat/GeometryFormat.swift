import SlotGeometry

/// The format of `geometry.json`, described once. The build writes `geometry.schema.json` from it
/// (``GeometryFormat/schema``); the browser core checks the file against it before reading
/// (``GeometryCatalog``); the tests check what `backdrop build` and `backdrop slots --json` write
/// against it. Its enumerations are the Swift enums' cases.
public enum GeometryFormat {
    /// The version of the document's shape, written as its `schemaVersion`.
    public static let version = 1
    /// The schema's file name, written as the document's `$schema`.
    public static let schemaFile = "geometry.schema.json"

    /// The whole document.
    public static var document: JSONShape {
        .object([
            JSONMember("$schema", .string(.any), required: false),
            JSONMember("schemaVersion", .oneOfNumbers([version])),
            JSONMember("generator", .string(.any)),
            JSONMember(
                "dataVersion", .string(.dataVersion), required: false,
                "the version of the geometry data, YEAR.MONTH.N: the first release of dataChangelog"),
            JSONMember("dataChangelog", .array(release), "what changed in each data version, newest first"),
            JSONMember("devices", .array(device)),
        ])
    }

    /// The geometry of one layout of one device: an item of a device's `layouts`, and of
    /// `backdrop slots --json`.
    public static var layout: JSONShape {
        .named(
            "layout",
            .object([
                JSONMember("device", .string(.any)),
                JSONMember("layout", .oneOf(LayoutKind.allCases.map { $0.rawValue })),
                JSONMember("title", .string(.any)),
                JSONMember("ios", .string(.any), required: false),
                JSONMember("note", .string(.any), required: false),
                JSONMember("scale", .oneOfNumbers([2, 3])),
                JSONMember("screen", pointSize),
                JSONMember("screenshot", pixelSize),
                JSONMember("coverage", .string(.any)),
                JSONMember(
                    "positions", sourceKind, required: false,
                    "how the known slots' positions are known: the least trustworthy source of their x and y"),
                JSONMember("error", .integer(minimum: 0), required: false, "the largest error among the layout's slots, in pixels"),
                JSONMember("errorPhones", .integer(minimum: 1), required: false, phonesDescription),
                JSONMember("references", .dictionary(.string(.any))),
                JSONMember("slots", .array(slot)),
                JSONMember("unknown", .array(unknownSlot)),
                JSONMember("unavailable", .array(slotID)),
            ]))
    }

    /// The JSON Schema of the document.
    public static var schema: JSONValue { document.schema(title: "Backdrop widget slot geometry", id: schemaFile) }

    private static var release: JSONShape {
        .object([
            JSONMember("version", .string(.dataVersion)),
            JSONMember("date", .string(.date)),
            JSONMember(
                "changes",
                .array(
                    .object([
                        JSONMember("layout", .string(.any), "DEVICE/LAYOUT, all/LAYOUT or all"),
                        JSONMember("numbers", .string(.any)),
                        JSONMember("source", .string(.any)),
                    ]), minimum: 1)),
        ])
    }

    private static var device: JSONShape {
        .named(
            "device",
            .object([
                JSONMember("id", .string(.slug)),
                JSONMember("name", .string(.any)),
                JSONMember("models", .array(.string(.any), minimum: 1)),
                JSONMember("scale", .oneOfNumbers([2, 3])),
                JSONMember("screen", pointSize),
                JSONMember("screenshot", pixelSize),
                JSONMember("layouts", .array(layout)),
            ]))
    }

    private static var slot: JSONShape {
        .named(
            "slot",
            .object([
                JSONMember("id", slotID),
                JSONMember("family", family),
                JSONMember("pixels", pixelRect),
                JSONMember("points", .named("pointRect", .object(["x", "y", "width", "height"].map { JSONMember($0, .number) }))),
                JSONMember("source", sourceKind),
                JSONMember("error", .integer(minimum: 0), required: false, "the largest error among the slot's four numbers, in pixels"),
                JSONMember("errorPhones", .integer(minimum: 1), required: false, phonesDescription),
                JSONMember("sources", .object(["x", "y", "width", "height"].map { JSONMember($0, source) })),
            ]))
    }

    private static var unknownSlot: JSONShape {
        .object([
            JSONMember("id", slotID),
            JSONMember("family", family),
            JSONMember("size", pixelSize, required: false),
            JSONMember("missing", .array(.oneOf(GridField.allCases.map { $0.rawValue }))),
        ])
    }

    private static var source: JSONShape {
        .named(
            "source",
            .object([
                JSONMember("kind", sourceKind),
                JSONMember("reference", .string(.any), required: false),
                JSONMember("note", .string(.any), required: false),
                JSONMember(
                    "error", .integer(minimum: 0), required: false,
                    "how far off the number may be, in pixels: a model-derived number's leave-one-out error"),
                JSONMember("errorPhones", .integer(minimum: 1), required: false, phonesDescription),
            ]))
    }

    /// What `errorPhones` says, wherever an `error` may stand.
    private static let phonesDescription =
        "how many phones the error was estimated from: the measured screens the model was fitted on, so how many points the error rests on"

    private static var pointSize: JSONShape {
        .named("pointSize", .object([JSONMember("width", .positiveNumber), JSONMember("height", .positiveNumber)]))
    }

    private static var pixelSize: JSONShape {
        .named("pixelSize", .object([JSONMember("width", .integer(minimum: 1)), JSONMember("height", .integer(minimum: 1))]))
    }

    private static var pixelRect: JSONShape {
        .named(
            "pixelRect",
            .object([
                JSONMember("x", .integer(minimum: 0)), JSONMember("y", .integer(minimum: 0)),
                JSONMember("width", .integer(minimum: 1)), JSONMember("height", .integer(minimum: 1)),
            ]))
    }

    private static var slotID: JSONShape { .named("slotID", .oneOf(SlotID.allCases.map { $0.rawValue })) }
    private static var family: JSONShape { .named("family", .oneOf(WidgetFamily.allCases.map { $0.rawValue })) }
    private static var sourceKind: JSONShape { .named("sourceKind", .oneOf(SourceKind.allCases.map { $0.rawValue })) }
}
