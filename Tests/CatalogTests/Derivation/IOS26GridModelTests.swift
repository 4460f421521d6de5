import Catalog
import Foundation
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// The iOS 26 layouts: every device that runs iOS 26 has positions for every family, each number
/// measured, published or derived from the grid model with its error and the phones that error was
/// estimated from, and the derived numbers are the model's.
@Suite struct IOS26GridModelTests {
    static let catalog = Catalog.load(content: bundledContent)
    static let profiles = catalog.devices.map(\.profile)
    static let model = IOS26GridModel(profiles)

    /// The screen classes whose models run iOS 26 (iPhone 11 and SE 2nd generation on).
    static let runsIOS26 = [
        "iphone-11", "iphone-x", "iphone-11-pro-max", "iphone-se-2nd-gen", "iphone-12-mini", "iphone-12",
        "iphone-12-pro-max", "iphone-14-pro", "iphone-14-pro-max", "iphone-16-pro", "iphone-16-pro-max", "iphone-air",
    ]

    /// The screens whose iOS 26 positions were read off public captures, with the numbers the
    /// captures show (cited in each profile by repository, path and commit).
    static let measuredOnCaptures: [String: (columns: [Int], rows: [Int], reference: String)] = [
        "iphone-14-pro": ([73, 619], [240, 832, 1424], "studyplanner-widgets"),
        "iphone-16-pro": ([79, 635], [270, 872, 1474], "steadily-16-pro"),
        "iphone-16-pro-max": ([93, 697], [282, 934, 1586], "steadily-17-pro-max"),
        "iphone-12": ([72, 612], [201, 789, 1377], "todays-harvest"),
    ]

    @Test(arguments: measuredOnCaptures.keys.sorted())
    func theScreensMeasuredOnCapturesHaveTheirNumbers(device: String) throws {
        let layout = try #require(Self.catalog.device(device)?.layout(.ios26))
        let expected = try #require(Self.measuredOnCaptures[device])
        #expect([layout[.left], layout[.right]] == expected.columns.map { $0 })
        #expect([layout[.top], layout[.middle], layout[.bottom]] == expected.rows.map { $0 })
        for field in [GridField.left, .top, .middle] {
            #expect(layout.values[field]?.provenance.kind == .measured, "\(field)")
            #expect(layout.values[field]?.provenance.reference == expected.reference, "\(field)")
        }
        // Every position the captures do not show says where it comes from instead.
        for field in [GridField.right, .bottom] {
            #expect(layout.values[field]?.provenance.note?.isEmpty == false, "\(field)")
        }
        #expect(layout.weakestPositionSource == .measured)
        #expect(Self.model.fittedOn.contains(device))
    }

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
            #expect(kinds.allSatisfy { $0 != .estimated }, "\(slot.id): \(kinds)")
            // A derived position always says its model, its error and the phones it rests on.
            for edge in [slot.sources.x, slot.sources.y] where edge.kind == .derived {
                #expect(edge.reference == IOS26GridModel.referenceKey && edge.errorPixels != nil, "\(slot.id)")
                #expect(edge.errorPhones == Self.model.phones, "\(slot.id)")
            }
        }
    }

    @Test(arguments: runsIOS26.filter { measuredOnCaptures[$0] == nil })
    func theDerivedNumbersAreTheModels(device: String) throws {
        let layout = try #require(Self.catalog.device(device)?.layout(.ios26))
        let prediction = try #require(Self.model.prediction(for: device))
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            let stated = try #require(layout.values[field])
            let expected = try #require(prediction.value(field))
            #expect(
                stated.pixels == expected.pixels && stated.provenance.errorPixels == expected.error
                    && stated.provenance.errorPhones == Self.model.phones,
                "\(device) \(field.rawValue): the profile says \(stated.pixels) ±\(stated.provenance.errorPixels ?? -1), the model \(expected.pixels) ±\(expected.error); run `\(IOS26GridModel.regenerateCommand)` and copy its table"
            )
        }
    }

    @Test func theErrorsComeFromLeavingEachMeasuredIOS26ScreenOut() throws {
        #expect(Set(Self.model.fittedOn) == Set(Self.measuredOnCaptures.keys))
        #expect(Self.model.phones == 4)
        // 393x852 predicted from the other three screens' offset from iOS 18 (+5/3 pt): 245 px against 240.
        let top = try #require(Self.model.residuals.first { $0.device == "iphone-14-pro" && $0.what == "top row from the ios18 top row" })
        #expect(top.pixels == 5)
        // Every derived row states at least the largest leave-one-out residual of any anchor over
        // the measured iOS 26 screens, whichever anchor it was placed by.
        let anchorResiduals = Self.model.residuals.filter { $0.layout == .ios26 && $0.what.hasPrefix("top row from") }
        #expect(anchorResiduals.count >= 2 * Self.model.phones - 1)
        let largest = anchorResiduals.map { abs($0.pixels) }.max()!
        for prediction in Self.model.predictions {
            #expect(Double(prediction.rowError) >= largest, "\(prediction.device): ±\(prediction.rowError) against \(largest)")
            #expect(prediction.columnError == 1)
        }
        // Screens measured only before iOS 18 carry the error of the iOS 18 move as well.
        let mini = try #require(Self.model.prediction(for: "iphone-12-mini"))
        let iPhone11 = try #require(Self.model.prediction(for: "iphone-11"))
        #expect(iPhone11.rowError > mini.rowError)
        #expect(Self.model.residuals.contains { $0.what == "top row's move with iOS 18" })
    }

    @Test func withFewerThanTwoMeasuredIOS26ScreensNothingIsDerived() {
        // An anchor's error comes from leaving a measured iOS 26 screen out; with one screen or
        // none it is unknown, and a number without an error is not stated.
        let measured = Set(Self.measuredOnCaptures.keys)
        #expect(IOS26GridModel(Self.profiles.filter { !measured.contains($0.id) }).predictions.isEmpty)
        let one = IOS26GridModel(Self.profiles.filter { !measured.contains($0.id) || $0.id == "iphone-16-pro" })
        #expect(one.predictions.isEmpty && one.phones == 1)
        let two = IOS26GridModel(Self.profiles.filter { !measured.contains($0.id) || ["iphone-16-pro", "iphone-14-pro"].contains($0.id) })
        #expect(!two.predictions.isEmpty && two.phones == 2)
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
            of: "    top: 261\n", with: "    top: {value: 261, source: derived table, error: 4, phones: 2}\n")
        let document = parse(stated).document
        #expect(document?.layout(.ios18)?.values[.top]?.provenance.errorPixels == 4)
        #expect(document?.layout(.ios18)?.values[.top]?.provenance.errorPhones == 2)
        // An error says how many phones it was estimated from, and only an error does.
        let noPhones = validProfile.replacingOccurrences(
            of: "    top: 261\n", with: "    top: {value: 261, source: derived table, error: 4}\n")
        #expect(parse(noPhones).diagnostics.contains { $0.message.contains("not how many `phones`") })
        let phonesAlone = validProfile.replacingOccurrences(
            of: "    top: 261\n", with: "    top: {value: 261, source: derived table, phones: 2}\n")
        #expect(parse(phonesAlone).diagnostics.contains { $0.message.contains("states no `error`") })
        let measuredPhones = validProfile.replacingOccurrences(
            of: "    top: 261\n", with: "    top: {value: 261, source: measured table, phones: 2}\n")
        #expect(parse(measuredPhones).diagnostics.contains { $0.message.contains("says how many `phones`") })
        for bad in ["0", "-1", "two", "1001"] {
            let text = validProfile.replacingOccurrences(
                of: "    top: 261\n", with: "    top: {value: 261, source: derived table, error: 4, phones: \(bad)}\n")
            #expect(parse(text).diagnostics.contains { $0.message.contains("`phones`") }, "\(bad)")
        }
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
        // The newest generation's derived layouts name the phones the grid model is fitted on,
        // which are the measured ones (the figures are read from the model, not typed here).
        let devices = Catalog.load(content: bundledContent).devices
        let newest = CoverageSummary(devices).generations[0]
        let model = IOS26GridModel(devices.map(\.profile))
        #expect(newest.phones == model.phones && newest.measured == model.phones && newest.derived > 0)
        #expect(sentences[0].contains("derived from a model fitted on \(model.phones) phones, ±"), "\(sentences[0])")
        // Positions taken from published tables are not counted as measured.
        #expect(sentences[1].hasPrefix("iOS 18: 13 layouts, 13 with positions (0 measured on screenshots, "), "\(sentences[1])")
        #expect(sentences[1].contains(" from published tables"), "\(sentences[1])")
    }
}

/// How many phones the grid model is fitted on is the model's to say (its generated page, each
/// derived number's `errorPhones`, the README's generated coverage lines): the prose a person edits
/// (profiles, data-versions.yaml) never types it, so that measuring one more phone leaves nothing stale.
@Suite struct ModelPhoneCountTests {
    @Test func noEditedTextTypesHowManyPhonesTheModelIsFittedOn() throws {
        let phones = IOS26GridModel(Catalog.load(content: bundledContent).devices.map(\.profile)).phones
        let numbers = ["\(phones)", ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"][min(phones, 8)]]
        let content = URL(fileURLWithPath: bundledContent)
        let folder = content.appendingPathComponent("devices")
        let files =
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.map { folder.appendingPathComponent($0) }
            + [content.appendingPathComponent("data-versions.yaml")]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8).lowercased()
            for number in numbers {
                for phrase in ["\(number) phones", "\(number) measured phones", "\(number) measured screens", "(\(number) phones)"] {
                    #expect(
                        !text.contains(phrase), "\(file.lastPathComponent) types \"\(phrase)\": the model's count, which its page and each error give"
                    )
                }
            }
        }
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
