import Foundation
import TudyApp
import TudyCore
import TudyTerminal
import TudyWire

/// A property the fuzzer tries to break, fed bytes it chose. Each checks a promise with
/// `precondition`, so that a broken promise is a crash the fuzzer keeps, with its input.
enum FuzzTarget: String, CaseIterable {
    /// A typed line sorted into a command or text.
    case inputLine = "input-line"
    /// A line's bytes checked and made text.
    case lineDecoder = "line-decoder"
    /// Another user's text made inert and wrapped to a terminal's width.
    case sanitizer
    /// A `--seed` file read and checked.
    case seed
    /// A frame from the network read as a request or a server's frame.
    case wire
    /// Bytes from a terminal made keys for the line editor.
    case terminalKeys = "terminal-keys"

    /// The target `TUDY_FUZZ_TARGET` names.
    static let chosen: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["TUDY_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("tudy-fuzz: set TUDY_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .inputLine: Self.inputLine(String(decoding: bytes, as: UTF8.self))
        case .lineDecoder: Self.lineDecoder(bytes)
        case .sanitizer: Self.sanitizer(String(decoding: bytes, as: UTF8.self))
        case .seed: Self.seed(Data(bytes))
        case .wire: Self.wire(String(decoding: bytes, as: UTF8.self))
        case .terminalKeys: Self.terminalKeys(bytes)
        }
    }

    private static func inputLine(_ line: String) {
        switch InputLine(parsing: line) {
        case .command(let name, let argument):
            precondition(line.hasPrefix("/") && !line.hasPrefix("//"), "a command from \(line.debugDescription)")
            precondition(!name.contains(where: \.isWhitespace), "a command name with a space: \(name.debugDescription)")
            precondition(name == name.lowercased(), "a command name not lower-cased: \(name.debugDescription)")
            precondition(argument == argument.trimmingCharacters(in: .whitespaces), "an untrimmed argument: \(argument.debugDescription)")
        case .text(let text):
            precondition(!line.hasPrefix("/") || line.hasPrefix("//"), "text from a command line \(line.debugDescription)")
            precondition(text == (line.hasPrefix("//") ? String(line.dropFirst()) : line), "text changed: \(line.debugDescription)")
        }
    }

    private static func lineDecoder(_ bytes: [UInt8]) {
        let expected = bytes.last == UInt8(ascii: "\r") ? Array(bytes.dropLast()) : bytes
        switch LineDecoder.decode(bytes) {
        case .line(let text):
            precondition(Array(text.utf8) == expected, "a line's bytes changed")
            precondition(!expected.contains(0) && expected.count <= LineDecoder.maximumLineBytes, "a refused line let through")
        case .rejected:
            precondition(
                expected.contains(0) || expected.count > LineDecoder.maximumLineBytes
                    || String(validating: expected, as: UTF8.self) == nil,
                "a good line refused")
        default:
            preconditionFailure("a line decoded as something else")
        }
    }

    private static func sanitizer(_ text: String) {
        let inert = Sanitizer.inert(text)
        for scalar in inert.unicodeScalars {
            let value = scalar.value
            precondition(
                !(value < 0x20 || (0x7F...0x9F).contains(value) || [0x200E, 0x200F, 0x2028, 0x2029, 0x061C].contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)),
                "the sanitizer let U+\(String(value, radix: 16)) through")
        }
        precondition(Sanitizer.inert(inert) == inert, "sanitizing twice changed the text")
        let width = 30
        for line in LineWrapper.wrap(prefix: "ann: ", text: inert, width: width) {
            precondition(DisplayWidth.of(line) <= width, "a wrapped line \(DisplayWidth.of(line)) columns wide: \(line.debugDescription)")
        }
    }

    private static func seed(_ data: Data) {
        do {
            try Fixture.decode(data).validate()
        } catch is StoreError {
            // Refused with a reason: what a bad seed file should get.
        } catch {
            preconditionFailure("a seed refused with \(type(of: error)), not a StoreError: \(error)")
        }
    }

    private static func wire(_ text: String) {
        let codec = WireCodec()
        if let request = try? codec.decode(WireRequest.self, from: text) {
            let again = try? codec.decode(WireRequest.self, from: try codec.encode(request))
            precondition(again == request, "a request changed on its way through the codec: \(text.debugDescription)")
        }
        if let frame = try? codec.decode(WireFrame.self, from: text) {
            let again = try? codec.decode(WireFrame.self, from: try codec.encode(frame))
            precondition(again == frame, "a frame changed on its way through the codec: \(text.debugDescription)")
        }
    }
}
