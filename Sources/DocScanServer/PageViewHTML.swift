import DocScanCore
import DocScanKit
import Foundation

/// The page view: the page image as docscan read it with every recognized word's box (the query's
/// matches highlighted), its text with the matches marked, keywords, and what the scan decided.
struct PageViewHTML {
    var page: ArchivedPage
    var query: String
    /// The file's pages before and after this one, for links.
    var previous: PageSummary?
    var next: PageSummary?
    /// Why the image cannot be shown (the file moved or changed); nil when it can.
    var imageProblem: String?

    func render() -> String {
        let record = page.record
        let matcher = QueryMatcher(query: query)
        let q = HTML.query([("q", query)])
        var body = "<article class=\"page-view\">\n<section class=\"image\">\n"
        if let imageProblem {
            body += "<p class=\"problem\">\(HTML.escape(imageProblem))</p>\n"
        } else if let width = record.width, let height = record.height {
            let hits = matcher.matchingWords(record.words.map(\.text))
            body += "<svg viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTML.escape(record.source)), page \(record.page)\">\n"
            body += "<image href=\"/pages/\(page.id)/image\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\"/>\n"
            for (index, word) in record.words.enumerated() {
                let box = word.box
                let kind = hits.contains(index) ? "word hit" : "word"
                body += "<rect class=\"\(kind)\" x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\"><title>\(HTML.escape(word.text)) (\(Int(word.confidence.rounded())))</title></rect>\n"
            }
            body += "</svg>\n"
            body += "<p class=\"legend\">\(hits.count) word\(hits.count == 1 ? "" : "s") matching · \(record.words.count) recognized</p>\n"
        } else {
            body += "<p class=\"problem\">This page has no image size in its record: it was not read.</p>\n"
        }
        body += "</section>\n<section class=\"about\">\n"
        body += "<h1>\(HTML.escape(record.source))<span class=\"pageno\"> · page \(record.page) of \(record.pageCount)</span></h1>\n"
        body += "<p class=\"where\">\(HTML.escape(page.root)) · archived \(HTML.escape(page.archivedAt))</p>\n"
        body += "<nav class=\"pages\">"
        if let previous {
            body += "<a rel=\"prev\" href=\"/pages/\(previous.id)\(q)\">← page \(previous.page)</a> "
        }
        if let next {
            body += "<a rel=\"next\" href=\"/pages/\(next.id)\(q)\">page \(next.page) →</a> "
        }
        body += "<a href=\"/pages/\(page.id)/original\" download>Original file</a> "
        body += "<a href=\"/pages/\(page.id)/pdf\">Searchable PDF</a> "
        body += "<a href=\"/api/pages/\(page.id)\">Record (JSON)</a></nav>\n"
        if let error = record.error {
            body += "<p class=\"problem\">This page failed: \(HTML.escape(error.message)) [\(HTML.escape(error.kind.rawValue))]</p>\n"
        }
        body += "<h2>Text</h2>\n<pre class=\"text\">\(matcher.markedHTML(record.text))</pre>\n"
        body += "<h2>Keywords</h2>\n<ul class=\"keywords\">"
        for keyword in record.keywords.prefix(40) {
            body += "<li><a href=\"/\(HTML.query([("q", keyword), ("collection", page.root)]))\">\(HTML.escape(keyword))</a></li>"
        }
        body += "</ul>\n"
        if !record.warnings.isEmpty {
            body += "<h2>Warnings</h2>\n<ul class=\"warnings\">"
            for warning in record.warnings { body += "<li>\(HTML.escape(warning))</li>" }
            body += "</ul>\n"
        }
        body += "<h2>How it was read</h2>\n<dl class=\"facts\">\n" + facts().map { "<dt>\(HTML.escape($0.0))</dt><dd>\(HTML.escape($0.1))</dd>" }.joined(separator: "\n") + "\n</dl>\n"
        body += "</section>\n</article>\n"
        return HTML.document(title: "\(record.source) · page \(record.page)", query: query, body: body)
    }

    /// The record's decisions, as a person reads them.
    private func facts() -> [(String, String)] {
        let record = page.record
        var facts: [(String, String)] = [
            ("Mode", record.mode.rawValue),
            ("Languages", record.languages.joined(separator: ", ")),
        ]
        if let confidence = record.meanConfidence { facts.append(("Mean confidence", String(format: "%.0f", confidence))) }
        if let orientation = record.orientation {
            var turn = orientation.rotation == 0 ? "upright as stored" : "turned \(orientation.rotation)° clockwise"
            if orientation.exifApplied { turn += "; EXIF orientation \(orientation.exif.map(String.init) ?? "") applied" }
            if let angle = orientation.osdAngle {
                turn += String(format: "; OSD saw %d° (confidence %.1f)", angle, orientation.osdConfidence ?? 0)
            }
            facts.append(("Orientation", turn))
        }
        if let cleanup = record.cleanup {
            var sheet = cleanup.warped ? "found by \(cleanup.pageMethod ?? "?") and flattened" : "not cut out"
            if let sides = cleanup.pageWidened, !sides.isEmpty {
                sheet += ", its \(sides.joined(separator: " and ")) side moved out past print it cut"
            }
            if let sides = cleanup.pagePulledIn, !sides.isEmpty {
                sheet += ", its \(sides.joined(separator: " and ")) side pulled in from the photo's border to the print"
            }
            if let note = cleanup.pageNote { sheet += " (\(note))" }
            facts.append(("Page in photo", sheet))
            if cleanup.dewarped { facts.append(("Curl", String(format: "flattened (line bend %.3f)", cleanup.lineBend ?? 0))) }
            if let skew = cleanup.skewAngle {
                facts.append(("Skew", String(format: "%.2f°%@", skew, cleanup.deskewed ? ", straightened" : "")))
            }
            facts.append(("Background", cleanup.backgroundNormalized ? "evened out" : "as it was"))
            if cleanup.rulesErased { facts.append(("Ruled lines", "a table's rules painted over")) }
            if cleanup.bandsReversed > 0 {
                facts.append(("Shaded bands", "\(cleanup.bandsReversed) turned to dark print on paper"))
            }
            if let factor = cleanup.enlargement {
                let again = cleanup.warped ? ", the sheet warped again from the photo at that size" : ""
                facts.append(("Small print", String(format: "letters %d px high, enlarged %.2f×", cleanup.letterHeight ?? 0, factor) + again))
            }
        }
        if let width = record.width, let height = record.height { facts.append(("Size read", "\(width) × \(height) px")) }
        facts.append(("SHA-256", record.sha256 ?? "unknown"))
        return facts
    }
}
