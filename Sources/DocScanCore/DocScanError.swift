import Foundation

/// Errors that stop a whole run before or while it works; a single bad page is a `PageError` instead.
///
/// Each case carries what the user needs to act, and maps to one `ExitStatus`.
public enum DocScanError: Error, Equatable, Codable, Sendable {
    /// A `--lang` entry that is neither a Tesseract code nor a BCP-47 tag docscan knows.
    case unknownLanguage(String)
    /// A language list with no entries.
    case emptyLanguageList
    /// No model for `language` in `mode`; `advice` says how to install one.
    case missingModel(language: String, mode: ScanMode, advice: String)
    /// The scan input does not exist or cannot be read.
    case inputNotFound(path: String)
    /// The scan input exists but no page image was found in it.
    case noPages(path: String)
    /// An output file or folder cannot be created or written.
    case outputNotWritable(path: String, reason: String)
    /// Tesseract refused to start with these model files; `reason` is what Tesseract said.
    case engineInitFailed(languages: String, models: [String], reason: String)
    /// Data or a library docscan needs beyond the models (jieba's dictionary, ICU) is missing.
    case missingDependency(name: String, advice: String)
    /// A file given with an option (`--stopwords`, `--custom-words`) cannot be read.
    case optionFileUnreadable(option: String, path: String, reason: String)
    /// A line of a records file that is not a page record docscan can read.
    case badRecord(path: String, line: Int, reason: String)
    /// Another `docscan scan` holds the archive, and waiting was not asked for.
    case archiveBusy(path: String)
    /// The archive cannot be opened or read: not an SQLite database, damaged, from a newer docscan, or
    /// its PostgreSQL server unreachable or refusing.
    case archiveUnusable(path: String, reason: String)
    /// No archive at `path` to read from (a scan makes one).
    case archiveNotFound(path: String)
    /// A search query with no word to look for.
    case emptyQuery(String)
    /// A worker process could not be started, or ended or went silent while starting.
    case workerFailed(reason: String)
    /// `--shard` (or the scheduler's variables behind `--shard auto`) names no shard: the reason says which value is wrong.
    case badShard(String)
    /// A file list (`--files-from`, a plan's shard list) that cannot be read or names a path docscan will not read.
    case badFileList(path: String, reason: String)

    /// The exit status a run that stops on this error should end with.
    public var exitStatus: ExitStatus {
        switch self {
        case .unknownLanguage, .emptyLanguageList: .badArguments
        case .missingModel, .engineInitFailed, .missingDependency: .missingDependency
        case .optionFileUnreadable: .badArguments
        case .inputNotFound, .noPages, .badRecord, .archiveNotFound: .inputError
        case .archiveBusy, .archiveUnusable: .archiveError
        case .emptyQuery, .badShard: .badArguments
        case .badFileList: .inputError
        case .outputNotWritable: .outputNotWritable
        case .workerFailed: .internalError
        }
    }
}

extension DocScanError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownLanguage(let tag):
            "unknown language '\(tag)': use a Tesseract code (eng, chi_sim, deu) or a BCP-47 tag (en-US, zh-Hans, de)"
        case .emptyLanguageList:
            "no language given: use for example --lang eng or --lang chi_sim,eng"
        case .missingModel(let language, let mode, let advice):
            "no \(mode.rawValue)-mode model for '\(language)': \(advice)"
        case .inputNotFound(let path):
            "\(path): no such file or folder, or it cannot be read"
        case .noPages(let path):
            "\(path): no page images found (looked for PNG, JPEG, TIFF, BMP, PNM, GIF, WebP, JPEG 2000, HEIC, AVIF)"
        case .outputNotWritable(let path, let reason):
            "\(path): cannot write output: \(reason)"
        case .engineInitFailed(let languages, let models, let reason):
            "Tesseract could not load '\(languages)' from \(models.joined(separator: ", "))"
                + (reason.isEmpty ? "" : ": " + reason.split(whereSeparator: \.isNewline).joined(separator: "; "))
                + "; the model file may be damaged or truncated: install it again, and run 'docscan models' to check the model files"
        case .missingDependency(let name, let advice):
            "\(name) is missing: \(advice)"
        case .optionFileUnreadable(let option, let path, let reason):
            "\(option) \(path): cannot read the file: \(reason)"
        case .badRecord(let path, let line, let reason):
            "\(path), line \(line): \(reason)"
        case .archiveBusy(let path):
            "\(path): another docscan scan is writing to this archive; wait for it, or leave out --no-wait"
        case .archiveUnusable(let path, let reason):
            "\(path): cannot use the archive: \(reason)"
        case .archiveNotFound(let path):
            "\(path): no archive there; 'docscan scan DIR' makes it"
        case .emptyQuery(let query):
            "the query '\(query)' has no word to search for"
        case .workerFailed(let reason):
            "a worker process could not start: \(reason)"
        case .badShard(let reason):
            "bad shard: \(reason)"
        case .badFileList(let path, let reason):
            "\(path): \(reason)"
        }
    }
}
