/// The read-eval-print loop: reads lines, hands them to the tab bar, reports errors.
@MainActor
public final class REPL {
    /// How the loop behaves.
    public struct Options: Sendable {
        /// Stop at the first failed command.
        public var bail: Bool
        /// A person at a terminal, rather than a script.
        public var isInteractive: Bool

        public init(bail: Bool = false, isInteractive: Bool = false) {
            self.bail = bail
            self.isInteractive = isInteractive
        }
    }

    private let app: AppCoordinator
    private let reader: any LineReader
    private let console: Console
    private let options: Options

    public init(app: AppCoordinator, reader: any LineReader, console: Console, options: Options) {
        self.app = app
        self.reader = reader
        self.console = console
        self.options = options
    }

    /// The exit status when standard output is closed under tudy: 128 + SIGPIPE, as a shell reports it.
    public static let closedOutputStatus: Int32 = 141

    /// Runs until `/quit` or the end of input; returns the exit status: 1 if any command failed,
    /// 141 when standard output was closed.
    public func run() async -> Int32 {
        do {
            try await app.start()
        } catch {
            console.error(ErrorReport.message(for: error))
            return 1
        }
        guard let tabBar = app.tabBarCoordinator else { return 1 }
        tabBar.passwordLinesFollowRefusals = !options.isInteractive
        if options.isInteractive {
            console.line("tudy: /help lists the commands, /quit leaves")
        }
        var failed = false
        loop: while true {
            let request = options.isInteractive ? await tabBar.interactiveLineRequest() : tabBar.lineRequest
            switch reader.readLine(request) {
            case .interrupted:
                tabBar.interrupt()
            case .end:
                if let unfinished = tabBar.unfinishedFlow {
                    console.error("input ended: \(unfinished)")
                    failed = true
                }
                break loop
            case .rejected(let problem):
                if tabBar.skipRefusedPasswordLine() { continue }
                console.error(problem.message)
                failed = true
            case .line(let line):
                do {
                    if try await tabBar.handle(line: line) == .quit { break loop }
                } catch {
                    console.error(ErrorReport.message(for: error))
                    failed = true
                }
            }
            if console.isClosed { return Self.closedOutputStatus }
            if failed && options.bail { break }
        }
        return failed ? 1 : 0
    }
}
