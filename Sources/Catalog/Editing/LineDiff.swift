/// The lines two texts differ in, as hunks, for showing what an edit changed and for checking
/// that nothing else did.
public struct LineDiff: Hashable, Sendable {
    /// One run of changed lines: lines `old` of the first text became lines `new` of the second
    /// (0-based, half-open; an insertion has an empty `old`).
    public struct Hunk: Hashable, Sendable {
        public var old: Range<Int>
        public var new: Range<Int>
        public var removed: [String]
        public var added: [String]
    }

    public var hunks: [Hunk]

    /// Compares two texts line by line (a line includes its line break, so CRLF and LF differ).
    public init(_ first: String, _ second: String) {
        let (linesA, linesB) = (TextLine.split(first), TextLine.split(second))
        let a = linesA.map { Array($0.content.utf8) + Array($0.ending.utf8) }
        let b = linesB.map { Array($0.content.utf8) + Array($0.ending.utf8) }
        let contentA = linesA.map(\.content)
        let contentB = linesB.map(\.content)
        // Common ends first, so that the table below covers only the changed middle.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var hunks: [Hunk] = []
        func hunk(_ old: Range<Int>, _ new: Range<Int>) {
            guard !old.isEmpty || !new.isEmpty else { return }
            hunks.append(Hunk(old: old, new: new, removed: Array(contentA[old]), added: Array(contentB[new])))
        }
        if middleA.count * middleB.count > 4_000_000 {
            hunk(prefix..<(a.count - suffix), prefix..<(b.count - suffix))
            self.hunks = hunks
            return
        }
        // Longest common subsequence of the middles, then the runs between matched lines.
        let (n, m) = (middleA.count, middleB.count)
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = middleA[i] == middleB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        var (startI, startJ) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, middleA[i] == middleB[j] {
                hunk((prefix + startI)..<(prefix + i), (prefix + startJ)..<(prefix + j))
                i += 1
                j += 1
                (startI, startJ) = (i, j)
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                j += 1
            } else {
                i += 1
            }
        }
        hunk((prefix + startI)..<(prefix + n), (prefix + startJ)..<(prefix + m))
        self.hunks = hunks
    }

    /// The hunks as a diff-like list: `@@ line N @@`, then `-` removed and `+` added lines.
    public func render() -> [String] {
        hunks.flatMap { hunk in
            ["@@ line \(hunk.new.lowerBound + 1) @@"] + hunk.removed.map { "- \($0)" } + hunk.added.map { "+ \($0)" }
        }
    }
}
