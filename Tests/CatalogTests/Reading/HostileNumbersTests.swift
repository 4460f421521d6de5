import Catalog
import TestSupport
import Testing

/// Every number a profile states is range-checked where it is read: no value, however large or
/// odd, reaches arithmetic that could trap.
@Suite struct HostileNumbersTests {
    static let hostile = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "4611686018427387904", "9000000000000000000",
        "1" + String(repeating: "0", count: 400), "-1", "-0.5", "1e5", "0x1A", "nan", "inf", ".inf", "4097",
    ]
    static let lines = ["small: 486", "medium: 1032x486", "large: 1032x1098", "left: 87", "right: 633", "top: 261", "middle: 873", "bottom: 1485"]

    @Test(arguments: lines) func everyNumberOfALayout(_ line: String) {
        let key = String(line.prefix { $0 != ":" })
        for value in Self.hostile {
            let stated = key == "medium" || key == "large" ? "\(value)x486" : value
            for form in ["\(key): \(stated)", "\(key): {value: \(stated), source: measured table}"] {
                let (document, diagnostics) = parse(validProfile.replacingOccurrences(of: "    \(line)\n", with: "    \(form)\n"))
                #expect(document == nil, "\(form)")
                #expect(diagnostics.contains { $0.code == "F005" && $0.line != nil }, "\(form): \(diagnostics.map(\.description))")
            }
        }
    }

    @Test func screensScalesAndSlotOrigins() {
        let cases = [
            ("screen: 402x874", "screen: 99999999999x199999999999"), ("screen: 402x874", "screen: 4097x5000"),
            ("screen: 402x874", "screen: 0x874"), ("scale: 3", "scale: 9223372036854775808"), ("scale: 3", "scale: -3"),
            ("    bottom: 1485\n", "    bottom: 1485\n    slots:\n      small-top-left: {x: 9223372036854775807, source: measured table}\n"),
            ("    bottom: 1485\n", "    bottom: 1485\n    slots:\n      small-top-left: {y: -4, source: measured table}\n"),
        ]
        for (old, new) in cases {
            let (document, diagnostics) = parse(validProfile.replacingOccurrences(of: old, with: new))
            #expect(document == nil, "\(new)")
            #expect(diagnostics.contains { $0.code == "F005" }, "\(new): \(diagnostics.map(\.description))")
        }
    }

    @Test func aDisplayZoomScreenIsSmallerThanTheDevices() {
        let zoom = validProfile.replacingOccurrences(of: "    bottom: 1485\n", with: "    bottom: 1485\n  ios18-zoom:\n    screen: 500x1000\n")
        let diagnostics = parse(zoom).diagnostics
        #expect(diagnostics.contains { $0.code == "F005" && $0.message.contains("must be smaller than the device's (402x874)") }, "\(diagnostics)")
    }

    @Test func numbersUpToTheScreenAreAccepted() {
        let edge = validProfile.replacingOccurrences(of: "    left: 87\n", with: "    left: {value: 0, source: estimated, note: at the edge}\n")
        #expect(!parse(edge).diagnostics.contains { $0.code == "F005" })
    }

    @Test func windowsLineEndingsReadAsUnixOnes() throws {
        let (crlf, diagnostics) = parse(validProfile.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(crlf?.profile == parse(validProfile).document?.profile)
        #expect(crlf?.body == "Notes on the test phone.")
    }
}
