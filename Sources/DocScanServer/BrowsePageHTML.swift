import DocScanKit

/// Browse: each folder or collection with its pages and most telling keywords, and the failed pages
/// with their errors, so a person sees what needs a rescan.
struct BrowsePageHTML {
    var roots: [(count: RootPageCount, keywords: [KeywordFrequency])]
    var failures: [PageSummary]
    var failureLimit: Int

    func render() -> String {
        var body = "<h1>Browse</h1>\n"
        for (count, keywords) in roots {
            body += "<section class=\"root\"><h2>\(HTML.escape(count.root))</h2>\n"
            body += "<p class=\"meta\">\(count.ok) page\(count.ok == 1 ? "" : "s") read, \(count.failed) failed</p>\n<ul class=\"keywords\">"
            for keyword in keywords {
                let link = "/" + HTML.query([("q", keyword.keyword), ("collection", count.root)])
                body += "<li><a href=\"\(link)\">\(HTML.escape(keyword.keyword))</a> <span class=\"count\">\(keyword.pages)</span></li>"
            }
            body += "</ul></section>\n"
        }
        body += "<section class=\"failures\"><h2>Failed pages</h2>\n"
        if failures.isEmpty {
            body += "<p class=\"meta\">None: every page was read.</p>\n"
        } else {
            body += "<table><thead><tr><th>File</th><th>Page</th><th>Error</th><th>Archived</th></tr></thead><tbody>\n"
            for failure in failures {
                body += "<tr><td><a href=\"/pages/\(failure.id)\">\(HTML.escape(failure.path))</a></td><td>\(failure.page)</td>"
                body += "<td>\(HTML.escape(failure.error ?? ""))</td><td>\(HTML.escape(String(failure.archivedAt.prefix(10))))</td></tr>\n"
            }
            body += "</tbody></table>\n"
            if failures.count >= failureLimit { body += "<p class=\"meta\">The first \(failureLimit); <code>docscan export</code> lists them all.</p>\n" }
        }
        body += "</section>\n"
        return HTML.document(title: "Browse", body: body)
    }
}
