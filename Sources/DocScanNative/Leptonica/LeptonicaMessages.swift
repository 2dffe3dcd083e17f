internal import CLeptonica

/// Leptonica's messages to stderr, which it prints for every failure it reports.
package enum LeptonicaMessages {
    /// Turns them all off, for the whole process: docscan reports failures itself, once, with the
    /// file name.
    package static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
