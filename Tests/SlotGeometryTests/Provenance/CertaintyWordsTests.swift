import SlotGeometry
import Testing

/// How sure a layout's positions are, in what the person will see: a seam, never "±"; measured
/// positions say why they can be trusted.
@Suite struct CertaintyWordsTests {
    @Test func everyKindSaysWhatThePersonWillSeeWithoutPlusMinus() {
        let kinds: [SourceKind] = [.measured, .published, .derived, .estimated]
        for kind in kinds {
            for error in [nil, 8] as [Int?] {
                let sentence = kind.whatYouSee(errorPixels: error, errorPhones: error.map { _ in 4 })
                let few = kind.inAFewWords(errorPixels: error)
                #expect(!sentence.contains("±") && !few.contains("±"), "\(kind): \(sentence) / \(few)")
                #expect(few.hasPrefix("positions "), "\(kind): \(few)")
                if kind == .measured {
                    #expect(sentence.contains("Measured on real screenshots") && !sentence.contains("seam"))
                } else {
                    #expect(sentence.contains("a thin seam would show"), "\(kind): \(sentence)")
                }
            }
        }
    }

    @Test func aDerivedLayoutSaysHowFarOffAndOnHowManyPhones() {
        #expect(
            SourceKind.derived.whatYouSee(errorPixels: 8, errorPhones: 4)
                == "Estimated by a model of the grid fitted on 4 measured phones, not measured on a phone like yours: "
                + "your widget may sit up to 8 px off, and a thin seam would show at its edge.")
        #expect(SourceKind.derived.inAFewWords(errorPixels: 8) == "positions estimated: may be up to 8 px off")
        #expect(SourceKind.published.inAFewWords(errorPixels: nil) == "positions from published tables: may be a few px off")
    }
}
