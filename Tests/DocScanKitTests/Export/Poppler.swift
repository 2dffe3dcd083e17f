import Foundation

/// What Poppler's tools (Debian poppler-utils: `pdfinfo`, `pdftotext`, `pdfimages`) see in a PDF: an independent
/// reader, so the tests check the file a viewer gets, not docscan's idea of it.
enum Poppler {
    /// A word of the text layer, its box in PDF points from the page's top left.
    struct Word {
        let text: String
        let xMin: Double, yMin: Double, xMax: Double, yMax: Double
    }

    /// Page width and height in points, in page order.
    static func pageSizes(_ pdf: URL) throws -> [(width: Double, height: Double)] {
        let info = try run("pdfinfo", ["-f", "1", "-l", "9999", pdf.path])
        return info.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: #/^Page +\d+ size: +([\d.]+) x ([\d.]+) pts/#),
                  let width = Double(match.1), let height = Double(match.2)
            else { return nil }
            return (width, height)
        }
    }

    /// The number of pages `pdfinfo` reports.
    static func pageCount(_ pdf: URL) throws -> Int? {
        let info = try run("pdfinfo", [pdf.path])
        return info.firstMatch(of: #/\nPages: +(\d+)/#).flatMap { Int($0.1) }
    }

    /// The text of one page (1-based), or of all pages.
    static func text(_ pdf: URL, page: Int? = nil) throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try run("pdftotext", range + [pdf.path, "-"])
    }

    /// The words of one page with their boxes (`pdftotext -bbox`).
    static func words(_ pdf: URL, page: Int) throws -> [Word] {
        let html = try run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        return html.matches(of: #/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>/#)
            .compactMap { match in
                guard let xMin = Double(match.1), let yMin = Double(match.2),
                      let xMax = Double(match.3), let yMax = Double(match.4)
                else { return nil }
                return Word(text: String(match.5), xMin: xMin, yMin: yMin, xMax: xMax, yMax: yMax)
            }
    }

    /// The pixel size of every embedded image, in page order (`pdfimages -list`).
    static func imageSizes(_ pdf: URL) throws -> [(width: Int, height: Int)] {
        try run("pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4, let width = Int(fields[3]), let height = Int(fields[4]) else { return nil }
            return (width, height)
        }
    }

    /// Runs a Poppler tool and returns its standard output.
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolFailed(tool: tool, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// A tool that is missing (install poppler-utils: `make setup`) or failed.
    struct ToolFailed: Error, CustomStringConvertible {
        let tool: String
        let status: Int32
        var description: String { "\(tool) exited with \(status); is poppler-utils installed (make setup)?" }
    }
}
