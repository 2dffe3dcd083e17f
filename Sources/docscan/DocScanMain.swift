import ArgumentParser
import Foundation

/// Entry point: makes sure OpenMP runs one thread per worker, then hands over to ArgumentParser.
@main
enum DocScanMain {
    static func main() {
        OpenMPThreadLimit.ensure()
        DocScanCommand.main()
    }
}
