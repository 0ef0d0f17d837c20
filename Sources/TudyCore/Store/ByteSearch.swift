/// Finds one run of bytes inside another in time linear in both (Knuth, Morris and Pratt), so
/// that no text a stranger writes or searches for makes a search slow: a search of `aaa…ab`
/// through `aaa…a` costs what a search of any other word of its length does.
package enum ByteSearch {
    /// Whether `haystack` holds `needle` (an empty needle is held by everything).
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count > 1 else { return needle.isEmpty || haystack.contains(needle[0]) }
        guard needle.count <= haystack.count else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: needle.count) { fallback in
            // fallback[i]: how much of the needle still matches after a mismatch past byte i.
            fallback[0] = 0
            var matched = 0
            for index in 1..<needle.count {
                while matched > 0 && needle[index] != needle[matched] { matched = fallback[matched - 1] }
                if needle[index] == needle[matched] { matched += 1 }
                fallback[index] = matched
            }
            matched = 0
            for byte in haystack {
                while matched > 0 && byte != needle[matched] { matched = fallback[matched - 1] }
                if byte == needle[matched] {
                    matched += 1
                    if matched == needle.count { return true }
                }
            }
            return false
        }
    }
}
