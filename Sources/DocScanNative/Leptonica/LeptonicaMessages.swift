internal import CLeptonica

/// Leptonica's messages to stderr, which it prints for every failure it reports.
enum LeptonicaMessages {
    /// Turns them all off, for the whole process: docscan reports failures itself, once, with the
    /// file name.
    static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
