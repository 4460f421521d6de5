import Catalog
import SlotGeometry
import TestSupport
import Testing

@Suite struct ExtraLargePortraitKeyTests {
    @Test func onlyTheIOS26LayoutMayStateTheFamily() {
        let text = """
            ---
            name: Test phone
            models: [Test phone]
            screen: 402x874
            scale: 3
            layouts:
              ios18:
                unit: px
                source: estimated
                note: a test
                extra-large-portrait: 1049x1697
            ---
            """
        let diagnostics = parse(text).diagnostics
        #expect(diagnostics.map(\.code) == ["F005"])
        #expect(diagnostics.first?.line == 11)
        #expect(diagnostics.first?.message.contains("only the ios26 layout serves") == true)
    }
}
