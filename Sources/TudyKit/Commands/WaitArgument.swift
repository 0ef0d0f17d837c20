/// The time-out of `/wait`: whole seconds, 30 when none is given.
enum WaitArgument {
    static let defaultSeconds = 30
    static let longest = 24 * 3600

    /// - Throws: `CommandError.badArgument` for anything but a whole number of seconds up to a day.
    static func seconds(_ argument: String, of spec: CommandSpec) throws -> Int {
        guard !argument.isEmpty else { return defaultSeconds }
        guard let seconds = Int(argument), (1...longest).contains(seconds) else {
            throw CommandError.badArgument("'\(argument)' is not a number of seconds from 1 to \(longest)", usage: spec.usage)
        }
        return seconds
    }
}
