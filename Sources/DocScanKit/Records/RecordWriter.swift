import DocScanCore

/// Where page records go. Only the runner's writer thread calls it, in page order.
public protocol RecordWriter {
    /// Writes one record completely or not at all.
    /// - Throws: `DocScanError.outputNotWritable`.
    func write(_ record: PageRecord) throws
    /// Flushes and closes; called once after the last record.
    func finish() throws
}

/// A writer that can replace everything it wrote with a new set of records in one step, so a run can
/// stream records as pages finish and still end with keywords ranked over the whole run.
public protocol ReplaceableRecordWriter: RecordWriter {
    /// Whether `replaceAll` can work here (a file can be replaced; standard output cannot).
    var isReplaceable: Bool { get }
    /// Replaces all records written with `records`, atomically: afterwards the output holds either the
    /// old records or the new ones, never a mix.
    func replaceAll(with records: [PageRecord]) throws
}
