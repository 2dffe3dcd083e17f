import ArgumentParser

/// `--quiet`, shared by the commands that print a progress line or a summary on standard error.
struct QuietOption: ParsableArguments {
    @Flag(name: .shortAndLong, help: "No progress line and no summary on standard error; errors are still printed.")
    var quiet = false
}
