import Catalog
import Foundation
import SlotGeometry
import Testing

/// The iOS 26 layouts: every device that runs iOS 26 has positions for every family, each number
/// measured or derived from the grid model with its error, and the derived numbers are the model's.
@Suite struct IOS26GridModelTests {
    static let catalog = Catalog.load(content: bundledContent)
    static let profiles = catalog.devices.map(\.profile)
    static let model = IOS26GridModel(profiles)

    /// The screen classes whose models run iOS 26 (iPhone 11 and SE 2nd generation on).
    static let runsIOS26 = [
        "iphone-11", "iphone-x", "iphone-11-pro-max", "iphone-se-2nd-gen", "iphone-12-mini", "iphone-12",
        "iphone-12-pro-max", "iphone-14-pro", "iphone-14-pro-max", "iphone-16-pro", "iphone-16-pro-max", "iphone-air",
    ]

    @Test func the402x874RowsAreWhatThreeIndependentSourcesAgreeOn() throws {
        let layout = try #require(Self.catalog.device("iphone-16-pro")?.layout(.ios26))
        #expect([layout[.top], layout[.middle], layout[.bottom]] == [270, 872, 1474])
        #expect([layout[.left], layout[.right]] == [79, 635])
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            #expect(layout.values[field]?.provenance.kind == .measured, "\(field)")
            #expect(layout.values[field]?.provenance.reference != "calibrated-17-pro")
        }
        // The extra-large portrait dispute keeps both numbers: FrameUp's in the value, the phone's in the note.
        let tall = try #require(layout.values[.extraLargePortraitHeight])
        #expect(tall.pixels == 1697)
        #expect(tall.provenance.note?.contains("1079x1645") == true)
    }

    @Test(arguments: runsIOS26) func everyIOS26LayoutHasPositionsForEveryFamily(device: String) throws {
        let layout = try #require(Self.catalog.device(device)?.layout(.ios26))
        #expect(layout.unknownSlots.isEmpty, "\(layout.unknownSlots.map(\.id))")
        #expect(Set(layout.slots.map(\.family)) == Set(WidgetFamily.allCases))
        for slot in layout.slots {
            let kinds = [slot.sources.x, slot.sources.y, slot.sources.width, slot.sources.height].map(\.kind)
            #expect(kinds.allSatisfy { $0 == .measured || $0 == .derived }, "\(slot.id): \(kinds)")
            // A derived position always says its model and its error.
            for edge in [slot.sources.x, slot.sources.y] where edge.kind == .derived {
                #expect(edge.reference == IOS26GridModel.referenceKey && edge.errorPixels != nil, "\(slot.id)")
            }
        }
    }

    @Test(arguments: runsIOS26.filter { $0 != "iphone-16-pro" })
    func theDerivedNumbersAreTheModels(device: String) throws {
        let layout = try #require(Self.catalog.device(device)?.layout(.ios26))
        let prediction = try #require(Self.model.prediction(for: device))
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            let stated = try #require(layout.values[field])
            let expected = try #require(prediction.value(field))
            #expect(
                stated.pixels == expected.pixels && stated.provenance.errorPixels == expected.error,
                "\(device) \(field.rawValue): the profile says \(stated.pixels) ±\(stated.provenance.errorPixels ?? -1), the model \(expected.pixels) ±\(expected.error); run `\(IOS26GridModel.regenerateCommand)` and copy its table"
            )
        }
    }

    @Test func theErrorsComeFromLeavingEachMeasuredScreenOut() throws {
        // The one measured iOS 26 screen's top row, predicted from its iOS 18 grid: 267.5 px against 270.
        let top = try #require(Self.model.residuals.first { $0.device == "iphone-16-pro" && $0.what == "top row" })
        #expect(top.pixels == -2.5)
        let iPhone12 = try #require(Self.model.prediction(for: "iphone-12"))
        #expect(iPhone12.rowError == 3 && iPhone12.columnError == 1)
        // Screens measured only before iOS 18 carry the error of the iOS 18 move as well.
        let iPhone11 = try #require(Self.model.prediction(for: "iphone-11"))
        #expect(iPhone11.rowError > iPhone12.rowError)
        #expect(Self.model.residuals.contains { $0.what == "grid move with iOS 18" })
    }

    @Test func withoutAMeasuredIOS26ScreenNothingIsDerived() {
        // The row rule is checked on the measured iOS 26 screens; without one its error is
        // unknown, and a number without an error is not stated.
        let without = IOS26GridModel(Self.profiles.filter { $0.id != "iphone-16-pro" })
        #expect(without.predictions.isEmpty)
        #expect(!Self.model.predictions.isEmpty)
    }

    @Test func theDocsPageIsWhatTheModelPrints() throws {
        let committed = try String(
            contentsOf: packageRoot.appendingPathComponent("content").appendingPathComponent(IOS26GridModel.docsPage), encoding: .utf8)
        #expect(committed == Self.model.report(Self.profiles), "regenerate with `\(IOS26GridModel.regenerateCommand)`")
    }

    @Test func aModelDerivedNumberMustStateItsError() {
        let text = validProfile.replacingOccurrences(
            of: "    top: 261\n",
            with: "    top: {value: 261, source: derived table}\n")
        let diagnostics = parse(text).diagnostics
        #expect(diagnostics.contains { $0.message.contains("states no `error`") }, "\(diagnostics)")
        let stated = validProfile.replacingOccurrences(
            of: "    top: 261\n", with: "    top: {value: 261, source: derived table, error: 4}\n")
        let document = parse(stated).document
        #expect(document?.layout(.ios18)?.values[.top]?.provenance.errorPixels == 4)
        let measuredWithError = validProfile.replacingOccurrences(
            of: "    top: 261\n", with: "    top: {value: 261, source: measured table, error: 4}\n")
        #expect(parse(measuredWithError).diagnostics.contains { $0.message.contains("only a number derived from a model") })
    }
}

/// The README's per-iOS counts are the catalog's (the front page renders the same sentences).
@Suite struct CoverageSummaryTests {
    @Test func theREADMESaysWhatTheCatalogHas() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let sentences = CoverageSummary(Catalog.load(content: bundledContent).devices).generations.map(\.sentence)
        #expect(sentences.count == 3)
        for sentence in sentences {
            #expect(readme.contains("- \(sentence)\n"), "README.md should say: \(sentence)")
        }
        #expect(sentences[0].hasPrefix("iOS 26–27: 12 layouts, 12 with positions (1 measured, 11 derived from a model"))
    }
}

/// Model identifiers in profiles: well formed, listed once, naming one device.
@Suite struct ModelIdentifierTests {
    @Test func identifiersAreReadAndChecked() {
        let good = validProfile.replacingOccurrences(
            of: "models: [Test phone]\n", with: "models: [Test phone]\nidentifiers: [\"iPhone90,1\", \"iPhone90,2\"]\n")
        #expect(parse(good).document?.profile.identifiers == ["iPhone90,1", "iPhone90,2"])
        for (bad, words) in [
            ("[iPhone90,1]", "is not a model identifier"),  // unquoted: YAML splits it at the comma
            ("[\"iPad13,1\"]", "is not a model identifier"),
            ("[\"iPhone90,1\", \"iPhone90,1\"]", "is listed twice"),
            ("[\"iPhone,1\"]", "is not a model identifier"),
        ] {
            let text = validProfile.replacingOccurrences(of: "models: [Test phone]\n", with: "models: [Test phone]\nidentifiers: \(bad)\n")
            let diagnostics = parse(text).diagnostics
            #expect(diagnostics.contains { $0.code == "F005" && $0.message.contains(words) }, "\(bad): \(diagnostics)")
        }
    }

    @Test func everyBundledIdentifierNamesOneDevice() {
        let catalog = Catalog.load(content: bundledContent)
        let all = catalog.devices.flatMap(\.profile.identifiers)
        #expect(all.count == Set(all).count && all.count >= 40)
        #expect(catalog.device("iphone-16-pro")?.profile.identifiers.contains("iPhone18,1") == true)  // iPhone 17 Pro
    }
}
