/// Writes each record to several writers in turn (the archive, then a records file), and finishes each.
public final class RecordFanOut: RecordWriter {
    private let writers: [any RecordWriter]

    public init(_ writers: [any RecordWriter]) {
        self.writers = writers
    }

    public func write(_ record: PageRecord) throws {
        for writer in writers { try writer.write(record) }
    }

    public func finish() throws {
        for writer in writers { try writer.finish() }
    }
}

@available(*, unavailable)
extension RecordFanOut: Sendable {}
