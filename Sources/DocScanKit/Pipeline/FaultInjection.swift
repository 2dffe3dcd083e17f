import DocScanCore
import Foundation

/// Faults the tests inject into recognition, to prove that a run outlives a page that crashes, hangs or
/// eats memory inside Tesseract or Leptonica.
///
/// Named by `DOCSCAN_INJECT_FAULT`, a comma-separated list of `crash:NAME`, `hang:NAME` or
/// `memory:NAME`: recognizing a page whose file is named NAME then faults. Unset, it costs nothing.
enum FaultInjection: String {
    /// A segmentation fault, as a bad pointer in C would give.
    case crash
    /// A loop that never checks Tesseract's monitor.
    case hang
    /// Allocations that never stop (bounded at 16 GB, so a run without isolation cannot take a machine down).
    case memory

    static let variable = "DOCSCAN_INJECT_FAULT"

    private static let faults: [String: FaultInjection] = {
        guard let list = ProcessInfo.processInfo.environment[variable] else { return [:] }
        var faults: [String: FaultInjection] = [:]
        for entry in list.split(separator: ",") {
            let parts = entry.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let fault = FaultInjection(rawValue: String(parts[0])) { faults[String(parts[1])] = fault }
        }
        return faults
    }()

    /// The fault injected for `page`, if any.
    static func fault(for page: PageReference) -> FaultInjection? {
        faults.isEmpty ? nil : faults[page.url.lastPathComponent]
    }

    func trigger() {
        switch self {
        case .crash:
            // A real invalid write: a raised signal returns once Swift's crash reporter has run.
            UnsafeMutablePointer<Int32>(bitPattern: 0x10)?.pointee = 0
            signal(SIGSEGV, SIG_DFL)
            raise(SIGSEGV)
        case .hang:
            while true { sleep(60) }
        case .memory:
            var blocks: [UnsafeMutableRawPointer] = []
            while blocks.count < 256, let block = malloc(64 << 20) {
                memset(block, 1, 64 << 20)  // touched, so it is resident
                blocks.append(block)
                usleep(10_000)
            }
            while true { sleep(60) }
        }
    }
}
