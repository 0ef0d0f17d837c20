/// Lines whose columns line up on a terminal, Korean and emoji included.
enum TextTable {
    /// Each row's cells padded to their column's widest cell; the last column is not padded.
    /// Cells are made inert first, so that padding counts what the terminal will show.
    static func lines(_ rows: [[String]], gap: Int = 2) -> [String] {
        let cells = rows.map { $0.map(Sanitizer.inert) }
        let columns = cells.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            cells.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + gap)
            }.joined()
        }
    }
}
