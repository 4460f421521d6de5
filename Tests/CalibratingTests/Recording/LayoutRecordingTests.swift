import Calibrating
import Catalog
import Foundation
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// `calibrate --into`'s editor: numbers written at the exact spots of a profile's text, every other
/// byte kept.
@Suite struct LayoutRecordingTests {
    /// The grid of the iPhone 16 Pro's iOS 18 layout, as six small widgets measure it.
    let sixSmall: [GridField: Int] = [
        .smallWidth: 486, .smallHeight: 486, .left: 87, .right: 633, .top: 261, .middle: 873, .bottom: 1485,
    ]
    let size = PixelSize(width: 1206, height: 2622)

    func measurement(_ grid: [GridField: Int]) -> LayoutMeasurement {
        LayoutMeasurement(grid: grid, slots: [.smallTopLeft], screenshot: size)
    }

    /// Plans and applies an edit; the new text must read back as intended.
    func record(
        _ grid: [GridField: Int], into layout: LayoutKind, of text: String, reference: ReferenceChoice = .existing("table"),
        replace: Bool = false, calibration: String? = "calibration/test-phone-widgets-1.png"
    ) throws -> (edit: ProfileEdit, text: String) {
        let document = try #require(parse(text).document, "\(parse(text).diagnostics)")
        let edit = try LayoutRecording.plan(
            measurement(grid), layout: layout, of: document, text: text, reference: reference, replace: replace, calibration: calibration)
        let edited = try ProfileTextEditor.apply(edit, to: text)
        let after = try #require(parse(edited).document, "\(parse(edited).diagnostics)\n\(edited)")
        #expect(LayoutRecording.verify(edit, before: document, after: after) == [])
        return (edit, edited)
    }

    @Test func numbersAreWrittenWhereTheyStandWhateverTheirForm() throws {
        let text = """
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
                small: {value: 480, source: estimated, note: a guess}   # from a forum
                medium: 1032x486
                large:
                  source: derived
                  note: from the rule
                left: 87  # left column
                right: 633
                top:
                  value: 258
                  source: estimated
                  note: guessed
                middle: 873
                bottom: 1485
            ---
            Notes.
            """
        var grid = sixSmall
        grid[.largeWidth] = 1032
        grid[.largeHeight] = 1098
        let (edit, edited) = try record(grid, into: .ios18, of: text)
        #expect(edit.numbers.map(\.action) == [.fill, .fill, .keep, .keep, .fill, .keep, .keep])
        #expect(
            edited == """
                ---
                name: Test phone
                models: [Test phone]
                screen: 402x874
                scale: 3
                references:
                  table: "a test table"
                layouts:
                  ios18:
                    calibration:
                      - calibration/test-phone-widgets-1.png
                    unit: px
                    source: measured table
                    small: 486   # from a forum
                    medium: 1032x486
                    large: 1032x1098
                    left: 87  # left column
                    right: 633
                    top: 261
                    middle: 873
                    bottom: 1485
                ---
                Notes.
                """)
    }

    @Test func commentsAndBlankLinesStayWhereTheyAre() throws {
        let text = """
            ---
            name: Test phone
            models: [Test phone]
            screen: 402x874
            scale: 3
            references:
              table: "a test table"
            layouts:
              # the iOS 18 grid
              ios18:   # measured on a phone
                # sizes
                unit: px
                source: "measured table"
                small: 486 # small
                # rows
                top: '258'  # to check

              # iOS 26
              ios26:
                unit: px
                source: measured table
                small: 493
            ---
            """
        let (_, edited) = try record(sixSmall, into: .ios18, of: text, replace: true)
        #expect(
            edited == """
                ---
                name: Test phone
                models: [Test phone]
                screen: 402x874
                scale: 3
                references:
                  table: "a test table"
                layouts:
                  # the iOS 18 grid
                  ios18:   # measured on a phone
                    calibration:
                      - calibration/test-phone-widgets-1.png
                    # sizes
                    unit: px
                    source: "measured table"
                    small: 486 # small
                    left: 87
                    right: 633
                    # rows
                    top: 261  # to check
                    middle: 873
                    bottom: 1485

                  # iOS 26
                  ios26:
                    unit: px
                    source: measured table
                    small: 493
                ---
                """)
    }

    @Test func anEmptyFlowLayoutBecomesABlockAndKeepsItsComment() throws {
        let text = """
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
              ios26: {}  # to measure
            ---
            """
        let (edit, edited) = try record([.smallWidth: 493, .smallHeight: 493, .left: 79], into: .ios26, of: text)
        #expect(!edit.createsLayout && edit.addsUnit)
        #expect(
            edited == """
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
                  ios26:  # to measure
                    calibration:
                      - calibration/test-phone-widgets-1.png
                    unit: px
                    source: measured table
                    small: 493
                    left: 79
                ---
                """)
    }

    @Test func aFlowLayoutWithEntriesKeepsThemVerbatim() throws {
        let text = """
            ---
            name: Test phone
            models: [Test phone]
            screen: 402x874
            scale: 3
            references:
              table: "a test table"
            layouts:
              ios26: {unit: pt, small: {value: 164.33, source: measured table}}
            ---
            """
        let (_, edited) = try record([.left: 79, .mediumWidth: 1049, .mediumHeight: 493], into: .ios26, of: text)
        #expect(
            edited.hasSuffix(
                """
                  ios26:
                    calibration:
                      - calibration/test-phone-widgets-1.png
                    unit: pt
                    source: measured table
                    small: {value: 164.33, source: measured table}
                    medium: 349.67x164.33
                    left: 26.33
                ---
                """))
    }

    @Test func crlfStaysCRLF() throws {
        let text = validProfile.replacing("\n", with: "\r\n").replacing("    small: 486", with: "    small: 480")
        let (_, edited) = try record(sixSmall, into: .ios18, of: text, replace: true)
        #expect(edited.utf8.count > text.utf8.count)
        let bytes = Array(edited.utf8)
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            #expect(index > 0 && bytes[index - 1] == 0x0D, "a bare line feed at byte \(index)")
        }
        #expect(edited.contains("\r\n    small: 486\r\n"))
        #expect(edited.contains("    calibration:\r\n      - calibration/test-phone-widgets-1.png\r\n"))
    }

    @Test func missingReferencesAndCalibrationAreCreatedAtTheFilesIndent() throws {
        let text = """
            ---
            name: Test phone
            models: [Test phone]
            screen: 402x874
            scale: 3
            screenshots:
                light: screenshots/test-phone-light.png
            layouts:
                ios26:
                    unit: pt
                    source: estimated
                    note: a guess from the simulator
                    small: 164
            ---
            Body.
            """
        let grid: [GridField: Int] = [.smallWidth: 493, .smallHeight: 493, .mediumWidth: 1049, .mediumHeight: 493]
        let (edit, edited) = try record(grid, into: .ios26, of: text, reference: .new(key: "shot-2026", citation: "my \"phone\", iOS 26.1"))
        #expect(edit.reference?.key == "shot-2026" && edit.reference?.citation == "my \"phone\", iOS 26.1")
        #expect(
            edited == """
                ---
                name: Test phone
                models: [Test phone]
                screen: 402x874
                scale: 3
                references:
                    shot-2026: "my \\"phone\\", iOS 26.1"
                screenshots:
                    light: screenshots/test-phone-light.png
                layouts:
                    ios26:
                        calibration:
                            - calibration/test-phone-widgets-1.png
                        unit: pt
                        source: estimated
                        note: a guess from the simulator
                        small: {value: 164.33, source: measured shot-2026}
                        medium: {value: 349.67x164.33, source: measured shot-2026}
                ---
                Body.
                """)
    }

    @Test func aNewLayoutGoesInLayoutOrderAndAListGrows() throws {
        let text = """
            ---
            name: Test phone
            models: [Test phone]
            screen: 402x874
            scale: 3
            references: {table: "a test table"}
            layouts:
              ios14:
                calibration: [calibration/a.png]
                unit: px
                source: measured table
                small: 486
              ios26:
                calibration:
                - calibration/b.png
                unit: px
                source: measured table
                small: 493
            ---
            """
        let created = try record(sixSmall, into: .ios18, of: text, reference: .new(key: "mine", citation: "my screenshot"))
        #expect(created.edit.createsLayout)
        #expect(created.text.contains("references: {table: \"a test table\", mine: \"my screenshot\"}\n"))
        #expect(created.text.contains("    small: 486\n  ios18:\n    calibration:\n      - calibration/test-phone-widgets-1.png\n    unit: px\n"))
        #expect(created.text.contains("    bottom: 1485\n  ios26:\n"))
        let flow = try record([.left: 87], into: .ios14, of: text, calibration: "calibration/c.png")
        #expect(flow.text.contains("    calibration: [calibration/a.png, calibration/c.png]\n"))
        let sameIndent = try record([.left: 79], into: .ios26, of: text, calibration: "calibration/c.png")
        #expect(sameIndent.text.contains("    calibration:\n    - calibration/b.png\n    - calibration/c.png\n    unit: px\n"))
    }

    @Test func measuredNumbersAreKeptWithinOnePixelAndRefusedBeyond() throws {
        let document = try #require(parse(validProfile).document)
        var grid = sixSmall
        grid[.left] = 88
        let kept = try LayoutRecording.plan(
            measurement(grid), layout: .ios18, of: document, text: validProfile, reference: .none, replace: false, calibration: nil)
        #expect(kept.numbers.allSatisfy { $0.action == .keep })
        #expect(!kept.changesProfile)

        grid[.top] = 258
        grid[.middle] = 870
        #expect {
            try LayoutRecording.plan(
                measurement(grid), layout: .ios18, of: document, text: validProfile, reference: .existing("table"), replace: false,
                calibration: nil)
        } throws: { error in
            let text = "\(error)"
            return text.contains("top: the layout has 261 px (measured table), the screenshot measures 258 px (3 px apart)")
                && text.contains("middle:") && !text.contains("left:") && text.contains("--replace")
        }
        let replaced = try LayoutRecording.plan(
            measurement(grid), layout: .ios18, of: document, text: validProfile, reference: .existing("table"), replace: true,
            calibration: nil)
        #expect(replaced.written.map(\.key) == ["top", "middle"])
        #expect(replaced.written.map { $0.old?.written } == ["261 px", "873 px"])
    }

    @Test func aWrittenNumberNeedsAReferenceThatIsNeverGuessed() throws {
        let text = validProfile.replacing("    left: 87\n", with: "")
        let document = try #require(parse(text).document)
        func plan(_ reference: ReferenceChoice) throws -> ProfileEdit {
            try LayoutRecording.plan(
                measurement(sixSmall), layout: .ios18, of: document, text: text, reference: reference, replace: false, calibration: nil)
        }
        #expect { try plan(.none) } throws: { "\($0)".contains("writes left into layout ios18") && "\($0)".contains("--reference KEY=CITATION") }
        #expect { try plan(.existing("tabel")) } throws: { "\($0)".contains("did you mean `table`?") }
        #expect { try plan(.new(key: "table", citation: "another table")) } throws: { "\($0)".contains("already lists `table`") }
        #expect { try plan(.new(key: "two words", citation: "x")) } throws: { "\($0)".contains("not a reference key") }
        #expect(try plan(.new(key: "table", citation: "a test table")).reference == nil)
        #expect(try plan(.existing("table")).source == "measured table")
    }

    @Test func aTwoRowLayoutRefusesABottomRow() throws {
        let text = validProfile.replacing("    unit: px\n", with: "    rows: 2\n    unit: px\n").replacing("    bottom: 1485\n", with: "")
        let document = try #require(parse(text).document)
        #expect {
            try LayoutRecording.plan(
                measurement(sixSmall), layout: .ios18, of: document, text: text, reference: .existing("table"), replace: false,
                calibration: nil)
        } throws: { "\($0)".contains("two widget rows") }
    }

    @Test func aNewDisplayZoomLayoutTakesItsScreenFromTheScreenshot() throws {
        let text = validProfile
        let document = try #require(parse(text).document)
        let zoomed = LayoutMeasurement(
            grid: [.smallWidth: 423, .smallHeight: 423], slots: [.smallTopLeft], screenshot: PixelSize(width: 960, height: 2079))
        let edit = try LayoutRecording.plan(
            zoomed, layout: .ios18Zoom, of: document, text: text, reference: .existing("table"), replace: false, calibration: nil)
        #expect(edit.zoomedScreen == "320x693")
        let edited = try ProfileTextEditor.apply(edit, to: text)
        #expect(edited.contains("  ios18-zoom:\n    screen: 320x693\n    unit: px\n    source: measured table\n    small: 423\n---"))
        #expect(parse(edited).document?.layout(.ios18Zoom)?.screen.pixels == PixelSize(width: 960, height: 2079))
    }

    /// Every bundled profile, every layout: numbers 2 px off are written over whatever form the
    /// layout uses, and every byte outside the layout's block stays as it was.
    @Test func everyBundledLayoutIsEditedInsideItsBlockOnly() throws {
        let folder = packageRoot.appendingPathComponent("content").appendingPathComponent("devices")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".md") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let id = String(name.dropLast(3))
            let document = try #require(parse(text, id: id).document)
            for layout in document.layouts {
                let grid = layout.values.mapValues { $0.pixels + 2 }
                let measured = LayoutMeasurement(grid: grid, slots: [.smallTopLeft], screenshot: layout.screen.pixels)
                let edit = try LayoutRecording.plan(
                    measured, layout: layout.kind, of: document, text: text, reference: .new(key: "shot", citation: "a screenshot"),
                    replace: true, calibration: "calibration/\(id)-\(layout.kind.rawValue)-widgets-9.png")
                let edited = try ProfileTextEditor.apply(edit, to: text)
                let after = try #require(parse(edited, id: id).document, "\(id) \(layout.kind.rawValue)")
                #expect(LayoutRecording.verify(edit, before: document, after: after) == [], "\(id) \(layout.kind.rawValue)")
                // Outside the layout's block and the added reference line, the lines are the same bytes.
                let before = lines(text)
                var new = lines(edited)
                let referenceLine = try #require(new.firstIndex { $0.starts(with: Array("  shot: ".utf8)) })
                new.remove(at: referenceLine)
                let (start, end) = try #require(block(layout.kind, in: before))
                let (newStart, newEnd) = try #require(block(layout.kind, in: new))
                #expect(start == newStart && before[..<start] == new[..<start], "\(id) \(layout.kind.rawValue)")
                #expect(before[end...] == new[newEnd...], "\(id) \(layout.kind.rawValue)")
            }
        }
    }

    /// Mutated bundled profiles (stray brackets, quotes, colons, comments, CRLF, line separators,
    /// re-indented or repeated lines): whatever still reads as a profile is either refused with a
    /// reason or edited into a text that reads back exactly as intended. Never a crash, never a
    /// text that says something else.
    @Test func mutatedProfilesAreEditedCorrectlyOrRefused() throws {
        var random = SeededRandom(seed: 2026)
        let folder = packageRoot.appendingPathComponent("content").appendingPathComponent("devices")
        let texts = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".md") }.map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
        let pieces = [
            "{", "}", "[", "]", ":", ": ", "#", " # c", " ", "\"", "'", "-", "- ", "\r", "\t", "x", "\u{2028}", "\u{85}", "é", "{}", ",", "&a", "*a",
            "|",
        ]
        var edited = 0
        var refused = 0
        for round in 0..<1200 {
            var lines = texts[round % texts.count].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<(1 + random.next(3)) {
                let index = 1 + random.next(lines.count - 2)
                var line = Array(lines[index].unicodeScalars)
                switch random.next(6) {
                case 0, 1:
                    let at = random.next(line.count + 1)
                    line.insert(contentsOf: pieces[random.next(pieces.count)].unicodeScalars, at: at)
                    lines[index] = String(String.UnicodeScalarView(line))
                case 2: lines.insert(String(repeating: " ", count: random.next(7)) + "# a comment", at: index)
                case 3: lines.insert(lines[index], at: index)
                case 4: lines[index] = String(repeating: " ", count: random.next(3)) + lines[index]
                default: lines.remove(at: index)
                }
            }
            let text = lines.joined(separator: round.isMultiple(of: 3) ? "\r\n" : "\n")
            guard let document = parse(text).document, !document.layouts.isEmpty else { continue }
            // A new Display Zoom layout needs a zoomed screenshot; the others take the device's.
            let kinds = LayoutKind.allCases.filter { !$0.isDisplayZoom || document.layout($0) != nil }
            let kind = kinds[random.next(kinds.count)]
            let screen = document.layout(kind)?.screen.pixels ?? document.profile.screen.pixels
            let grid = (document.layout(kind) ?? document.layouts[0]).values.mapValues { $0.pixels + 2 }
            do {
                let edit = try LayoutRecording.plan(
                    LayoutMeasurement(grid: grid, slots: [.smallTopLeft], screenshot: screen), layout: kind, of: document, text: text,
                    reference: .new(key: "shot", citation: "a screenshot"), replace: true, calibration: "calibration/x-widgets-1.png")
                let result = try ProfileTextEditor.apply(edit, to: text)
                let after = try #require(parse(result).document, "round \(round):\n\(text)\n---- became ----\n\(result)")
                #expect(LayoutRecording.verify(edit, before: document, after: after) == [], "round \(round):\n\(text)\n---- became ----\n\(result)")
                edited += 1
            } catch is ProfileEditError {
                refused += 1
            }
        }
        #expect(edited > 250 && refused < edited / 10, "\(edited) edited, \(refused) refused")
    }

    /// A text's lines as bytes, line breaks included.
    private func lines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        for byte in text.utf8 {
            lines[lines.count - 1].append(byte)
            if byte == 0x0A { lines.append([]) }
        }
        return lines
    }

    /// A layout's block: from its key line at indent 2 to the next line indented as little.
    private func block(_ layout: LayoutKind, in lines: [[UInt8]]) -> (Int, Int)? {
        let key = Array("  \(layout.rawValue):".utf8)
        guard let start = lines.firstIndex(where: { $0.starts(with: key) }) else { return nil }
        var end = start + 1
        while end < lines.count {
            let line = lines[end]
            let indent = line.prefix { $0 == 0x20 }.count
            let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }
            if !blank, indent <= 2 { break }
            end += 1
        }
        return (start, end)
    }
}

/// A small deterministic generator (SplitMix64), so that a failing round can be replayed.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound > 0 ? Int(z % UInt64(bound)) : 0
    }
}
