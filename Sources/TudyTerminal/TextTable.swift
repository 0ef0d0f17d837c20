import TudyCore

/// Lines whose columns line up on a terminal, Korean and emoji included, fitted to its width.
package enum TextTable {
    /// Each row's cells padded to their column's widest cell; the last column is not padded.
    /// Cells are made inert first, so that padding counts what the terminal will show.
    static func lines(_ rows: [[String]], gap: Int = 2, width: Int? = nil) -> [String] {
        rowLines(rows, gap: gap, width: width).flatMap { $0 }
    }

    /// The lines of each row. Given a window's `width`, the widest columns before the last are
    /// narrowed (their cells cut with `…`) until the last has room, and the last cell wraps
    /// under its own column, so that no row runs back to the window's first column.
    package static func rowLines(_ rows: [[String]], gap: Int = 2, width: Int? = nil) -> [[String]] {
        let cells = rows.map { $0.map(Sanitizer.inert) }
        let columns = cells.map(\.count).max() ?? 0
        var widths = (0..<columns).map { column in
            cells.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        if let width, columns > 1 {
            let lastRoom = min(widths[columns - 1], max(width / 3, min(20, width / 2)))
            func lastStart() -> Int { widths.dropLast().reduce(0, +) + gap * (columns - 1) }
            while lastStart() + lastRoom > width,
                  let widest = widths.indices.dropLast().max(by: { widths[$0] < widths[$1] }),
                  widths[widest] > minimumColumn {
                widths[widest] -= 1
            }
        }
        return cells.map { row in
            let before = row.dropLast().enumerated().map { column, cell in
                let fitted = DisplayWidth.of(cell) > widths[column] ? DisplayWidth.shortened(cell, to: widths[column]) : cell
                return fitted + String(repeating: " ", count: widths[column] - DisplayWidth.of(fitted) + gap)
            }.joined()
            let last = row.last ?? ""
            guard let width, DisplayWidth.of(before) + DisplayWidth.of(last) > width else { return [before + last] }
            return LineWrapper.wrap(prefix: before, text: last, width: width)
        }
    }

    /// A column narrowed to fit is kept this wide at least: a few characters and `…`.
    private static let minimumColumn = 6
}
