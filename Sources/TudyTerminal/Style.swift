import TudyCore

/// ANSI colours and attributes, applied only to text already made inert.
struct Style {
    let code: String

    static let dim = Style(code: "2")
    static let bold = Style(code: "1")
    static let red = Style(code: "31")

    /// The colours names are shown in; red is kept for errors.
    private static let palette = ["32", "33", "34", "35", "36", "92", "93", "94", "95", "96"]

    /// The same colour for a name every time, in every process (FNV-1a, not the seeded `Hasher`).
    static func name(_ name: String) -> Style {
        var hash: UInt32 = 2_166_136_261
        for byte in Accounts.key(name).utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Style(code: palette[Int(hash % UInt32(palette.count))])
    }

    func apply(_ text: some StringProtocol) -> String {
        "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
