import TudyCore
import TudyTerminal

/// What Tab can complete on the screen in view: its commands and the names and ids it knows.
package struct CompletionVocabulary: Equatable, Sendable {
    /// What `/open` opens here.
    package enum OpenTarget: Equatable, Sendable {
        case none
        case posts([Int])
        /// Rooms by number, and by name where `/open` takes one.
        case rooms([Int], names: [String] = [])
    }

    /// Command names without the slash: the screen's own, then the global ones.
    package var commands: [String]
    /// What each command's argument is, by the command's name, as its declaration says: the
    /// one that works here, else any that takes an argument (a line may name a command that
    /// another screen carries out, as `/dm` in a room).
    var arguments: [CommandName: CommandSpec.ArgumentKind]
    package var userNames: [String]
    /// Who `/invite` may bring in: nil for everyone in `userNames`.
    package var inviteNames: [String]?
    /// Who `/kick` may take out, and `@` may name: the room's members but you; nil outside a room.
    package var memberNames: [String]?
    package var workTags: [String]
    package var openTarget: OpenTarget

    /// The vocabulary of the commands named, each argument as its declaration says.
    package init(commands: [String], userNames: [String] = [], workTags: [String] = [], openTarget: OpenTarget = .none) {
        self.init(specs: [], userNames: userNames, workTags: workTags, openTarget: openTarget)
        self.commands = commands
    }

    /// The vocabulary of the commands that work here.
    init(specs: [CommandSpec], userNames: [String] = [], workTags: [String] = [], openTarget: OpenTarget = .none) {
        commands = specs.map(\.name.typed)
        arguments = Self.kinds(of: CommandTable.declared).merging(Self.kinds(of: specs)) { _, here in here }
        self.userNames = userNames
        self.workTags = workTags
        self.openTarget = openTarget
    }

    /// The words that could replace `word`, the last word of `line` (the text before the cursor).
    package func candidates(for word: String, in line: String) -> [String] {
        // `@` and the start of a name, anywhere in a room's line: its members.
        if word.hasPrefix("@"), let members = memberNames { return matching(members.map { "@" + $0 }, word) }
        let tokens = line.split(separator: " ", omittingEmptySubsequences: true)
        let isFirstWord = tokens.count == 0 || (tokens.count == 1 && !line.hasSuffix(" "))
        if isFirstWord {
            guard word.hasPrefix("/") else { return [] }
            return matching(commands.map { "/" + $0 }, word)
        }
        // Only the first argument completes; the commands here take one at most.
        let argumentIndex = line.hasSuffix(" ") ? tokens.count : tokens.count - 1
        guard argumentIndex == 1, let command = tokens.first, command.hasPrefix("/"),
            let name = CommandTable.name(String(command.dropFirst())), let kind = arguments[name]
        else { return [] }
        switch kind {
        case .name: return matching(userNames, word)
        case .invitee: return matching(inviteNames ?? userNames, word)
        case .member: return matching(memberNames ?? [], word)
        case .workTag: return matching(workTags, word)
        case .command: return matching(commands, word)
        case .listed:
            switch openTarget {
            case .none: return []
            case .posts(let ids), .rooms(let ids, _): return matching(ids.map(String.init), word)
            }
        case .room:
            guard case .rooms(let ids, let names) = openTarget else { return [] }
            return matching(ids.map(String.init) + names, word)
        case .newName, .words, .messageNumber, .invitationNumber, .seconds, .text, .numberedText, .replacementText: return []
        }
    }

    /// The kind of each command's argument, by name, for those that take one.
    private static func kinds(of specs: [CommandSpec]) -> [CommandName: CommandSpec.ArgumentKind] {
        Dictionary(specs.compactMap { spec in spec.argument.kind.map { (spec.name, $0) } }) { first, _ in first }
    }

    private func matching(_ words: [String], _ prefix: String) -> [String] {
        var seen: Set<String> = []
        return words.filter { $0.lowercased().hasPrefix(prefix.lowercased()) && seen.insert($0).inserted }
    }
}

extension CompletionVocabulary: LineCompleting {
    /// What Tab does with `beforeCursor`, the line up to the cursor. One match replaces the word
    /// (a space after it); several put in what they share; `repeated` (the line as the last Tab
    /// left it) lists them.
    package func completion(beforeCursor: String, repeated: Bool) -> Completion {
        let word = String(beforeCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let matches = candidates(for: word, in: beforeCursor)
        let length = word.unicodeScalars.count
        switch matches.count {
        case 0: return .none
        case 1: return .replaceWord(length: length, with: matches[0] + " ")
        default:
            let shared = Self.commonPrefix(matches)
            if shared.count > word.count { return .replaceWord(length: length, with: shared) }
            return repeated ? .list(matches) : .none
        }
    }

    /// What every match begins with, compared without case as matching is; spelt as the first match.
    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.lowercased().hasPrefix(prefix.lowercased()) { prefix.removeLast() }
        }
        return prefix
    }
}
