import CheckCodes
import Checks
import Foundation
import SlotGeometry
import Testing

@Suite struct CheckReferenceTests {
    @Test func everyCodeIsUniqueAndExplained() {
        let codes = AllChecks.infos.map(\.code)
        #expect(Set(codes).count == codes.count, "a code is used twice: \(codes)")
        for check in AllChecks.infos {
            #expect(check.code.wholeMatch(of: /[FGSCTB]\d{3}/) != nil, "\(check.code)")
            #expect(!check.title.isEmpty && !check.explanation.isEmpty, "\(check.code)")
            #expect(check.explanation.hasSuffix("."), "\(check.code): the explanation is a sentence")
        }
    }

    @Test func eachFamilyKeepsItsLetter() {
        let letters = Dictionary(grouping: AllChecks.infos, by: \.family).mapValues { Set($0.map { $0.code.prefix(1) }) }
        for (family, prefixes) in letters where family != "Crops" && family != "Calibration" {
            #expect(prefixes.count == 1, "\(family) mixes \(prefixes)")
        }
    }

    // That docs/checks.md is current is tested in GalleryTests (BuildExamplesTests), where every
    // family's examples are.

    @Test func aTableCellCannotBreakTheTable() {
        let check = CheckInfo(family: "X", code: "X001", severity: .error, title: "a | b", explanation: "c.")
        #expect(CheckReference.markdown([check], examples: [:]).contains("| a \\| b |"))
    }
}
