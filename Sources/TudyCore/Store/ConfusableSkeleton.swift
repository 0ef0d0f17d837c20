import _FoundationICU

/// The confusable skeleton of Unicode TS #39, as ICU's spoof checker computes it from the
/// whole confusables table it carries: two texts whose skeletons are equal can pass for each
/// other (`аlice` with a Cyrillic `а` and `alice`; `rn` and `m`; `0` and `O`).
///
/// ICU is the reference implementation of TS #39 and comes with Foundation on Linux, its table
/// built in: nothing is read from disk.
enum ConfusableSkeleton {
    /// Opened once and shared: ICU makes a checker's skeleton safe to compute from many threads
    /// at once (it takes the checker as `const`), and nothing here changes it after it is made.
    nonisolated(unsafe) private static let checker: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let checker = swift_uspoof_open(&status)
        return status.rawValue > U_ZERO_ERROR.rawValue ? nil : checker
    }()

    /// The skeleton of `text`: NFD, each character replaced by its prototype, NFD again.
    /// `text` itself when ICU can not make one, which it does only when out of memory.
    static func of(_ text: String) -> String {
        guard let checker, !text.isEmpty else { return text }
        let units = Array(text.utf16)
        // A prototype is at most a few code units per code unit: asked again with the length
        // ICU says, in the rare case that is not enough.
        var capacity = units.count * 4 + 16
        while true {
            var status = U_ZERO_ERROR
            var skeleton = [UChar](repeating: 0, count: capacity)
            let length = Int(swift_uspoof_getSkeleton(checker, 0, units, Int32(units.count), &skeleton, Int32(capacity), &status))
            if status == U_BUFFER_OVERFLOW_ERROR, length > capacity {
                capacity = length
                continue
            }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return text }
            return String(decoding: skeleton[..<length], as: UTF16.self)
        }
    }
}
