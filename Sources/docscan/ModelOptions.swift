import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `--models`, shared by the commands that load Tesseract models.
struct ModelOptions: ParsableArguments {
    @Option(name: .customLong("models"), help: ArgumentHelp(
        "docscan's model directory (default: $DOCSCAN_MODELS or ~/.local/share/docscan/models).", valueName: "dir"))
    var directory: String?

    var store: ModelStore { directory.map { ModelStore(root: URL(fileURLWithPath: $0)) } ?? .default() }
}
