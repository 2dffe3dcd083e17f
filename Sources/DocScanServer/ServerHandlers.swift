import DocScanCore
import DocScanKit
import Foundation
import Hummingbird

/// What each route answers: HTML for people, JSON under `/api/`, images and files by page id.
struct ServerHandlers: Sendable {
    let archive: any PageArchive
    let renderer: PageImageRenderer

    static let failureLimit = 500

    // MARK: Pages for people

    func searchPage(_ parameters: [String: String]) async throws -> Response {
        let form = SearchForm(parameters: parameters)
        let archive = self.archive
        return try await Self.blocking {
            let roots = try archive.pageCounts()
            var page = SearchPageHTML(form: form, hits: [], roots: roots)
            if !form.query.isEmpty {
                do {
                    page.hits = try archive.search(form.archiveQuery(marks: SearchPageHTML.marks))
                } catch let error as DocScanError {
                    page.problem = error.localizedDescription
                }
            }
            return Self.html(page.render(), status: page.problem == nil ? .ok : .badRequest)
        }
    }

    func browsePage() async throws -> Response {
        let archive = self.archive
        return try await Self.blocking {
            let counts = try archive.pageCounts()
            let distinctive = DistinctiveKeywords(counts: counts)
            let roots = try counts.map { count in (count, try distinctive.keywords(of: count.root, in: archive, limit: 40)) }
            let failures = try archive.summaries(PageSelection(onlyFailed: true, limit: Self.failureLimit))
            return Self.html(BrowsePageHTML(roots: roots, failures: failures, failureLimit: Self.failureLimit).render())
        }
    }

    func pageView(id: String?, query: String) async throws -> Response {
        let archive = self.archive, renderer = self.renderer
        return try await Self.blocking {
            guard let page = try Self.page(id, in: archive) else { return Self.notFound(id) }
            let (previous, next) = try Self.neighbours(of: page, in: archive)
            var problem: String?
            if page.record.error == nil {
                do { _ = try renderer.check(page) } catch let error as PageImageError { problem = error.message }
            }
            return Self.html(PageViewHTML(page: page, query: query, previous: previous, next: next, imageProblem: problem).render())
        }
    }

    // MARK: Images and files

    func image(id: String?, thumbnail: Bool) async throws -> Response {
        let archive = self.archive, renderer = self.renderer
        return try await Self.blocking {
            guard let page = try Self.page(id, in: archive) else { return Self.notFound(id) }
            do {
                let jpeg = thumbnail ? try renderer.thumbnail(page) : try renderer.pageImage(page)
                return Response(
                    status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=600"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: jpeg)))
            } catch let error as PageImageError {
                return Self.imageProblem(error)
            }
        }
    }

    func original(id: String?) async throws -> Response {
        let archive = self.archive, renderer = self.renderer
        return try await Self.blocking {
            guard let page = try Self.page(id, in: archive) else { return Self.notFound(id) }
            do {
                let data = try renderer.original(page)
                let name = URL(fileURLWithPath: page.path).lastPathComponent
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/octet-stream",
                              .contentDisposition: "attachment; filename*=UTF-8''\(HTML.queryComponent(name))"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            } catch let error as PageImageError {
                return Self.imageProblem(error)
            }
        }
    }

    func pdf(id: String?) async throws -> Response {
        let archive = self.archive, renderer = self.renderer
        return try await Self.blocking {
            guard let page = try Self.page(id, in: archive) else { return Self.notFound(id) }
            var pages: [ArchivedPage] = []
            try archive.forEachPage(PageSelection(root: page.root, sources: [page.record.source])) { pages.append($0) }
            do {
                let data = try renderer.searchablePDF(pages.filter { $0.record.error == nil })
                let name = URL(fileURLWithPath: page.path).lastPathComponent + ".pdf"
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename*=UTF-8''\(HTML.queryComponent(name))"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            } catch let error as PageImageError {
                return Self.imageProblem(error)
            }
        }
    }

    // MARK: JSON API

    func apiIndex() -> Response {
        Self.json([
            "search": "/api/search?q=WORDS[&folder=PATH][&lang=CODE][&collection=NAME][&limit=N][&page=N]",
            "page": "/api/pages/ID",
            "keywords": "/api/keywords[?root=ROOT][&limit=N]",
            "failures": "/api/failures[?limit=N]",
        ])
    }

    func apiSearch(_ parameters: [String: String]) async throws -> Response {
        let form = SearchForm(parameters: parameters)
        let archive = self.archive
        return try await Self.blocking {
            do {
                let hits = try archive.search(form.archiveQuery(marks: ("[", "]")))
                return Self.json(APISearchResult(
                    query: form.query, page: form.page, hits: Array(hits.prefix(form.pageSize)), more: hits.count > form.pageSize))
            } catch let error as DocScanError {
                return Self.json(APIError(error: error.localizedDescription), status: .badRequest)
            }
        }
    }

    func apiPage(id: String?) async throws -> Response {
        let archive = self.archive
        return try await Self.blocking {
            guard let page = try Self.page(id, in: archive) else {
                return Self.json(APIError(error: "no page with id \(id ?? "")"), status: .notFound)
            }
            let (previous, next) = try Self.neighbours(of: page, in: archive)
            return Self.json(APIPage(
                id: page.id, root: page.root, path: page.path, archivedAt: page.archivedAt,
                previous: previous?.id, next: next?.id,
                image: "/pages/\(page.id)/image", record: page.record))
        }
    }

    func apiKeywords(_ parameters: [String: String]) async throws -> Response {
        let archive = self.archive
        let limit = min(max(1, Int(parameters["limit"] ?? "") ?? 50), 1000)
        return try await Self.blocking {
            let counts = try archive.pageCounts()
            let distinctive = DistinctiveKeywords(counts: counts)
            return Self.json(try counts.filter { parameters["root"] == nil || $0.root == parameters["root"] }.map { count in
                APIKeywords(root: count.root, pages: count.ok, keywords: try distinctive.keywords(of: count.root, in: archive, limit: limit))
            })
        }
    }

    func apiFailures(_ parameters: [String: String]) async throws -> Response {
        let archive = self.archive
        let limit = min(max(1, Int(parameters["limit"] ?? "") ?? 100), 10_000)
        return try await Self.blocking { Self.json(try archive.summaries(PageSelection(onlyFailed: true, limit: limit))) }
    }

    // MARK: Helpers

    /// Runs `work` off the event loop; an archive that fails (unreachable, damaged) is a page that says
    /// so with 503, anything else unexpected a 500 that names it, never a blank answer.
    static func blocking(_ work: @escaping @Sendable () throws -> Response) async throws -> Response {
        do {
            return try await Blocking.run(work)
        } catch let error as DocScanError {
            return html(HTML.document(title: "Archive unavailable", body: """
                <h1>The archive cannot be read</h1>
                <p class="problem">\(HTML.escape(error.localizedDescription))</p>
                """), status: .serviceUnavailable)
        } catch {
            return html(HTML.document(title: "Error", body: """
                <h1>Something went wrong</h1>
                <p class="problem">\(HTML.escape("\(error)"))</p>
                """), status: .internalServerError)
        }
    }

    /// The page with archive id `id`; nil for an id that is not a whole number or not in the archive.
    static func page(_ id: String?, in archive: any PageArchive) throws -> ArchivedPage? {
        guard let id, id.allSatisfy(\.isASCII), let number = Int64(id), number > 0 else { return nil }
        var found: ArchivedPage?
        try archive.forEachPage(PageSelection(id: number)) { found = $0 }
        return found
    }

    /// The pages before and after `page` in its file.
    static func neighbours(of page: ArchivedPage, in archive: any PageArchive) throws -> (previous: PageSummary?, next: PageSummary?) {
        let siblings = try archive.summaries(PageSelection(root: page.root, sources: [page.record.source]))
        return (siblings.last { $0.page < page.record.page }, siblings.first { $0.page > page.record.page })
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: "default-src 'self'; style-src 'self'"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func notFound(_ id: String?) -> Response {
        html(HTML.document(title: "No such page", body: """
            <h1>No such page</h1>
            <p class="problem">The archive has no page with id “\(HTML.escape(id ?? ""))”. Pages are reached by the links of a search.</p>
            """), status: .notFound)
    }

    /// 404 for a file that is gone, 409 for one that changed, 500 for one that cannot be read.
    static func imageProblem(_ error: PageImageError) -> Response {
        let status: HTTPResponse.Status
        switch error {
        case .fileMissing: status = .notFound
        case .fileChanged: status = .conflict
        case .cannotRender: status = .internalServerError
        }
        return Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: error.message + "\n")))
    }
}

struct APISearchResult: Encodable {
    var query: String
    var page: Int
    var hits: [SearchHit]
    /// Whether a next page has hits.
    var more: Bool
}

struct APIPage: Encodable {
    var id: Int64
    var root: String
    var path: String
    var archivedAt: String
    var previous: Int64?
    var next: Int64?
    var image: String
    var record: PageRecord

    enum CodingKeys: String, CodingKey {
        case id, root, path, archivedAt = "archived_at", previous, next, image, record
    }
}

struct APIKeywords: Encodable {
    var root: String
    var pages: Int
    var keywords: [KeywordFrequency]
}

struct APIError: Encodable {
    var error: String
}
