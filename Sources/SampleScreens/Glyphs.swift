/// A tiny 5×7 bitmap font for the few words a home-screen page shows in jiggle mode.
enum Glyphs {
    static let font: [Character: [String]] = [
        "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
        "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        "d": ["....#", "....#", ".####", "#...#", "#...#", "#...#", ".####"],
        "i": ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."],
        "t": [".#...", ".#...", "####.", ".#...", ".#...", ".#..#", "..##."],
        "o": [".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."],
        "n": [".....", ".....", "####.", "#...#", "#...#", "#...#", "#...#"],
        "e": [".....", ".....", ".###.", "#...#", "#####", "#....", ".###."],
    ]

    /// The width of a word in glyph cells (5 per letter, 1 between letters).
    static func width(of text: String) -> Int { text.count * 6 - 1 }

    /// Paints a word with its top left at (x, y), each font cell `cell` pixels square.
    static func draw(_ text: String, x: Float, y: Float, cell: Float, color: RGB, on canvas: inout Canvas) {
        for (index, character) in text.enumerated() {
            guard let rows = font[character] else { continue }
            for (row, line) in rows.enumerated() {
                for (column, mark) in line.enumerated() where mark == "#" {
                    let shape = RoundedRect(
                        x: x + Float(index * 6 + column) * cell, y: y + Float(row) * cell, width: cell, height: cell,
                        radius: cell * 0.3)
                    canvas.fill(shape, color)
                }
            }
        }
    }
}
