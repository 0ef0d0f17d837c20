import Foundation

/// The built `tudy` executable, run as a child process with its input from a file.
struct TudyProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/tudy")

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `tudy` with the arguments, reading `input`; `XDG_DATA_HOME` and `XDG_STATE_HOME`
    /// point into `directory`.
    init(_ arguments: [String], input: [UInt8], directory: URL) throws {
        let inputURL = directory.appendingPathComponent("input-\(UUID().uuidString)")
        try Data(input).write(to: inputURL)
        process.executableURL = Self.binary
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = output
        process.standardError = errors
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path
        environment["XDG_STATE_HOME"] = directory.path + "/state"
        process.environment = environment
        try process.run()
    }

    /// Waits for the end; returns the exit status, standard output and standard error.
    func finish() -> (status: Int32, output: String, errors: String) {
        // Both pipes are drained at once, so a full one never stalls the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// Reads standard output until it holds `lines` whole lines, then kills the process at once.
    /// Returns every whole line it printed before it died.
    func kill(afterLines lines: Int) -> [String] {
        var data = Data()
        let reader = output.fileHandleForReading
        while data.count(where: { $0 == 0x0A }) < lines {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        Foundation.kill(process.processIdentifier, SIGKILL)
        data += reader.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var whole = text.components(separatedBy: "\n")
        whole.removeLast()  // the part after the last newline, if the kill cut a line
        return whole
    }
}
