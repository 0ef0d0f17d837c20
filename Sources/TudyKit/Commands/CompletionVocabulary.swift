/// What Tab can complete on the screen in view: its commands and the names and ids it knows.
public struct CompletionVocabulary: Equatable, Sendable {
    /// What `/open` opens here.
    public enum OpenTarget: Equatable, Sendable {
        case none
        case posts([Int])
        case rooms([Int])
    }

    /// Command names without the slash: the screen's own, then the global ones.
    public var commands: [String]
    public var userNames: [String]
    /// Who `/invite` may bring in: nil for everyone in `userNames`.
    public var inviteNames: [String]?
    public var workTags: [String]
    public var openTarget: OpenTarget

    public init(commands: [String], userNames: [String] = [], workTags: [String] = [], openTarget: OpenTarget = .none) {
        self.commands = commands
        self.userNames = userNames
        self.workTags = workTags
        self.openTarget = openTarget
    }

    /// The words that could replace `word`, the last word of `line` (the text before the cursor).
    public func candidates(for word: String, in line: String) -> [String] {
        let tokens = line.split(separator: " ", omittingEmptySubsequences: true)
        let isFirstWord = tokens.count == 0 || (tokens.count == 1 && !line.hasSuffix(" "))
        if isFirstWord {
            guard word.hasPrefix("/") else { return [] }
            return matching(commands.map { "/" + $0 }, word)
        }
        // Only the first argument completes; the commands here take one at most.
        let argumentIndex = line.hasSuffix(" ") ? tokens.count : tokens.count - 1
        guard argumentIndex == 1, let command = tokens.first, command.hasPrefix("/") else { return [] }
        switch command.dropFirst().lowercased() {
        case "dm", "login": return matching(userNames, word)
        case "invite": return matching(inviteNames ?? userNames, word)
        case "work": return matching(workTags, word)
        case "help": return matching(commands, word)
        case "open":
            switch openTarget {
            case .none: return []
            case .posts(let ids), .rooms(let ids): return matching(ids.map(String.init), word)
            }
        default: return []
        }
    }

    private func matching(_ words: [String], _ prefix: String) -> [String] {
        var seen: Set<String> = []
        return words.filter { $0.lowercased().hasPrefix(prefix.lowercased()) && seen.insert($0).inserted }
    }
}
