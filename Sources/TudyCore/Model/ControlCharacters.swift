/// The one rule for control characters in what people write (a message, a post), the same in
/// every store: none but tab and newline. The others (NUL, escape, bell, carriage return, DEL
/// and the C1 set) would be cut by one store, refused by another, and move or recolour a
/// reader's terminal; the sanitizer makes them inert on screen, but they are never kept.
package enum ControlCharacters {
    /// The controls a text may hold: they lay it out and do nothing else.
    static let allowed: Set<Unicode.Scalar> = ["\t", "\n"]

    /// The first control character `text` may not hold, as `U+001B`; nil when it holds none.
    package static func firstRefused(in text: String) -> String? {
        text.unicodeScalars.first { isRefused($0) }.map(name)
    }

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !allowed.contains(scalar)
    }

    /// A code point as Unicode writes it: `U+001B`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
