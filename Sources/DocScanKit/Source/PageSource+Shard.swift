import DocScanCore

extension PageSource.Listing {
    /// The part of the listing that belongs to `shard`: its pages, skipped files and warnings, so ten
    /// thousand tasks do not each warn about the same link.
    public func restricted(to shard: Shard) -> PageSource.Listing {
        var part = self
        part.pages = pages.filter { shard.contains($0.relativePath) }
        part.skipped = skipped.filter(shard.contains)
        part.notRead = notRead.filter(shard.contains)
        // Every warning starts with the entry it names, then ": ".
        part.warnings = warnings.filter { warning in
            guard let end = warning.range(of: ": ") else { return true }
            return shard.contains(String(warning[..<end.lowerBound]))
        }
        return part
    }
}
