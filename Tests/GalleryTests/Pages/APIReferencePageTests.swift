import Catalog
import Foundation
import TestFolders
import Testing

/// The WidgetGeometry API reference page, `docs/api/index.html`, made from the committed symbol list.
@Suite struct APIReferencePageTests {
    func page() throws -> String {
        let site = try BundledSite.built.get()
        return try String(contentsOf: site.output.appendingPathComponent("docs/api/index.html"), encoding: .utf8)
    }

    @Test func everySymbolHasAnAnchorItsDeclarationAndItsDocComment() throws {
        let html = try page()
        let (reference, diagnostics) = APIReference.builtIn()
        #expect(diagnostics.isEmpty)
        let symbols = try #require(reference).symbols
        #expect(symbols.contains { $0.path == "WidgetGeometry.chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:modelIdentifier:)" })
        #expect(html.contains(#"id="WidgetGeometry.chooseLayout-pointWidth-pointHeight-scale-iOS-iconSize-displayZoom-modelIdentifier--""#))
        #expect(html.contains("<li>displayZoom: Whether Display Zoom (“Larger Text”) is on;"))
        #expect(html.contains("static func chooseLayout(pointWidth: Double, pointHeight: Double, scale: Double"))
        let ids = Set(matches(#"id="([^"]+)""#, in: html))
        // Every id but the main content's, which the skip link of every page leads to.
        #expect(ids.subtracting(["content"]).count == symbols.count, "one anchor per symbol")
        for target in matches(##"href="#([^"]+)""##, in: html) {
            #expect(ids.contains(target), "#\(target) has no anchor")
        }
    }

    @Test func everySymbolLinkOfTheDocCommentsLeadsToItsSymbol() throws {
        let html = try page()
        let symbols = try #require(APIReference.builtIn().reference).symbols
        var links = 0
        for symbol in symbols {
            for name in matches("``([^`]+)``", in: symbol.doc) {
                #expect(html.contains("\"><code>\(name)</code></a>"), "\(symbol.path): ``\(name)`` names no symbol")
                links += 1
            }
        }
        #expect(links > 5)
    }

    @Test func aMalformedSymbolListIsAnErrorNamingTheFile() throws {
        try withTemporaryFolder("api-reference") { folder in
            let (missing, missingProblems) = APIReference.read(packageRoot: folder.path)
            #expect(missing == nil && missingProblems.map(\.code) == ["F010"], "\(missingProblems)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs/api"), withIntermediateDirectories: true)
            try #"{"module": "WidgetGeometry"}"#.write(
                to: folder.appendingPathComponent(APIReference.file), atomically: true, encoding: .utf8)
            let (reference, diagnostics) = APIReference.read(packageRoot: folder.path)
            #expect(reference == nil)
            let problem = try #require(diagnostics.first)
            #expect(problem.file.hasSuffix("docs/api/WidgetGeometry.symbols.json"))
            #expect(problem.message.contains("regenerate it with bash scripts/api-symbols.sh"))
        }
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
    }
}
