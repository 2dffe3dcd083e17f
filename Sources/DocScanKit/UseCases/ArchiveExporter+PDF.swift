import DocScanCore
import Foundation

extension ArchiveExporter {
    /// One PDF per file: its archived pages read again (load, turn as their records say, clean up) in the
    /// mode and languages they were archived with, and recognized through Tesseract's PDF renderer.
    func exportPDF(to folder: URL, failure: (Failure) -> Void) throws -> Report {
        var report = Report()
        let roots = try rootCount()
        // The pages of one file, in order, each with the turn it was read in, with the mode and languages
        // they were archived with.
        var documents: [(root: String, source: String, path: String, mode: ScanMode, languages: [String], pages: [(number: Int, rotation: Int?)], pageCount: Int)] = []
        try archive.forEachPage(selection) { page in
            let record = page.record
            let read = (number: record.page, rotation: record.orientation?.rotation)
            if let last = documents.last, last.root == page.root, last.source == record.source {
                documents[documents.count - 1].pages.append(read)
            } else {
                documents.append((page.root, record.source, page.path, record.mode, record.languages, [read], record.pageCount))
            }
        }
        var writers: [String: SearchablePDFWriter] = [:]
        for document in documents {
            let target = Self.destination(in: folder, root: document.root, relativePath: document.source + ".pdf", prefixRoot: roots > 1)
            let url = URL(fileURLWithPath: document.path)
            let format = ImageFormat(contentsOf: url)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            let pages = document.pages.map {
                PageReference(url: url, relativePath: document.source, page: $0.number, pageCount: document.pageCount, format: format, fileSize: size)
            }
            // One writer (one Tesseract engine) per mode and language list, for all their files.
            let key = "\(document.mode.rawValue) \(document.languages.joined(separator: "+"))"
            if writers[key] == nil {
                let configuration = try ScanConfiguration(
                    mode: document.mode, languages: LanguageList(codes: document.languages), store: models, jobs: 1)
                writers[key] = try SearchablePDFWriter(configuration: configuration)
            }
            guard let writer = writers[key] else { continue }
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw DocScanError.outputNotWritable(path: target.deletingLastPathComponent().path, reason: error.localizedDescription)
            }
            let errors = try writer.write(pages: pages, to: target, rotations: document.pages.map(\.rotation))
            for (page, error) in zip(pages, errors) {
                if let error {
                    failure(Failure(page: page.displayName, error: error))
                    report.failures += 1
                } else {
                    report.pages += 1
                }
            }
            if FileManager.default.fileExists(atPath: target.path) { report.files += 1 }
        }
        return report
    }

}
