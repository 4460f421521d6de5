import FileAccess
import Testing

@Suite struct ShownTextTests {
    @Test func hiddenCharactersAreShownAsCodePoints() {
        #expect(ShownText.escaped("a\u{1B}[31mb") == "a<U+001B>[31mb")
        #expect(ShownText.escaped("evil\u{202E}gnp.exe") == "evil<U+202E>gnp.exe")
        #expect(
            ShownText.escaped("\u{200B}\u{FEFF}\u{00AD}\u{2066}\u{2028}\r\u{7F}\u{9B}")
                == "<U+200B><U+FEFF><U+00AD><U+2066><U+2028><U+000D><U+007F><U+009B>")
        #expect(ShownText.escaped("lines\nand\ttabs stay, é and 日本 too") == "lines\nand\ttabs stay, é and 日本 too")
    }
}
