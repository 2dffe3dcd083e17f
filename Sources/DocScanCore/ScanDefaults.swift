/// The defaults of a run, in one place: the command line's help, the library's initializers and the
/// stages read them from here.
public enum ScanDefaults {
    /// Pages with more pixels than this are refused from their header, before decoding; OCRmyPDF uses
    /// the same cap.
    public static let maxPixels = 250_000_000

    /// Two minutes: 20 to 50 times what a dense page takes in accurate mode here, so only a page that
    /// would hold up a worker for good reaches it.
    public static let pageTimeout = 120.0

    /// Resident memory a worker process may hold: a real 250-megapixel PNG (the pixel cap) needs about
    /// 1 GB in a worker, so this leaves it room and still stops a decoder that allocates without end.
    public static let pageMemoryLimit = 4_096_000_000
}
