import DocScanCore
import Foundation

/// What `docscan export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    case jsonl, csv, text, pdf

    /// Text and PDF are one file per page or document, into a folder.
    public var writesFolder: Bool { self == .text || self == .pdf }
}

/// Writes an archive's pages out for archiving elsewhere: JSON Lines records, a CSV table, sidecar
/// text files, or searchable PDFs.
public struct ArchiveExporter: Sendable {
    public let archive: any PageArchive
    /// Which pages: all, a folder's, a collection's.
    public let selection: PageSelection
    /// Models for re-reading pages into PDFs.
    public let models: ModelStore

    public struct Report: Sendable {
        public var pages = 0
        /// Files written (text, pdf); 0 for jsonl and csv.
        public var files = 0
        public var failures = 0
    }

    /// A page that could not be exported (PDF: the file could not be read again).
    public struct Failure: Sendable {
        public var page: String
        public var error: PageError
    }

    public init(archive: any PageArchive, selection: PageSelection = .all, models: ModelStore = .default()) {
        self.archive = archive
        self.selection = selection
        self.models = models
    }

    /// Exports in `format` to `output`: a file (nil or `-`: standard output) for jsonl and csv, a
    /// folder for text and pdf. Files are written whole under a temporary name and renamed.
    /// - Throws: `DocScanError.outputNotWritable`, `DocScanError.archiveUnusable`.
    public func export(_ format: ExportFormat, to output: String?, failure: (Failure) -> Void = { _ in }) throws -> Report {
        switch format {
        case .jsonl: try exportJSONLines(to: output ?? "-")
        case .csv: try exportCSV(to: output ?? "-")
        case .text: try exportText(to: URL(fileURLWithPath: output ?? "."))
        case .pdf: try exportPDF(to: URL(fileURLWithPath: output ?? "."), failure: failure)
        }
    }

    private func exportJSONLines(to output: String) throws -> Report {
        var report = Report()
        try OutputFile.write(to: output) { sink in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try archive.forEachPage(selection) { page in
                var line = try encoder.encode(page.record)
                line.append(UInt8(ascii: "\n"))
                try sink(line)
                report.pages += 1
            }
        }
        return report
    }

    private func exportCSV(to output: String) throws -> Report {
        var report = Report()
        try OutputFile.write(to: output) { sink in
            try sink(Data("root,source,page,keywords\r\n".utf8))
            try archive.forEachPage(selection) { page in
                let fields = [page.root, page.record.source, String(page.record.page), page.record.keywordString]
                try sink(Data((fields.map(Self.csvField).joined(separator: ",") + "\r\n").utf8))
                report.pages += 1
            }
        }
        return report
    }

    private func exportText(to folder: URL) throws -> Report {
        var report = Report()
        let roots = try rootCount()
        try archive.forEachPage(selection) { page in
            let name = page.record.page > 1 ? "\(page.record.source).p\(page.record.page).txt" : "\(page.record.source).txt"
            let target = Self.destination(in: folder, root: page.root, relativePath: name, prefixRoot: roots > 1)
            try OutputFile.write(Data((page.record.text + "\n").utf8), to: target)
            report.pages += 1
            report.files += 1
        }
        return report
    }

    func rootCount() throws -> Int {
        try archive.roots(selection).count
    }

    /// `folder/relativePath`, or `folder/<root's name>/relativePath` when pages of several roots are
    /// exported, so that two folders' `scan1.png` do not overwrite each other.
    static func destination(in folder: URL, root: String, relativePath: String, prefixRoot: Bool) -> URL {
        let base = prefixRoot ? folder.appendingPathComponent(URL(fileURLWithPath: root).lastPathComponent) : folder
        return base.appendingPathComponent(relativePath)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
