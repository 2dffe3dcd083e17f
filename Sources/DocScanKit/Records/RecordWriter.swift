/// Where page records go. Only the runner's writer thread calls it, in page order.
public protocol RecordWriter {
    /// Writes one record completely or not at all.
    /// - Throws: `DocScanError.outputNotWritable`.
    func write(_ record: PageRecord) throws
    /// Flushes and closes; called once after the last record.
    func finish() throws
}
