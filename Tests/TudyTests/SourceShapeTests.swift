import Foundation
import Testing

@testable import TudyApp

/// The shape of the source, as a new engineer meets it.
@Suite("Source shape")
struct SourceShapeTests {
    /// The most lines a source file has: one main type, or one part of one, that can be read
    /// at a sitting.
    static let linesPerFile = 300

    @Test("no source file is over 300 lines")
    func filesAreShort() throws {
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var long: [String] = []
        var seen = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            seen += 1
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            if lines > Self.linesPerFile { long.append("\(file.path.replacingOccurrences(of: sources.path + "/", with: "")) (\(lines))") }
        }
        #expect(seen > 100, "found only \(seen) Swift files under \(sources.path)")
        #expect(long.isEmpty, "over \(Self.linesPerFile) lines: \(long.sorted().joined(separator: ", "))")
    }

    /// What each library may import of tudy's own: each layer only those under it, so that the
    /// stores and the server carry no terminal and no screens.
    static let layers: [String: Set<String>] = [
        "TudyCore": [],
        "TudyWire": ["TudyCore"],
        "TudyTerminal": ["TudyCore"],
        "TudyApp": ["TudyCore", "TudyTerminal"],
        "TudySQLite": ["TudyCore"],
        "TudyPostgres": ["TudyCore"],
        "TudyServer": ["TudyCore", "TudyWire"],
        "TudyRemote": ["TudyCore", "TudyWire"],
    ]

    @Test("each library imports only the layers under it: the stores and the server neither the terminal nor the app")
    func layersPointDown() throws {
        var wrong: [String] = []
        for (target, allowed) in Self.layers {
            for (path, text) in try Self.swiftFiles(of: target) {
                for line in text.split(separator: "\n") where line.hasPrefix("import Tudy") || line.hasPrefix("@testable import Tudy") {
                    let module = String(line.split(separator: " ").last ?? "")
                    if !allowed.contains(module) { wrong.append("\(path) imports \(module)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: ", "))")
    }

    @Test("no library holds more than a quarter of the source lines")
    func librariesAreBalanced() throws {
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        var lines: [String: Int] = [:]
        for target in targets {
            lines[target] = try Self.swiftFiles(of: target).reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        }
        let total = lines.values.reduce(0, +)
        #expect(total > 20_000, "found only \(total) lines under \(sources.path)")
        let heavy = lines.filter { $0.value * 4 > total }.map { "\($0.key) (\($0.value) of \(total))" }
        #expect(heavy.isEmpty, "over a quarter of the source: \(heavy.sorted().joined(separator: ", "))")
    }

    @Test("no text of the core, the wire, the stores, the server or the remote store names a slash-command: what to type is the app's to say")
    func lowerLayersNameNoCommand() throws {
        // A command's `/name` in a string literal, at its start or after a space or punctuation:
        // `/kick`, not `a/b`, `://` or an HTTP path.
        let names = CommandName.allCases.map(\.typed).joined(separator: "|")
        let command = try Regex(#""(?:[^"]*[ (;:])?/(?:\#(names))\b"#)
        let found = try Self.codeLines(in: ["TudyCore", "TudyWire", "TudySQLite", "TudyPostgres", "TudyServer", "TudyRemote"]) {
            !$0.contains("://") && $0.contains(command)
        }
        #expect(found.isEmpty, "names a command: \(found.joined(separator: ", "))")
    }

    @Test("the README is at most 350 lines: the rest is in the catalog's articles")
    func readmeIsShort() throws {
        let text = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines > 100 && lines <= 350, "the README has \(lines) lines")
    }

    @Test("no part of the app casts to a screen's type: a coordinator asks a screen's subject, or keeps the screen it made")
    func noScreenDowncasts() throws {
        let cast = try Regex(#"\b(as[?!]?|is) [A-Z][A-Za-z]*Screen\b"#)
        let found = try Self.codeLines(in: ["TudyApp"]) { $0.contains(cast) }
        #expect(found.isEmpty, "casts to a screen: \(found.joined(separator: ", "))")
    }

    @Test("outside the command table no source compares a command's name as text: a typed name becomes a CommandName once")
    func commandNamesComparedOnlyInTheTable() throws {
        let names = CommandName.allCases.map(\.typed).joined(separator: "|")
        let literal = #""/?(?:\#(names))""#
        let comparison = try Regex("(?:==|!=|case|rawValue:|contains\\()\\s*\(literal)|\(literal)\\s*(?:==|!=)")
        // The table, and the command line's own words (`tudy help serve`), which are no slash-commands.
        let table = ["CommandName.swift", "CommandTable.swift", "CommandTable+Places.swift", "TudyCommandLine/Tudy.swift"]
        let found = try Self.codeLines(in: ["TudyApp", "TudyTerminal", "TudyCommandLine", "tudy", "tudy-net"], except: table) {
            $0.contains(comparison)
        }
        #expect(found.isEmpty, "compares a command's name as text: \(found.joined(separator: ", "))")
    }


    @Test("a coordinator names a screen's type only to make it, for its nested types, or for the root it holds: news reaches a screen through the protocol")
    func coordinatorsHoldNoConcreteScreens() throws {
        let named = try Regex(#"\b[A-Z][A-Za-z]*Screen\b(?![(.])"#)
        let root = try Regex(#"^\s*(let|var) [a-z][A-Za-z]*Screen: [A-Z][A-Za-z]*Screen( \{ get \})?$"#)
        var found: [String] = []
        for (path, text) in try Self.swiftFiles(of: "TudyApp") where path.contains("Coordinator") {
            for (number, line) in text.split(separator: "\n").enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(named) && !line.contains(root) {
                found.append("\(path):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "a coordinator holds or calls a concrete screen: \(found.joined(separator: ", "))")
    }

    @Test("the loop hands the app every line, paste, change and Ctrl-C through one entry, receive(_:)")
    func oneEntry() throws {
        let around = try Regex(#"tabBar(Coordinator)?\??\.(handle|show|interrupt|sendTogether)\("#)
        let found = try Self.codeLines(in: ["TudyApp"], except: ["AppEvent.swift"]) { $0.contains(around) }
        #expect(found.isEmpty, "reaches the tab bar around receive(_:): \(found.joined(separator: ", "))")
    }

    @Test("only the tab bar controller, the one performer of navigation steps, changes a stack, the tab or the modal")
    func onlyThePerformerNavigates() throws {
        let performer = "TudyApp/Shell/TabBarController.swift"
        let text = try Self.swiftFiles(of: "TudyApp").first { $0.path == performer }?.text ?? ""
        // Set only in the performer's file: the compiler refuses a change from anywhere else.
        for declaration in ["fileprivate(set) var screens:", "private(set) var selectedTab:", "private(set) var presented:"] {
            #expect(text.contains(declaration), "\(performer) should declare `\(declaration)`")
        }
        let change = try Regex(#"\.(screens|selectedTab|presented)\s*(=[^=]|\.(append|remove|insert|pop)\w*\()"#)
        let setup = try Regex(#"\bNavigator\(root:"#)
        let found = try Self.codeLines(in: ["TudyApp"], except: [performer]) { $0.contains(change) }
        #expect(found.isEmpty, "changes what is shown outside the performer: \(found.joined(separator: ", "))")
        // A modal flow's navigator is made with its one screen, and never changed after.
        let made = try Self.codeLines(in: ["TudyApp"], except: [performer]) { $0.contains(setup) }
        #expect(made.allSatisfy { $0.contains("LoginCoordinator") || $0.contains("ProjectWriteCoordinator") }, "\(made)")
    }
    /// Where a line of code (no comment) of the targets' files matches, as `path:line`; files
    /// whose path is, or ends in, one of `except` are passed over.
    static func codeLines(
        in targets: [String], except: [String] = [], matching matches: (Substring) -> Bool
    ) throws -> [String] {
        var found: [String] = []
        for target in targets {
            for (path, text) in try swiftFiles(of: target) where !except.contains(where: { path == $0 || path.hasSuffix("/" + $0) }) {
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && matches(line) {
                    found.append("\(path):\(number + 1)")
                }
            }
        }
        return found
    }

    /// The Swift files of one target, by path under Sources/, with their text.
    static func swiftFiles(of target: String) throws -> [(path: String, text: String)] {
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        let folder = sources.appendingPathComponent(target)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [(path: String, text: String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            found.append((file.path.replacingOccurrences(of: sources.path + "/", with: ""), try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }
}
