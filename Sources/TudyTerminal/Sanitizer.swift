import TudyCore

/// Makes text inert before it reaches a terminal.
///
/// C0 controls and DEL are shown in caret notation (`^[`, `^G`, `^?`); C1 controls,
/// bidirectional overrides and isolates, and line or paragraph separators as `<U+202E>`.
/// Since every escape sequence (ESC, CSI, OSC, DCS, …) starts with one of these,
/// none can reach the terminal as such.
package enum Sanitizer {
    /// The text with every control shown visibly.
    package static func inert(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            } else if scalar.value == 0x7F {
                result += "^?"
            } else if needsEscape(scalar) {
                result += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: UnicodeScalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, overrides, isolates
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C: true  // Arabic letter mark
        default: false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
