import DocScanCore
import DocScanKit
import Foundation
import Hummingbird
import Logging

/// `docscan serve`: a read-only web page and JSON API over an archive. Search as `docscan search`
/// does, see each page's image with its recognized words, browse keywords and failed pages.
///
/// Files are reached only through an archive page id, never through a path from the request, and
/// every archive text is escaped in HTML (`HTML.escape`).
public struct ArchiveServer: Sendable {
    public let archive: any PageArchive
    public let renderer: PageImageRenderer
    public var host: String
    public var port: Int
    /// Logs nothing below critical: for tests, which stop servers by cancelling them.
    public var quiet = false

    public init(archive: any PageArchive, renderer: PageImageRenderer = PageImageRenderer(), host: String = "127.0.0.1", port: Int = 8080) {
        self.archive = archive
        self.renderer = renderer
        self.host = host
        self.port = port
    }

    /// Whether `host` only reaches this machine.
    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests under way and returns.
    /// - Parameter started: called once listening, with the address to open (the port a `port` of 0 got).
    /// - Throws: when the address cannot be bound.
    public func run(started: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
        var logger = Logger(label: "docscan.serve")
        logger.logLevel = quiet ? .critical : .warning
        let host = self.host
        let application = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "docscan"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                if let url = URL(string: "http://\(shown):\(port)") { started(url) }
            },
            logger: logger)
        try await application.runService()
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let handlers = ServerHandlers(archive: archive, renderer: renderer)
        router.get("/") { request, _ in try await handlers.searchPage(Self.parameters(request)) }
        router.get("/style.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: Stylesheet.css)))
        }
        router.get("/browse") { _, _ in try await handlers.browsePage() }
        router.get("/pages/:id") { request, context in
            try await handlers.pageView(id: context.parameters.get("id"), query: Self.parameters(request)["q"] ?? "")
        }
        router.get("/pages/:id/image") { _, context in try await handlers.image(id: context.parameters.get("id"), thumbnail: false) }
        router.get("/pages/:id/thumbnail") { _, context in try await handlers.image(id: context.parameters.get("id"), thumbnail: true) }
        router.get("/pages/:id/original") { _, context in try await handlers.original(id: context.parameters.get("id")) }
        router.get("/pages/:id/pdf") { _, context in try await handlers.pdf(id: context.parameters.get("id")) }
        router.get("/api") { _, _ in handlers.apiIndex() }
        router.get("/api/search") { request, _ in try await handlers.apiSearch(Self.parameters(request)) }
        router.get("/api/pages/:id") { _, context in try await handlers.apiPage(id: context.parameters.get("id")) }
        router.get("/api/keywords") { request, _ in try await handlers.apiKeywords(Self.parameters(request)) }
        router.get("/api/failures") { request, _ in try await handlers.apiFailures(Self.parameters(request)) }
        return router
    }

    /// The query string's parameters, decoded as HTML forms encode them (`+` is a space, then percent
    /// escapes); the first of a repeated name.
    static func parameters(_ request: Request) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let name = decode(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return parameters
    }
}
