/// What terminals send for keys that are not text (xterm, rxvt, the Linux console, tmux and
/// screen), and what tudy's line editor does with each: the keys that move or delete are
/// bound, with their modifiers; every other (F1-F12, Page Up and Down, Insert, and any of them
/// with Shift, Alt or Ctrl) is bound to nothing, so that none is ever typed as text (F5 was
/// `~`). A person's editrc, read after, may bind any of them again.
enum KeySequences {
    /// libedit's command for a key that does nothing.
    static let ignore = "tudy-ignore"

    /// Each sequence, as libedit's `bind` writes it, and the command it runs.
    static var bindings: [(sequence: String, command: String)] {
        moving + ignored.map { ($0, ignore) }
    }

    /// xterm's modifier parameters: Shift 2, Alt 3, Shift-Alt 4, Ctrl 5, up to Ctrl-Alt-Shift 8.
    private static let modifiers = 2...8

    /// Arrows, Home, End and Delete, plain and with modifiers: Ctrl or Alt moves a word.
    private static var moving: [(String, String)] {
        var bound: [(String, String)] = [
            ("\\e[1~", "ed-move-to-beg"), ("\\e[4~", "ed-move-to-end"), ("\\e[7~", "ed-move-to-beg"),
            ("\\e[8~", "ed-move-to-end"), ("\\e[H", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"),
            ("\\eOH", "ed-move-to-beg"), ("\\eOF", "ed-move-to-end"), ("\\e[3~", "ed-delete-next-char"),
            ("\\e[5C", "em-next-word"), ("\\e[5D", "ed-prev-word"), ("\\e\\e[C", "em-next-word"), ("\\e\\e[D", "ed-prev-word"),
            // rxvt's Ctrl-arrows and Shift-arrows.
            ("\\eOc", "em-next-word"), ("\\eOd", "ed-prev-word"), ("\\e[c", "ed-next-char"), ("\\e[d", "ed-prev-char"),
            ("\\eOa", "ed-prev-history"), ("\\eOb", "ed-next-history"), ("\\e[a", "ed-prev-history"), ("\\e[b", "ed-next-history"),
        ]
        for modifier in modifiers {
            let byWord = modifier >= 3
            bound += [
                ("\\e[1;\(modifier)C", byWord ? "em-next-word" : "ed-next-char"),
                ("\\e[1;\(modifier)D", byWord ? "ed-prev-word" : "ed-prev-char"),
                ("\\e[1;\(modifier)A", "ed-prev-history"), ("\\e[1;\(modifier)B", "ed-next-history"),
                ("\\e[1;\(modifier)H", "ed-move-to-beg"), ("\\e[1;\(modifier)F", "ed-move-to-end"),
                ("\\e[3;\(modifier)~", "ed-delete-next-char"),
            ]
        }
        // `^` starts a control key in libedit's `bind`: `\^` is the character.
        for end in ["\\^", "$", "@"] {
            bound += [("\\e[1\(end)", "ed-move-to-beg"), ("\\e[4\(end)", "ed-move-to-end"), ("\\e[7\(end)", "ed-move-to-beg"),
                      ("\\e[8\(end)", "ed-move-to-end"), ("\\e[3\(end)", "ed-delete-next-char")]
        }
        return bound
    }

    /// The function keys' and the others' numbers in `ESC [ n ~`: Insert 2, Page Up 5, Page
    /// Down 6, F1-F5 11-15 (rxvt), F6-F12 17-24, and F13-F20 as Shift-F3 to F10 on rxvt.
    private static let tildeNumbers = [2, 5, 6, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34]

    private static var ignored: [String] {
        var sequences: [String] = []
        for number in tildeNumbers {
            sequences += ["\\e[\(number)~", "\\e[\(number)\\^", "\\e[\(number)$", "\\e[\(number)@"]
            sequences += modifiers.map { "\\e[\(number);\($0)~" }
        }
        // F1-F4 (xterm), plain and with modifiers, and the Linux console's F1-F5.
        for key in ["P", "Q", "R", "S"] {
            sequences += ["\\eO\(key)", "\\e[\(key)"] + modifiers.map { "\\e[1;\($0)\(key)" } + modifiers.map { "\\eO\($0)\(key)" }
        }
        sequences += ["A", "B", "C", "D", "E"].map { "\\e[[\($0)" }
        // The keypad's 5 (xterm's Begin), alone and with modifiers.
        sequences += ["\\e[E", "\\eOE", "\\e[G"] + modifiers.map { "\\e[1;\($0)E" }
        return sequences
    }
}
