import Catalog
import TestSupport
import Testing

/// The mistakes found in the articles and tables this project started from, written as profiles:
/// each must be caught, with the code that names it.
@Suite struct SeedMistakesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var screen: String
        var scale: Int
        var layout: String
        var expected: Set<String>

        var testDescription: String { name }

        var profile: String {
            """
            ---
            name: \(name)
            models: [Seed]
            screen: \(screen)
            scale: \(scale)
            references:
              seed: "the seed table"
            layouts:
              ios14:
            \(layout.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            ---
            """
        }
    }

    static let cases: [Case] = [
        Case(
            name: "A size key written with a multiplication sign (430×932)", screen: "430×932", scale: 3,
            layout: "unit: pt\nsource: measured seed\nsmall: 170\nmedium: 364x170\nlarge: 364x382", expected: ["F005"]),
        Case(
            name: "A stray parenthesis after a number ((x:206,y:273)))", screen: "390x844", scale: 3,
            layout: """
                unit: pt
                source: measured seed
                small: 158
                medium: 338x158
                large: 338x354
                left: 26
                right: 206
                top: 77
                middle: 273
                bottom: 469
                slots:
                  small-middle-right: {x: 206, y: 273), source: measured seed}
                """, expected: ["F005"]),
        Case(
            name: "Small columns at 31 and 229 pt under a 364 pt medium widget at 33 pt (430x932)", screen: "430x932", scale: 3,
            layout: """
                unit: pt
                source: measured seed
                small: 170
                medium: 364x170
                large: 364x382
                left: 31
                right: 229
                top: 94
                middle: 306
                bottom: 518
                slots:
                  medium-top: {x: 33, source: measured seed}
                """, expected: ["G005", "G011"]),
        Case(
            name: "Columns at 27 and 208 pt under a 338 pt medium widget (393x852)", screen: "393x852", scale: 3,
            layout:
                "unit: pt\nsource: measured seed\nsmall: 158\nmedium: 338x158\nlarge: 338x354\nleft: 27\nright: 208\ntop: 90\nmiddle: 286\nbottom: 482",
            expected: ["G005"]),
        Case(
            name: "Small 159 pt but medium 348x157 pt (414x736, Apple's table)", screen: "414x736", scale: 3,
            layout: "unit: pt\nsource: published seed\nsmall: 159\nmedium: 348x157\nlarge: 348x357", expected: ["G003"]),
        Case(
            name: "Zero placeholders for the missing bottom row (320x568)", screen: "320x568", scale: 2,
            layout: """
                unit: pt
                source: measured seed
                small: 141
                medium: 292x141
                large: 292x311
                left: 14
                right: 165
                top: 30
                middle: 200
                bottom: 0
                """, expected: ["G012", "G002", "G007"]),
        Case(
            name: "Zero placeholders as slot origins (360x780)", screen: "360x780", scale: 3,
            layout: """
                unit: pt
                source: measured seed
                small: 155
                medium: 329x155
                large: 329x345
                slots:
                  small-top-left: {x: 0, y: 0, source: measured seed}
                """, expected: ["G012"]),
        Case(
            name: "Large 376 pt where two rows make 379 pt (414x896 @3x)", screen: "414x896", scale: 3,
            layout:
                "unit: pt\nsource: measured seed\nsmall: 169\nmedium: 360x169\nlarge: 360x376\nleft: 27\nright: 218\ntop: 76\nmiddle: 286\nbottom: 496",
            expected: ["G010"]),
        Case(
            name: "A 25 pt margin and a 38.2 pt row gap (390x844)", screen: "390x844", scale: 3,
            layout:
                "unit: pt\nsource: measured seed\nsmall: 158\nmedium: 338x158\nlarge: 338x354\nleft: 25\nright: 206\ntop: 77\nmiddle: 273.2\nbottom: 469.4",
            expected: ["G005", "G006", "G009", "G010"]),
        Case(
            name: "Bottom row at 495.33 pt (414x896 @3x points table)", screen: "414x896", scale: 3,
            layout:
                "unit: pt\nsource: measured seed\nsmall: 169\nmedium: 360x169\nlarge: 360x379\nleft: 27\nright: 218\ntop: 76\nmiddle: 286\nbottom: 495.3333",
            expected: ["G007"]),
        Case(
            name: "Small widget written 141x144 pt (320x568 points table)", screen: "320x568", scale: 2,
            layout: "unit: pt\nsource: measured seed\nsmall: 141x144\nmedium: 291x144\nlarge: 292x311",
            expected: ["G013", "G004"]),
        Case(
            name: "Left 98 under a 1092 px medium widget (Widget-Blur 2796 text)", screen: "430x932", scale: 3,
            layout:
                "unit: px\nsource: measured seed\nsmall: 510\nmedium: 1092x510\nlarge: 1092x1146\nleft: 98\nright: 681\ntop: 252\nmiddle: 888\nbottom: 1524",
            expected: ["G005"]),
        Case(
            name: "Middle row at 872 (Widget-Blur 2622 text)", screen: "402x874", scale: 3,
            layout:
                "unit: px\nsource: measured seed\nsmall: 486\nmedium: 1032x486\nlarge: 1032x1098\nleft: 87\nright: 633\ntop: 261\nmiddle: 872\nbottom: 1485",
            expected: ["G007", "G010"]),
        Case(
            name: "Large 357 pt where two rows make 351 pt (Widget-Blur 2208)", screen: "414x736", scale: 3,
            layout:
                "unit: px\nsource: measured seed\nsmall: 471\nmedium: 1044x471\nlarge: 1044x1071\nleft: 99\nright: 672\ntop: 114\nmiddle: 696\nbottom: 1278",
            expected: ["G010"]),
        Case(
            name: "Columns 4 px off centre (Widget-Blur 1136)", screen: "320x568", scale: 2,
            layout:
                "unit: px\nsource: measured seed\nrows: 2\nsmall: 282\nmedium: 584x282\nlarge: 584x622\nleft: 30\nright: 332\ntop: 59\nmiddle: 399",
            expected: ["G006"]),
        Case(
            name: "A large-icon row copied from another screen (ExperiBass 2532 large)", screen: "390x844", scale: 3,
            layout:
                "unit: px\nsource: measured seed\nsmall: 495\nmedium: 1047x495\nlarge: 1047x1047\nleft: 58\nright: 616\ntop: 202\nmiddle: 757\nbottom: 1315",
            expected: ["G005", "G007", "G010"]),
    ]

    @Test(arguments: cases)
    func isCaught(_ seed: Case) {
        let diagnostics = parse(seed.profile).diagnostics
        let errors = Set(diagnostics.filter { $0.severity == .error }.map(\.code))
        #expect(errors == seed.expected, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(diagnostics.allSatisfy { $0.line != nil && $0.device == "test-phone" })
    }
}
