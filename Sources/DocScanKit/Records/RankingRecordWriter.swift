import DocScanKeywords

/// Ranks every record's keywords by tf-idf over the whole run before the run's output is final.
///
/// Ranking needs every page, but a long run must not hold its output back: when the wrapped writer can
/// replace its output (a file), records are written as they come, in first-seen keyword order, and the
/// output is replaced by the ranked records at the end, so an interrupted run still leaves every
/// finished page. Otherwise (standard output) records are held and written ranked at the end.
public final class RankingRecordWriter: RecordWriter {
    private let wrapped: any RecordWriter
    private let streams: Bool
    private var records: [PageRecord] = []

    public init(wrapping writer: any RecordWriter) {
        wrapped = writer
        streams = (writer as? any ReplaceableRecordWriter)?.isReplaceable ?? false
    }

    public func write(_ record: PageRecord) throws {
        if streams { try wrapped.write(record) }
        records.append(record)
    }

    public func finish() throws {
        let ranked = Self.ranked(records)
        if streams, let replaceable = wrapped as? any ReplaceableRecordWriter {
            try replaceable.replaceAll(with: ranked)
        } else {
            for record in ranked { try wrapped.write(record) }
        }
        try wrapped.finish()
    }

    /// `records` with keywords and keyword strings in tf-idf order over all of them.
    static func ranked(_ records: [PageRecord]) -> [PageRecord] {
        var ranker = KeywordRanker()
        for record in records where record.error == nil { ranker.add(record.keywords) }
        return records.map { record in
            var record = record
            let counts = record.keywords.map { record.keywordCounts[$0] ?? 1 }
            record.keywords = ranker.ranked(record.keywords, counts: counts)
            record.keywordString = record.keywords.joined(separator: " ")
            return record
        }
    }
}
