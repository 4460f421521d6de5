/// Heading ids: lower-case ASCII letters and digits joined by single dashes, unique on a page.
public enum Slug {
    /// The id of a heading's text: `Numbers and their sources` → `numbers-and-their-sources`.
    /// Text with no letter or digit gets `section`.
    public static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash && !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if scalar == " " || scalar == "-" || scalar == "_" || scalar == "/" || scalar == "." {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// The ids of a page's headings, in order: a repeated id gets `-2`, `-3`, … (never one
    /// already taken, `reserved` included).
    public static func unique(_ texts: [String], reserved: Set<String> = []) -> [String] {
        numbered(texts.map(make), reserved: reserved)
    }

    /// `ids` in order, each made unique: a repeated one gets `-2`, `-3`, … (never one already
    /// taken, `reserved` included).
    public static func numbered(_ ids: [String], reserved: Set<String> = []) -> [String] {
        var taken = reserved
        return ids.map { base in
            var id = base
            var number = 2
            while taken.contains(id) {
                id = "\(base)-\(number)"
                number += 1
            }
            taken.insert(id)
            return id
        }
    }
}
