import Foundation

/// `scripts/fuzz` builds this with `-sanitize=fuzzer,address -DFUZZING`: libFuzzer then runs
/// the target `TUDY_FUZZ_TARGET` names. Built plainly, it runs the inputs in the files and
/// folders given (a corpus, a crash the fuzzer kept) through that target, once each.
@main
enum FuzzEntry {
    static func main() throws {
        #if FUZZING
        // SwiftPM names this function the program's entry, so libFuzzer's own `main` is not
        // linked; its driver is started here instead.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let files = isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                FuzzTarget.chosen.run(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
                count += 1
            }
        }
        print("\(FuzzTarget.chosen.rawValue): \(count) inputs, every promise kept")
        #endif
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One input from libFuzzer (also the name its own `main` looks for).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.chosen.run(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}
#endif
