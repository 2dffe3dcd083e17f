import AsyncHTTPClient
import Foundation
import NIOCore

/// A W3C WebDriver session in Debian's headless chromium, driven through chromedriver (installed by
/// `make setup`): enough of the protocol for a test to type into a page, click, and read what it shows.
final class WebDriver: @unchecked Sendable {
    /// The key W3C WebDriver gives an element reference under.
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let driver: Process
    private let base: URL
    private let session: String
    private let scratch: URL

    /// A rendered element's place on the page, in CSS pixels.
    struct Rect: Decodable, Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts chromedriver on a free loopback port and opens a browser session with a profile of its own.
    static func start(windowWidth: Int = 1200, windowHeight: Int = 900) async throws -> WebDriver {
        let scratch = try ServerFixture.temporaryFolder()
        let (driver, base) = try await launchDriver(home: scratch)
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": "/usr/bin/chromium",
                        "args": [
                            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                            "--hide-scrollbars", "--window-size=\(windowWidth),\(windowHeight)",
                            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
                        ],
                    ],
                ],
            ],
        ]
        do {
            let value = try await Self.call("POST", base.appendingPathComponent("session"), capabilities)
            guard let session = (value as? [String: Any])?["sessionId"] as? String else {
                throw Failure(description: "no session in \(String(describing: value))")
            }
            return WebDriver(driver: driver, base: base.appendingPathComponent("session/\(session)"), session: session, scratch: scratch)
        } catch {
            stop(driver)
            throw error
        }
    }

    /// chromedriver on a random high port, tried again on another when that one is taken (chromedriver
    /// would pick one itself with --port=0, but says which only on a block-buffered stdout).
    private static func launchDriver(home: URL) async throws -> (Process, URL) {
        for _ in 0..<10 {
            let port = Int.random(in: 20_000..<60_000)
            let driver = Process()
            driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
            driver.arguments = ["--port=\(port)", "--silent"]
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = home.path
            driver.environment = environment
            driver.standardOutput = FileHandle.nullDevice
            driver.standardError = FileHandle.nullDevice
            try driver.run()
            guard let base = URL(string: "http://127.0.0.1:\(port)") else { continue }
            for _ in 0..<100 where driver.isRunning {
                let ready = try? await call("GET", base.appendingPathComponent("status"), nil) as? [String: Any]
                if ready?["ready"] as? Bool == true { return (driver, base) }
                try await Task.sleep(for: .milliseconds(100))
            }
            stop(driver)
        }
        throw Failure(description: "chromedriver did not start on any of 10 ports")
    }

    /// Ends chromedriver, which ignores SIGTERM.
    private static func stop(_ driver: Process) {
        guard driver.isRunning else { return }
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    private init(driver: Process, base: URL, session: String, scratch: URL) {
        self.driver = driver
        self.base = base
        self.session = session
        self.scratch = scratch
    }

    /// Ends the browser session and chromedriver.
    func quit() async {
        _ = try? await Self.call("DELETE", base, nil)
        Self.stop(driver)
        try? FileManager.default.removeItem(at: scratch)
    }

    func navigate(to url: URL) async throws {
        _ = try await Self.call("POST", base.appendingPathComponent("url"), ["url": url.absoluteString])
    }

    /// Waits until the browser has loaded a page whose address starts with `prefix` (typing Enter into a
    /// form returns before the navigation it starts has finished); throws after `seconds`.
    func waitForPage(at prefix: String, seconds: Double = 20) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        var seen = ""
        while Date() < deadline {
            seen = try await currentURL()
            if seen.hasPrefix(prefix), try await evaluate("return document.readyState") as? String == "complete" { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "no page at \(prefix) after \(seconds) s (at \(seen))")
    }

    func currentURL() async throws -> String {
        try await Self.call("GET", base.appendingPathComponent("url"), nil) as? String ?? ""
    }

    /// The first element `selector` matches; throws when none does.
    func element(_ selector: String) async throws -> String {
        let value = try await Self.call("POST", base.appendingPathComponent("element"), ["using": "css selector", "value": selector])
        guard let id = (value as? [String: Any])?[Self.elementKey] as? String else {
            throw Failure(description: "no element \(selector)")
        }
        return id
    }

    func elements(_ selector: String) async throws -> [String] {
        let value = try await Self.call("POST", base.appendingPathComponent("elements"), ["using": "css selector", "value": selector])
        return (value as? [[String: Any]] ?? []).compactMap { $0[Self.elementKey] as? String }
    }

    /// Types `text` into `element` as keystrokes; "\u{E007}" is the Enter key.
    func type(_ text: String, into element: String) async throws {
        _ = try await Self.call("POST", base.appendingPathComponent("element/\(element)/value"), ["text": text])
    }

    func click(_ element: String) async throws {
        _ = try await Self.call("POST", base.appendingPathComponent("element/\(element)/click"), [String: Any]())
    }

    /// The element's rendered text.
    func text(_ element: String) async throws -> String {
        try await Self.call("GET", base.appendingPathComponent("element/\(element)/text"), nil) as? String ?? ""
    }

    func attribute(_ name: String, of element: String) async throws -> String? {
        try await Self.call("GET", base.appendingPathComponent("element/\(element)/attribute/\(name)"), nil) as? String
    }

    func rect(_ element: String) async throws -> Rect {
        let value = try await Self.call("GET", base.appendingPathComponent("element/\(element)/rect"), nil)
        let data = try JSONSerialization.data(withJSONObject: value ?? [:])
        return try JSONDecoder().decode(Rect.self, from: data)
    }

    /// Runs `script` in the page and returns what it returns, after the page's images finished loading.
    func evaluate(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await Self.call("POST", base.appendingPathComponent("execute/sync"), ["script": script, "args": arguments])
    }

    /// One WebDriver command: JSON in, the answer's `value` out; an answer with an `error` throws it.
    private static func call(_ method: String, _ url: URL, _ body: Any?) async throws -> Any? {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .RAW(value: method)
        if let body {
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let data = Data(buffer: try await response.body.collect(upTo: 64 << 20))
        let answer = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = answer?["value"]
        if let problem = value as? [String: Any], let error = problem["error"] as? String {
            throw Failure(description: "\(method) \(url.path): \(error): \(problem["message"] as? String ?? "")")
        }
        return value is NSNull ? nil : value
    }
}
