import Catalog

/// Parses a profile text as if it were `content/devices/<id>.md`.
public func parse(_ text: String, id: String = "test-phone") -> (document: DeviceDocument?, diagnostics: [Diagnostic]) {
    Catalog.parse(text: text, file: "content/devices/\(id).md", id: id, content: "content")
}

/// A valid profile of the iPhone 16 Pro's iOS 18 layout, to be broken by tests.
public let validProfile = """
    ---
    name: Test phone
    models: [Test phone]
    screen: 402x874
    scale: 3
    references:
      table: "a test table"
    layouts:
      ios18:
        unit: px
        source: measured table
        small: 486
        medium: 1032x486
        large: 1032x1098
        left: 87
        right: 633
        top: 261
        middle: 873
        bottom: 1485
    ---
    Notes on the test phone.
    """
