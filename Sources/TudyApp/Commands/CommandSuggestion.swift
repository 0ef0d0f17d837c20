import TudyCore

/// Finds the known command nearest to a mistyped one.
enum CommandSuggestion {
    /// The nearest name as `/name`, if one is close enough to be what was meant. A name the
    /// typed one begins is offered whatever it does; one only spelled alike is offered only if
    /// it is not among `changing` (`/exit` is not offered `/edit`, `/part` not `/leave`).
    static func nearest(to typed: String, among names: [String], changing: Set<String> = []) -> String? {
        if !typed.isEmpty, let prefixed = names.filter({ $0.hasPrefix(typed) }).min() {
            return "/" + prefixed
        }
        let scored = names.filter { !changing.contains($0) }.map { (name: $0, distance: editDistance(typed, $0)) }
        guard let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) else { return nil }
        return best.distance <= max(1, min(2, typed.count / 2)) ? "/" + best.name : nil
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1,
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
