import Foundation

/// docscan's folder for data it keeps between runs: `$XDG_DATA_HOME/docscan`, else
/// `~/.local/share/docscan`. The default archive and the model directory live there.
public enum DataFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share")
        return URL(fileURLWithPath: dataHome).appendingPathComponent("docscan")
    }
}
