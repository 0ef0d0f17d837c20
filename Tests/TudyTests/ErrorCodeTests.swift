import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The codes `--json` gives errors: a program tells the kinds apart by them alone.
struct ErrorCodeTests {
    static let commandErrors: [CommandError] = [
        .unknown(name: "x", suggestion: nil), .notHere(name: "x", places: [], here: "h"), .missingArgument(usage: "u"),
        .unexpectedArgument(usage: "u"), .badArgument("p", usage: "u"), .textNotHere(here: "h"), .busy(command: "c", reason: "r"),
        .alreadyLoggedIn("a"), .notLoggedIn, .passwordsDiffer, .notWriter(projectID: 1, writer: "w"), .ownPost,
        .nothingToGoBack(here: "h"), .waitTimedOut(seconds: 1, place: "p"), .gone("g", here: "h"), .pasteNotHere(lines: 2, here: "h"),
        .sendUnconfirmed, .noRoomNamed("n"), .roomNameAmbiguous("n", titles: []),
    ]

    @Test("each kind of error a session reports has its own code, in snake case; an error tudy does not know is unexpected")
    func codesAreDistinct() {
        let errors: [any UserFacingError] = Self.commandErrors
            + [InputError.invalidUTF8, .nulByte, .tooLong(limit: 1), .pasteDropped(lines: 1)]
            + [WriteError.empty("e"), .badTag("t"), .badCapacity("c")]
            + [StoreError.emptyMessage, .noSuchRoom(1), .messageTooLong]
        let codes = errors.map(\.code)
        #expect(Set(codes).count == codes.count, "codes said twice: \(codes)")
        for code in codes {
            #expect(!code.isEmpty && code.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "'\(code)' is not snake case")
        }
        #expect(ErrorReport.code(for: CommandError.notHere(name: "x", places: [], here: "h")) == "not_here")
        #expect(ErrorReport.code(for: StoreError.noSuchRoom(3)) == "no_such_room")
        struct Unknown: Error {}
        #expect(ErrorReport.code(for: Unknown()) == "unexpected")
    }

    @Test("a store file's faults and a database's share one type, and each has its own code")
    func storageCodesAreDistinct() {
        let errors: [StorageError] = [
            .notATudyStore(path: "p"), .newerSchema(path: "p"), .readOnly(path: "p"), .missingDirectory(path: "p"), .diskFull,
            .busy(seconds: 1), .unreadable(path: "p", reason: "r"), .corrupt(path: "p"), .isDirectory(path: "p"),
            .damaged(path: "p", problem: "q", count: 1), .notARegularFile(path: "p"), .danglingLink(path: "p", target: "t"),
            .badURL("u"), .unreachable("r"), .refused("r"), .conflict, .unreadablePasswordFile("p"),
        ]
        let codes = errors.map(\.code)
        #expect(Set(codes).count == codes.count, "codes said twice: \(codes)")
        #expect(errors.filter(\.isOutage) == [.unreachable("r")])
    }
}
