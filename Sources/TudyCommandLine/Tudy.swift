import ArgumentParser
import Foundation

/// The `tudy` command: the chat client by default, `tudy serve` for the server.
///
/// `Modes` runs what needs the network (`tudy serve`, `tudy --server`): the `tudy` executable
/// hands those over to `tudy-net`, so that a session on a local store never loads the network
/// code, and `tudy-net` runs them itself.
package struct Tudy<Modes: NetworkModes>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tudy",
            abstract: "A terminal chat client for study groups: a board of posts, and 1:1 and group chat.",
            // The root's own usage would be `tudy <subcommand>`, which hides that plain `tudy`
            // chats and where its flags are listed.
            usage: """
                tudy [--store <path> | --memory | --server <url> ...] [<options>]
                tudy serve [--listen <host:port>] [<options>]
                """,
            discussion: "Plain tudy chats: 'tudy help chat' lists its options, 'tudy help serve' the server's.",
            version: "0.6.0",
            subcommands: [Chat<Modes>.self, Serve<Modes>.self],
            defaultSubcommand: Chat<Modes>.self)
    }

    package init() {}

    /// `tudy help TOPIC` for a topic that is none of the subcommands: swift-argument-parser
    /// shows the root's help and exits 0, as if asked for it. Said here as a usage error
    /// (exit 64), before parsing; true when it was.
    package static func refusesUnknownHelpTopic(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Bool {
        let topics = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard arguments.first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-"), !topics.contains(topic)
        else { return false }
        let line = "error: tudy help has no topic '\(topic)': try " + topics.map { "'tudy help \($0)'" }.joined(separator: " or ") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
        return true
    }
}
