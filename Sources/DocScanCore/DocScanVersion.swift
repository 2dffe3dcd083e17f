/// docscan's version, as `docscan --version` prints it and bug reports quote it.
///
/// Raised with every landed change to the record schema, the archive or the command line.
public enum DocScanVersion {
    public static let current = "0.14.0"
}
