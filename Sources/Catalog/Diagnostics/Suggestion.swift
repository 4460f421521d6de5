/// Finds the candidate closest to a misspelt word, for "did you mean" hints.
package enum Suggestion {
    /// The closest candidate within a small edit distance, if any.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let prefix = candidates.first(where: { lowered.hasPrefix($0.lowercased()) || $0.lowercased().hasPrefix(lowered) }),
            min(word.count, prefix.count) >= 3
        {
            return prefix
        }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(2, word.count / 2)
        return best.1 <= limit ? best.0 : nil
    }

    /// Levenshtein distance between two strings, by characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
