internal import CProcessSupport

extension ProcessMemory {
    /// Hands the heap freed since the last call back to the system (glibc's `malloc_trim`). glibc keeps
    /// freed memory for reuse, so a worker otherwise stays at the resident size of its largest page.
    package static func releaseFreed() {
        _ = docscan_malloc_trim()
    }
}
