/// Reads the number in arguments like `3` or `#3`.
enum NumberArgument {
    /// - Throws: `CommandError.badArgument` when the argument is not a positive number.
    static func parse(_ argument: String, of spec: CommandSpec) throws -> Int {
        let digits = argument.hasPrefix("#") ? argument.dropFirst() : argument[...]
        guard let number = Int(digits) else {
            throw CommandError.badArgument("'\(argument)' is not a number", usage: spec.usage)
        }
        // Every number shown (posts, rooms, messages) starts at 1.
        guard number > 0 else {
            throw CommandError.badArgument("'\(argument)' is not a number from 1 up", usage: spec.usage)
        }
        return number
    }
}
