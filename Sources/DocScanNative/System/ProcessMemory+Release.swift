internal import CProcessSupport

extension ProcessMemory {
    /// Hands the heap freed since the last call back to the system (glibc's `malloc_trim`). glibc keeps
    /// freed memory for reuse, so a worker otherwise stays at the resident size of its largest page.
    package static func releaseFreed() {
        _ = docscan_malloc_trim()
    }

    /// Gives each block of at least `bytes` its own mapping, handed back to the system when freed (glibc's
    /// `M_MMAP_THRESHOLD`); for worker processes, whose large blocks are page images.
    ///
    /// By default glibc maps blocks from 128 KB, and raises that threshold to the size of any mapped block
    /// freed (up to 32 MB): after a worker's first page its full-size images come from the heap, and
    /// those freed stay resident until the page is over (`releaseFreed`), under the next ones. A fixed
    /// threshold keeps them apart. Measured on the public eval set's eight Chinese pages, `--jobs 2`
    /// (docscan and its workers, peak of summed resident memory): 4 MB took fast mode from 398 to 383 MB
    /// and accurate mode from 424 to 401 MB, at the same wall time; 1 MB measured the same.
    /// - Returns: false when glibc refused the setting.
    package static func mapBlocks(atLeast bytes: Int) -> Bool {
        docscan_malloc_mmap_threshold(Int32(clamping: bytes)) == 1
    }
}
