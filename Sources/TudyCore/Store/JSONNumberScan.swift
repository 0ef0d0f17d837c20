/// Finds a number in JSON text that no number type can hold, such as `1e400`, which
/// Foundation's parser refuses as "not valid JSON" without saying where.
enum JSONNumberScan {
    /// A number token, the key it is the value of, and its line (from 1).
    struct Finding: Equatable {
        let text: String
        let key: String?
        let line: Int
    }

    /// The first number outside strings that does not fit a finite `Double`, or nil.
    static func firstUnrepresentable(in data: some Collection<UInt8>) -> Finding? {
        let bytes = Array(data)
        var index = 0
        var line = 1
        var lastString: String?
        var key: String?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                index = end + 1
            case UInt8(ascii: ":"):
                key = lastString
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, "+-.eE0123456789".utf8.contains(bytes[end]) { end += 1 }
                let token = String(decoding: bytes[index..<end], as: UTF8.self)
                if let value = Double(token), value.isFinite {
                    index = end
                } else {
                    return Finding(text: token, key: key, line: line)
                }
            default:
                index += 1
            }
        }
        return nil
    }
}
