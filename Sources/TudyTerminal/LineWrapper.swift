import TudyCore

/// Breaks a long line to a terminal's width, continuing under a hanging indent.
package enum LineWrapper {
    /// The lines of `prefix + text` no wider than `width`; each line after the first starts with
    /// as many spaces as `prefix` is wide. Breaks at spaces where it can, inside a word where it must.
    package static func wrap(prefix: String, text: String, width: Int) -> [String] {
        let indent = DisplayWidth.of(prefix)
        let room = width - indent
        guard room >= 10 else { return [prefix + text] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var lastSpace: String.Index?
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > room {
                if character == " " {
                    // The break falls on this space: it goes, and the next line starts clean.
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                    lastSpace = nil
                    continue
                }
                if let space = lastSpace, space > current.startIndex {
                    lines.append(String(current[..<space]))
                    current = String(current[current.index(after: space)...])
                    currentWidth = DisplayWidth.of(current)
                }
                // The word carried down may fill a line with this character: it breaks here.
                if currentWidth + characterWidth > room {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                lastSpace = nil
            }
            if character == " " { lastSpace = current.endIndex }
            current.append(character)
            currentWidth += characterWidth
        }
        lines.append(current)
        let pad = String(repeating: " ", count: indent)
        return lines.enumerated().map { index, line in (index == 0 ? prefix : pad) + line }
    }
}
