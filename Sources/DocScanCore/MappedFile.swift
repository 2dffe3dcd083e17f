#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory, unmapped once when the last reference goes.
///
/// Its pages are the page cache's: every process that maps the file shares them, and only the pages a
/// process reads count in its resident memory. The descriptor is closed as soon as the file is
/// mapped; the mapping stays valid without it. Immutable, so it is shared between threads.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes; valid as long as the `MappedFile` lives.
    public let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path`; nil when it cannot be opened, is not a regular file, is empty,
    /// or cannot be mapped.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
              let size = Int(exactly: status.st_size)
        else { return nil }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let start = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: start), bytes.count)
        }
    }
}
