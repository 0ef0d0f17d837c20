import Foundation
import Testing

/// `scripts/test --quick`: the tests that need nothing outside this process but a temporary
/// folder, for a loop of well under a minute after a build. `scripts/test` and CI run all.
enum QuickRun {
    /// Whether this is a quick run (`TUDY_TEST_QUICK` is set).
    static let isOn = ProcessInfo.processInfo.environment["TUDY_TEST_QUICK"] != nil

    /// The items of a test's arguments that a quick run keeps: those it `needsOutside` are left out.
    static func keeping<Item>(_ items: [Item], needsOutside: (Item) -> Bool) -> [Item] {
        isOn ? items.filter { !needsOutside($0) } : items
    }
}

extension Trait where Self == ConditionTrait {
    /// Left out of `scripts/test --quick`: it needs a PostgreSQL cluster, a pseudo-terminal,
    /// a `tudy` process or a server's, or takes seconds.
    static var notQuick: Self {
        .disabled(if: QuickRun.isOn, "scripts/test --quick leaves it out: scripts/test runs it")
    }
}
