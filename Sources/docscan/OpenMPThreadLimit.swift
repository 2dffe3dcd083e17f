import Foundation

/// Keeps Tesseract's OpenMP from oversubscribing the cores.
///
/// libtesseract links libgomp, which reads `OMP_THREAD_LIMIT` once, when it is loaded, before `main`
/// runs. Left unset, a page took 7.8x longer on 2 cores here. So when the variable is missing, docscan
/// sets it and re-executes itself; docscan's own workers give the parallelism instead.
enum OpenMPThreadLimit {
    static let variable = "OMP_THREAD_LIMIT"

    static func ensure() {
        guard getenv(variable) == nil else { return }
        setenv(variable, "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Only reached if re-executing failed: go on, slower, and say why.
        FileHandle.standardError.write(Data(
            "docscan: warning: could not re-execute with \(variable)=1 (\(String(cString: strerror(errno)))); set it in the environment to avoid slow recognition\n".utf8))
    }
}
