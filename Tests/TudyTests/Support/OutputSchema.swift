import Foundation

/// `Tests/TudyTests/JSON/output.schema.json`, the contract of `--json`'s lines, checked
/// by python3-jsonschema.
enum OutputSchema {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("JSON/output.schema.json")

    /// Checks every line of the files against the schema: whether all are valid, and either
    /// how many lines were checked or the first line that is not, with why.
    static func check(_ files: [String]) throws -> (valid: Bool, report: String) {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            count = 0
            for path in sys.argv[2:]:
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    for error in validator.iter_errors(json.loads(line)):
                        print(f"{path}:{number}: {error.message}")
                        sys.exit(1)
                    count += 1
            print(count)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
