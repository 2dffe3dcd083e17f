extension PageRecord {
    /// The script the record's warnings say its page is written in, one no language of the run reads
    /// (`ForeignScript`); nil when they say nothing of it.
    var foreignScript: String? {
        guard let script = orientation?.script, warnings.contains(where: { $0.contains(ForeignScript.marker) }) else { return nil }
        return script
    }
}
