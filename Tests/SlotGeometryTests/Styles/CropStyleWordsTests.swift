import SlotGeometry
import Testing

/// The styles' words for people: names that say what the picture looks like, never a phone's
/// appearance, and one plain line each; the numbers stay in the specification (the Styles page).
@Suite struct CropStyleWordsTests {
    @Test func namesSayWhatThePictureLooksLikeNotAnAppearance() {
        #expect(CropStyle.allCases.map(\.title) == ["Exact wallpaper", "Blurred", "Blurred, lighter", "Blurred, darker", "Frosted glass"])
        // "Light", "Dark" and "None" read as the phone's appearance (or as no background at all).
        let appearanceWords: Set<String> = ["none", "light", "dark", "default", "clear", "tinted"]
        for style in CropStyle.allCases {
            #expect(!appearanceWords.contains(style.title.lowercased()), "\(style)")
        }
        #expect(Set(CropStyle.allCases.map(\.title)).count == CropStyle.allCases.count)
        // The command line's names stay as they are.
        #expect(CropStyle.allCases.map(\.rawValue) == ["none", "blur", "light", "dark", "glass"])
    }

    @Test func eachSummaryIsOnePlainLineWithoutNumbers() {
        for style in CropStyle.allCases {
            let words = style.summary.split(separator: " ").filter { $0 != "26" }.joined(separator: " ")
            #expect(!words.contains { $0.isNumber } && !words.contains("%"), "\(style): \(style.summary)")
            #expect(!style.summary.contains("\n"))
        }
        #expect(CropStyle.glass.summary.contains("on top of the glass edge iOS 26 draws"), "the glass style says its rim adds to iOS 26's edge")
    }

    @Test func theNumbersStayInTheSpecification() {
        #expect(CropStyle.blur.specification == "blurred (10 pt)")
        #expect(CropStyle.light.specification == "blurred (10 pt) under white at 30 %")
        #expect(CropStyle.glass.specification.contains("1 pt rim of white at 40 %"))
    }
}
