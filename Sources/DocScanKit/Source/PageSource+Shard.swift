import DocScanCore

extension PageSource.Listing {
    /// The part of the listing that belongs to `shard`: its pages, skipped files and warnings, so ten
    /// thousand tasks do not each warn about the same link.
    public func restricted(to shard: Shard) -> PageSource.Listing {
        var part = self
        part.pages = pages.filter { shard.contains($0.relativePath) }
        part.skipped = skipped.filter(shard.contains)
        part.warnings = warnings.filter { shard.contains($0.entry) }
        return part
    }
}
