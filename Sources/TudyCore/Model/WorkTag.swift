/// Work tags such as `ios` or `backend`: how posts say whom they recruit.
package enum WorkTag {
    /// Splits an answer like `iOS, backend  design` into tags, lower-cased, without repeats.
    package static func parse(_ text: String) -> [String] {
        var seen: Set<String> = []
        return text
            .split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .map { $0.lowercased() }
            .filter { seen.insert($0).inserted }
    }

    /// Whether a tag is made of letters, digits, `-` and `_` only.
    package static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 32
            && tag.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
