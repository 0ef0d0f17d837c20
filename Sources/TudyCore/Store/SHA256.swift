import CMessageDigest

/// SHA-256 (libmd's), written in lowercase hex.
package enum SHA256 {
    /// The digest of the text's UTF-8 bytes.
    package static func hex(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var hex = [CChar](repeating: 0, count: Int(SHA256_DIGEST_LENGTH) * 2 + 1)
        _ = bytes.withUnsafeBufferPointer { SHA256Data($0.baseAddress, $0.count, &hex) }
        return String(decoding: hex.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
