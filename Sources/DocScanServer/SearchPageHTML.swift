import DocScanKit

/// The search page: the query's hits with thumbnail, snippet, keywords, folder, page and date, filters
/// and paging; the front page when there is no query.
struct SearchPageHTML {
    var form: SearchForm
    /// One more than a page holds when there is a next page.
    var hits: [SearchHit]
    /// The archive's roots and their page counts, for the collection filter and the front page.
    var roots: [RootPageCount]
    var problem: String?

    static let marks = ("\u{E000}", "\u{E001}")

    func render() -> String {
        var body = "<form class=\"filters\" action=\"/\" method=\"get\">\n"
        body += "<input type=\"hidden\" name=\"q\" value=\"\(HTML.escape(form.query))\">\n"
        body += "<label>Folder <input name=\"folder\" value=\"\(HTML.escape(form.folder ?? ""))\" placeholder=\"/path/to/folder\"></label>\n"
        body += "<label>Language <input name=\"lang\" value=\"\(HTML.escape(form.language ?? ""))\" placeholder=\"eng, chi_sim\" size=\"8\"></label>\n"
        body += "<label>Collection <select name=\"collection\"><option value=\"\">all</option>"
        for root in roots {
            let selected = root.root == form.collection ? " selected" : ""
            body += "<option value=\"\(HTML.escape(root.root))\"\(selected)>\(HTML.escape(root.root))</option>"
        }
        body += "</select></label>\n<button type=\"submit\">Filter</button>\n</form>\n"
        if let problem {
            body += "<p class=\"problem\">\(HTML.escape(problem))</p>\n"
        } else if form.query.isEmpty {
            let pages = roots.reduce(0) { $0 + $1.ok + $1.failed }
            body += "<p class=\"summary\">\(pages) page\(pages == 1 ? "" : "s") in \(roots.count) folder\(roots.count == 1 ? "" : "s") or collection\(roots.count == 1 ? "" : "s"). Search for words; <code>word*</code> finds words that begin so; Chinese is cut into words.</p>\n"
        } else if hits.isEmpty {
            body += "<p class=\"summary\">No page has every word of “\(HTML.escape(form.query))”.</p>\n"
        } else {
            let shown = hits.prefix(form.pageSize)
            let first = form.offset + 1, last = form.offset + shown.count
            body += "<p class=\"summary\">Pages \(first)–\(last) for “\(HTML.escape(form.query))”, best first.</p>\n<ol class=\"results\" start=\"\(first)\">\n"
            for hit in shown {
                let link = "/pages/\(hit.id)\(HTML.query([("q", form.query)]))"
                let snippet = HTML.escape(hit.snippet)
                    .replacingOccurrences(of: Self.marks.0, with: "<mark>").replacingOccurrences(of: Self.marks.1, with: "</mark>")
                body += "<li class=\"hit\"><a class=\"thumb\" href=\"\(link)\"><img src=\"/pages/\(hit.id)/thumbnail\" alt=\"\" loading=\"lazy\" width=\"120\"></a>\n"
                body += "<div><a class=\"title\" href=\"\(link)\">\(HTML.escape(hit.source))</a> <span class=\"pageno\">page \(hit.page) of \(hit.pageCount)</span>\n"
                body += "<p class=\"snippet\">\(snippet)</p>\n"
                body += "<p class=\"meta\">\(HTML.escape(hit.root)) · \(HTML.escape(hit.languages.joined(separator: "+"))) · \(HTML.escape(String(hit.archivedAt.prefix(10))))</p>\n"
                body += "<p class=\"keywords\">" + hit.keywords.map { HTML.escape($0) }.joined(separator: " · ") + "</p></div></li>\n"
            }
            body += "</ol>\n<nav class=\"paging\">"
            if form.page > 1 { body += "<a rel=\"prev\" href=\"/\(form.link(page: form.page - 1))\">← Previous</a> " }
            if hits.count > form.pageSize { body += "<a rel=\"next\" href=\"/\(form.link(page: form.page + 1))\">Next →</a>" }
            body += "</nav>\n"
        }
        return HTML.document(title: form.query.isEmpty ? "Search" : form.query, query: form.query, body: body)
    }
}

/// What the search page and `/api/search` were asked, from the query string.
struct SearchForm: Sendable {
    var query: String
    var folder: String?
    var language: String?
    var collection: String?
    var page: Int
    var pageSize: Int

    var offset: Int { (page - 1) * pageSize }

    init(parameters: [String: String], pageSize: Int = 20) {
        func value(_ name: String) -> String? {
            parameters[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        query = value("q") ?? ""
        folder = value("folder")
        language = value("lang")
        collection = value("collection")
        page = min(max(1, Int(value("page") ?? "") ?? 1), 10_000)
        self.pageSize = min(max(1, Int(value("limit") ?? "") ?? pageSize), 100)
    }

    func link(page: Int) -> String {
        HTML.query([("q", query), ("folder", folder), ("lang", language), ("collection", collection), ("page", String(page))])
    }

    /// The archive query: one more hit than a page holds, to know whether there is a next page.
    func archiveQuery(marks: (String, String)) -> ArchiveQuery {
        var archiveQuery = ArchiveQuery(query, folder: folder, language: language, limit: pageSize + 1, marks: marks)
        archiveQuery.root = collection
        archiveQuery.offset = offset
        return archiveQuery
    }
}
