import DocScanKit
import Foundation

#if DOCSCAN_FUZZ
/// The one target, made on the first input: its file and loader are reused for every input after.
nonisolated(unsafe) private var target: LoadFuzzTarget?

/// libFuzzer's entry point, when built by `make fuzz` (`-sanitize=fuzzer -DDOCSCAN_FUZZ`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if target == nil {
        do {
            target = try LoadFuzzTarget()
        } catch {
            fatalError("cannot set up the load fuzzer: \(error)")
        }
    }
    _ = target?.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's driver, which its own `main` would call: SwiftPM names an executable's entry point
/// itself, so the fuzzer is started from Swift's `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@main
enum LoadFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    }
}
#else
/// Without the fuzzer: replays saved inputs (the seed corpus, a crash the fuzzer kept) through the same
/// target, so a finding can be reproduced and kept as a regression test without a sanitizer build.
@main
enum LoadInputReplayer {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard !arguments.isEmpty, !arguments.contains("--help") else {
            print("usage: docscan-load-fuzzer FILE_OR_FOLDER...\n"
                + "Loads each input as the fuzz target does and prints one line per input: its outcome per page.")
            return
        }
        let target = try LoadFuzzTarget()
        var inputs: [URL] = []
        for argument in arguments {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("docscan-load-fuzzer: \(argument): no such file or folder\n".utf8))
                exit(2)
            }
            if isFolder.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
                inputs += names.map { url.appendingPathComponent($0) }
            } else {
                inputs.append(url)
            }
        }
        for input in inputs {
            let bytes = try Data(contentsOf: input)
            let outcomes = bytes.withUnsafeBytes { target.run($0) }
            let shown = outcomes.map { outcome in
                switch outcome {
                case .decoded: "decoded"
                case .refused(let kind): kind.rawValue
                }
            }
            print("\(input.lastPathComponent)\t\(shown.joined(separator: ","))")
        }
    }
}
#endif
