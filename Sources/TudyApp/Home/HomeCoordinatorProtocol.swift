import TudyCore

/// Home's flows, after the seed's `HomeCoordinatorProtocol`.
@MainActor
protocol HomeCoordinatorProtocol: Coordinator {
    /// The board, Home's root screen.
    var boardScreen: BoardScreen { get }

    /// Pushes the posts whose title or body has the words.
    func pushSearchScreen(words: String) async throws
    /// Pushes the posts that recruit for one work (the seed's fast search).
    func pushFastSearchScreen(work: String) async throws
    /// Presents the write form for a new post, or asks for a login first.
    func showProjectWriteScreen() async throws
    /// A new post was written: shows it.
    func registerProject(_ project: Project) async throws
    /// A post was modified: shows it as it is now.
    func updateProject(_ project: Project) async throws
    /// Presents the write form filled with a post, to modify it.
    func showModifyProject(project: Project) async throws
    /// Pushes one post's detail.
    func pushProjectDetailScreen(project: Project) async throws
    /// Asks the tab bar for the login flow.
    func showLogin()
}
