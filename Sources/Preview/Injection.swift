import Catalog
import Foundation
import NIOCore

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// What the preview server adds to HTML pages, and only when serving.
package enum Injection {
    package static let reloadPath = "/__backdrop/live"

    /// The live-reload script.
    package static let script = PreviewHTML.reloadScript.filled(["reloadPath": reloadPath])

    /// The build-error overlay: the diagnostics of the failed build, over the last good page.
    package static func overlay(_ diagnostics: [Diagnostic]) -> String {
        let lines = diagnostics.filter { $0.severity == .error }.map { escape($0.description) }.joined(separator: "\n")
        return PreviewHTML.buildErrors.filled(["errors": lines])
    }

    /// Puts `html` into a page just before its last `</body>` (or at its end). Works on the bytes:
    /// served pages are read as bytes, and are not decoded to be searched.
    package static func insert(_ html: String, into page: some ContiguousBytes) -> ByteBuffer {
        page.withUnsafeBytes { bytes in
            let end = Array("</body>".utf8)
            var split = bytes.count
            if bytes.count >= end.count {
                for start in stride(from: bytes.count - end.count, through: 0, by: -1)
                where bytes[start] == end[0] && bytes[start..<start + end.count].elementsEqual(end) {
                    split = start
                    break
                }
            }
            var buffer = ByteBuffer()
            buffer.reserveCapacity(bytes.count + html.utf8.count)
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
            buffer.writeString(html)
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[split...]))
            return buffer
        }
    }

    /// Escapes `&`, `<` and `>`, for text inside HTML elements.
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
