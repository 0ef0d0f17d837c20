/// What Tab completes from: the screen in view, asked each time Tab is pressed.
package protocol LineCompleting: Sendable {
    /// What Tab does with `beforeCursor`, the line up to the cursor; `repeated` is true when
    /// the line is as the last Tab left it.
    func completion(beforeCursor: String, repeated: Bool) -> Completion
}

/// What Tab does to the line: decided by a `LineCompleting`, then done by the line editor.
package enum Completion: Equatable, Sendable {
    /// Nothing matches, or the matches share nothing more: the bell.
    case none
    /// The word before the cursor, `length` characters (Unicode scalars), becomes `text`.
    case replaceWord(length: Int, with: String)
    /// A second Tab on the same line: the matches, listed under it.
    case list([String])
}
