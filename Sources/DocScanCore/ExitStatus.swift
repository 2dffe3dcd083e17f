/// The exit statuses of `docscan`, in one table so the CLI, the README and the tests agree.
///
/// Modelled on OCRmyPDF's `ExitCode`: a script can tell "some pages failed, the rest are written"
/// from "nothing could start" without parsing messages.
public enum ExitStatus: Int32, CaseIterable, Codable, Sendable {
    /// Every page was read and written.
    case ok = 0
    /// A bug in docscan; the message says where.
    case internalError = 1
    /// The input folder or file is missing, unreadable, or holds no page images.
    case inputError = 2
    /// At least one page failed; its record carries the error and every other page was written.
    case somePagesFailed = 3
    /// A language model or a library docscan needs is missing, or a model file is damaged.
    case missingDependency = 4
    /// The output could not be written (permissions, missing folder, disk full).
    case outputNotWritable = 5
    /// The archive is held by another run (with `--no-wait`), its server is unreachable, or it is damaged
    /// or from a newer docscan.
    case archiveError = 6
    /// `docscan archive status`: pages listed in the plan are not in the archive (a task did not finish).
    case pagesMissing = 7
    /// Bad command-line arguments (ArgumentParser's `EX_USAGE`).
    case badArguments = 64
    /// Interrupted (SIGINT/SIGTERM); the records finished before it are written.
    case interrupted = 130

    /// Whether a scheduler should run a task that ended so again: yes when the task was stopped
    /// (killed, interrupted, out of memory) or met a passing condition (a busy archive, a crash); no
    /// when running it again would end the same way (a bad argument, a missing model or input, an
    /// unwritable output, pages whose records already carry their error). The deployment examples'
    /// failure policies follow this.
    public var retryable: Bool {
        switch self {
        case .ok, .inputError, .somePagesFailed, .missingDependency, .outputNotWritable, .pagesMissing, .badArguments: false
        case .internalError, .archiveError, .interrupted: true
        }
    }

    /// One line for `--help` and the README.
    public var meaning: String {
        switch self {
        case .ok: "every page read and written"
        case .internalError: "internal error (a bug in docscan)"
        case .inputError: "input missing, unreadable, or no page images found"
        case .somePagesFailed: "some pages failed; their records carry the error, the rest are written"
        case .missingDependency: "a language model or library is missing, or a model file is damaged"
        case .outputNotWritable: "output not writable"
        case .archiveError: "archive busy (--no-wait), unreachable, damaged, or newer"
        case .pagesMissing: "archive status: listed pages are missing from the archive"
        case .badArguments: "bad command-line arguments"
        case .interrupted: "interrupted; finished pages are written"
        }
    }
}

/// Thrown by a command that ends with a status its work called for rather than with an error (some
/// pages failed, interrupted); the entry point exits with it, saying nothing more.
extension ExitStatus: Error {}
