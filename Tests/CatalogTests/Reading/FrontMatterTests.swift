import Catalog
import SlotGeometry
import TestSupport
import Testing

@Suite struct FrontMatterTests {
    @Test func aValidProfileDecodes() throws {
        let (document, diagnostics) = parse(validProfile)
        #expect(diagnostics.isEmpty)
        let profile = try #require(document?.profile)
        #expect(profile.id == "test-phone")
        #expect(profile.screen == Screen(width: 402, height: 874, scale: 3))
        #expect(profile.layouts.map(\.kind) == [.ios18])
        #expect(profile.layouts[0].values[.middle]?.length == .pixels(873))
        #expect(profile.layouts[0].values[.middle]?.provenance.citation == "a test table")
        #expect(document?.body == "Notes on the test phone.")
        #expect(document?.locations.layouts[.ios18]?.fields[.middle] == 18)
    }

    @Test func missingFrontMatter() {
        let (document, diagnostics) = parse("# Just Markdown\n")
        #expect(document == nil)
        #expect(
            diagnostics.map(\.description) == [
                "content/devices/test-phone.md:1: error[F001] test-phone: a profile must start with a `---` line, then YAML front matter, then a closing `---` line"
            ])
    }

    @Test func unclosedFrontMatter() {
        #expect(parse("---\nname: x\n").diagnostics.map(\.code) == ["F001"])
    }

    @Test func yamlSyntaxErrorPointsAtTheFileLine() throws {
        let text = validProfile.replacingOccurrences(of: "models: [Test phone]", with: "models: [Test phone")
        let diagnostic = try #require(parse(text).diagnostics.first)
        #expect(diagnostic.code == "F002")
        #expect(diagnostic.line == 4 || diagnostic.line == 5)
        #expect(diagnostic.message.hasPrefix("YAML syntax error"))
    }

    @Test func unknownKeysSuggestTheClosestKnownKey() throws {
        let text = validProfile.replacingOccurrences(of: "    middle: 873", with: "    midle: 873")
        let diagnostics = parse(text).diagnostics
        let unknown = try #require(diagnostics.first { $0.code == "F003" })
        #expect(
            unknown.description
                == "content/devices/test-phone.md:18: error[F003] test-phone ios18: unknown key `midle` in layout `ios18`; did you mean `middle`?")
    }

    @Test func unknownTopLevelKeyAndUnknownLayout() {
        let text =
            validProfile
            .replacingOccurrences(of: "scale: 3", with: "scale: 3\nscreenshot: 1206x2622")
            .replacingOccurrences(of: "  ios18:", with: "  ios-18:")
        let messages = parse(text).diagnostics.map(\.message)
        #expect(messages.contains("unknown key `screenshot` in the front matter; did you mean `screen`?"))
        #expect(messages.contains("unknown layout `ios-18`; did you mean `ios18`?"))
    }

    @Test func missingRequiredKeys() {
        let text = validProfile.replacingOccurrences(of: "scale: 3\n", with: "")
        let diagnostics = parse(text).diagnostics
        #expect(diagnostics.map(\.code) == ["F004"])
        #expect(diagnostics[0].message == "the front matter lacks the required key `scale`")
    }

    @Test func numbersNeedAUnitAndASource() {
        let noUnit = validProfile.replacingOccurrences(of: "    unit: px\n", with: "")
        #expect(parse(noUnit).diagnostics.map(\.message) == ["layout `ios18` gives numbers but no `unit` (px or pt)"])
        let noSource = validProfile.replacingOccurrences(of: "    source: measured table\n", with: "")
        #expect(parse(noSource).diagnostics.contains { $0.code == "F004" && $0.message.hasPrefix("`small` has no source") })
    }

    @Test func badValuesNameTheTypo() {
        let cases: [(String, String, String)] = [
            ("screen: 402x874", "screen: 402×874", "`screen`: `402×874` uses the multiplication sign × between width and height; write `402x874`"),
            ("right: 633", "right: 633)", "`right`: `633)` has a stray parenthesis; write `633`"),
            ("top: 261", "top: 261,5", "`top`: `261,5` uses a decimal comma; write `261.5`"),
            ("scale: 3", "scale: 4", "`scale` must be 2 or 3, got `4`"),
            ("medium: 1032x486", "medium: 1032", "`medium`: `1032` is not a size; write width x height, e.g. `1032x486`"),
            ("    unit: px", "    unit: mm", "`unit` must be `px` or `pt`, got `mm`"),
            ("left: 87", "left: eighty", "`left`: `eighty` is not a number"),
        ]
        for (original, broken, message) in cases {
            let diagnostics = parse(validProfile.replacingOccurrences(of: original, with: broken)).diagnostics
            #expect(diagnostics.map(\.message).contains(message), "\(broken): \(diagnostics.map(\.message))")
            #expect(diagnostics.allSatisfy { $0.line != nil })
        }
    }

    @Test func sourcesMustNameListedReferences() throws {
        let text = validProfile.replacingOccurrences(of: "source: measured table", with: "source: measured tabel")
        let diagnostic = try #require(parse(text).diagnostics.first { $0.code == "F006" })
        #expect(diagnostic.message == "the layout's `source` names reference `tabel`, which `references` does not list; did you mean `table`?")
        let unknownKind = validProfile.replacingOccurrences(of: "source: measured table", with: "source: mesured table")
        #expect(parse(unknownKind).diagnostics.contains { $0.message.hasSuffix("did you mean `measured`?") })
        let noReference = validProfile.replacingOccurrences(of: "source: measured table", with: "source: measured")
        #expect(parse(noReference).diagnostics.contains { $0.message.contains("must name its reference") })
    }

    @Test func estimatedNumbersNeedTheirReasoning() {
        let text = validProfile.replacingOccurrences(of: "    left: 87", with: "    left: {value: 87, source: estimated}")
        #expect(parse(text).diagnostics.map(\.message) == ["`left`'s source: an estimated number needs its reasoning in its `note`"])
        let reasoned = validProfile.replacingOccurrences(
            of: "    left: 87", with: "    left: {value: 87, source: estimated, note: symmetric with the right margin}")
        let (document, diagnostics) = parse(reasoned)
        #expect(diagnostics.isEmpty)
        #expect(document?.profile.layouts[0].values[.left]?.provenance.kind == .estimated)
    }

    @Test func derivedNumbersMayLeaveTheValueOut() throws {
        let text = validProfile.replacingOccurrences(of: "    large: 1032x1098", with: "    large: {source: derived, note: two rows}")
        let (document, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty)
        let layout = try #require(document?.profile.resolvedLayouts.first)
        #expect(layout[.largeHeight] == 1098)
        let missingValue = validProfile.replacingOccurrences(of: "    large: 1032x1098", with: "    large: {source: measured table}")
        #expect(parse(missingValue).diagnostics.map(\.code) == ["F004"])
    }

    @Test func duplicateKeysAreReported() {
        let text = validProfile.replacingOccurrences(of: "    bottom: 1485", with: "    bottom: 1485\n    bottom: 1486")
        #expect(
            parse(text).diagnostics.map(\.description) == [
                "content/devices/test-phone.md:19: error[F007] test-phone: `bottom` appears twice in one mapping"
            ])
    }

    @Test func unusedReferencesWarn() {
        let text = validProfile.replacingOccurrences(of: "  table: \"a test table\"", with: "  table: \"a test table\"\n  other: \"never used\"")
        let diagnostics = parse(text).diagnostics
        #expect(diagnostics.map(\.code) == ["F009"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(parse(text).document != nil, "a warning does not reject the profile")
    }

    @Test func displayZoomLayoutsNeedTheirScreen() {
        let zoom = validProfile.replacingOccurrences(of: "  ios18:", with: "  ios18-zoom:")
        #expect(parse(zoom).diagnostics.map(\.message).contains("a Display Zoom layout needs its zoomed `screen` in points, e.g. 320x693"))
        let stray = validProfile.replacingOccurrences(of: "    unit: px", with: "    unit: px\n    screen: 320x693")
        #expect(parse(stray).diagnostics.map(\.code) == ["F003"])
    }

    @Test func fileNamesMustBeIDs() {
        #expect(parse(validProfile, id: "iPhone 16").diagnostics.map(\.code) == ["F008"])
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        let text =
            validProfile
            .replacingOccurrences(of: "scale: 3", with: "scale: 5")
            .replacingOccurrences(of: "    middle: 873", with: "    midle: 873")
            .replacingOccurrences(of: "right: 633", with: "right: 633)")
        let codes = parse(text).diagnostics.map(\.code)
        #expect(codes.count >= 3, "\(codes)")
        #expect(Set(codes) == ["F003", "F005"])
    }

    @Test func geometryFindingsPointAtTheLineOfTheNumber() throws {
        let text = validProfile.replacingOccurrences(of: "medium: 1032x486", with: "medium: 1014x486")
        let diagnostics = parse(text).diagnostics
        let g005 = try #require(diagnostics.first { $0.code == "G005" })
        #expect(
            g005.description
                == "content/devices/test-phone.md:13: error[G005] test-phone ios18: small columns span 1032 px (87 to 633 + 486) but medium width is 1014 px"
        )
    }
}
