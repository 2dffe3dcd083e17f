import DocScanCore
import Foundation

/// The models one run uses, one per language, gathered where Tesseract can load them together.
///
/// Tesseract loads every language of a list from a single folder, but the chosen files may live in
/// different folders (Debian's fast `chi_sim`, docscan's `standard` English). Then this makes a private
/// folder of symbolic links and removes it when the run is over.
public final class ModelSelection: Sendable {
    public let languages: LanguageList
    public let mode: ScanMode
    /// The chosen model per language, in list order.
    public let models: [InstalledModel]
    /// The folder to pass to Tesseract as its data path.
    public let dataPath: String
    private let ownsDataPath: Bool

    /// Picks a model per language.
    /// - Throws: `DocScanError.missingModel` for the first language without one, before any page is read;
    ///   `DocScanError.outputNotWritable` if the link folder cannot be made.
    public init(languages: LanguageList, mode: ScanMode, store: ModelStore) throws {
        self.languages = languages
        self.mode = mode
        let models = try languages.codes.map { try store.model(for: $0, mode: mode) }
        self.models = models
        let folders = Set(models.map(\.directory))
        if folders.count == 1, let only = folders.first {
            dataPath = only
            ownsDataPath = false
        } else {
            dataPath = try Self.linkFolder(for: models)
            ownsDataPath = true
        }
    }

    deinit {
        if ownsDataPath { try? FileManager.default.removeItem(atPath: dataPath) }
    }

    private static func linkFolder(for models: [InstalledModel]) throws -> String {
        let temporary = FileManager.default.temporaryDirectory
        AbandonedFolders.remove(prefix: linkFolderPrefix, in: temporary)
        let folder = temporary
            .appendingPathComponent("\(linkFolderPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for model in models {
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appendingPathComponent("\(model.language).traineddata").path,
                    withDestinationPath: model.path)
            }
        } catch {
            throw DocScanError.outputNotWritable(path: folder.path, reason: error.localizedDescription)
        }
        return folder.path
    }

    private static let linkFolderPrefix = "docscan-models-"
}
