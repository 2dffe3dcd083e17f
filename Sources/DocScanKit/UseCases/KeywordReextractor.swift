import DocScanCore
import DocScanKeywords
import Foundation

/// Extracts records' keywords again from the lines and words they carry, without OCR, so new stop
/// words, custom words or a different confidence threshold apply to pages already scanned.
public struct KeywordReextractor {
    private let settings: KeywordSettings
    private let languages: LanguageList?

    /// What a run did, for the summary and the benchmark.
    public struct Report: Sendable {
        /// Pages whose keywords were extracted again (failed pages are copied as they are).
        public var pages = 0
        /// UTF-8 bytes of page text the keyword stage read.
        public var textBytes = 0
        /// Wall-clock seconds in the keyword stage alone, all workers together; building the
        /// extractors (stop words, dictionaries) and reading and writing records are not counted.
        public var seconds = 0.0
    }

    /// - Parameter languages: the languages to pick stop words and lexicons by; nil uses each record's own.
    public init(settings: KeywordSettings, languages: LanguageList? = nil) {
        self.settings = settings
        self.languages = languages
    }

    /// `records` with new keywords, keyword strings, counts and drop counts, in the same order, read on
    /// `jobs` threads; failed pages are returned as they are.
    /// - Throws: `DocScanError` when an extractor cannot be built (a language, a file, a dependency).
    public func reextract(_ records: [PageRecord], jobs: Int = 1) throws -> (records: [PageRecord], report: Report) {
        var extractors: [[String]: SegmentingKeywordExtractor] = [:]
        var pageLanguages: [LanguageList?] = []
        var report = Report()
        for record in records {
            guard record.error == nil else {
                pageLanguages.append(nil)
                continue
            }
            let list = try languages ?? LanguageList(parsing: record.languages.joined(separator: ","))
            if extractors[list.codes] == nil { extractors[list.codes] = try settings.extractor(languages: list) }
            pageLanguages.append(list)
            report.pages += 1
            report.textBytes += record.text.utf8.count
        }
        let (extractorsByLanguages, languagesByPage) = (extractors, pageLanguages)
        let clock = Stopwatch()
        let done = concurrentMap(count: records.count, jobs: jobs, chunk: 16, state: {}) { _, position in
            var record = records[position]
            if let list = languagesByPage[position], let extractor = extractorsByLanguages[list.codes] {
                let found = extractor.extract(from: record.recognizedText, languages: list)
                record.setKeywords(found)
                record.warnings += found.warnings
            }
            return record
        }
        report.seconds = clock.seconds
        return (done, report)
    }

    /// The records in `input` (`-`: standard input) with their keywords extracted again, ranked over
    /// all of them, written to `output` (`-`: standard output), which may be the input file: it is read
    /// whole first and replaced in one step, and an interrupted run leaves it as it was. Reading, the
    /// keyword stage and writing each run on `jobs` threads.
    /// - Throws: `DocScanError.inputNotFound`, `.badRecord`, `.outputNotWritable`, or an extractor's error.
    public func reextract(from input: String, to output: String, jobs: Int = 1) throws -> Report {
        let (records, report) = try reextract(try RecordReader.read(path: input, jobs: jobs), jobs: jobs)
        // Every record is at hand, so they are ranked at once and written once (a scan's
        // `RankingRecordWriter` streams them first, for an interrupted run).
        try JSONLinesWriter.write(RankingRecordWriter.ranked(records), to: output, jobs: jobs)
        return report
    }
}
