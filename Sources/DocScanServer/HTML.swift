/// Building HTML from archive text, which is OCR output and file names: anything, `<script>` included.
/// Every archive string goes through `escape`; markup is only ever docscan's own.
enum HTML {
    /// `text` safe in element content and in double-quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `value` as one query-string component: RFC 3986's unreserved characters as they are, every
    /// other byte of its UTF-8 percent-encoded.
    static func queryComponent(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(UnicodeScalar(byte)))
            default:
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return encoded
    }

    /// A query string from `parameters`, leaving out nil and empty values.
    static func query(_ parameters: [(String, String?)]) -> String {
        let pairs = parameters.compactMap { name, value in
            value.flatMap { $0.isEmpty ? nil : "\(name)=\(queryComponent($0))" }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// A whole page: docscan's header with the search box, then `body`.
    static func document(title: String, query: String = "", body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · docscan</title>
        <link rel="stylesheet" href="/style.css">
        </head>
        <body>
        <header>
        <a class="home" href="/">docscan</a>
        <form action="/" method="get" role="search">
        <input type="search" name="q" value="\(escape(query))" placeholder="words, word*, 中文" aria-label="Search the archive" autofocus>
        <button type="submit">Search</button>
        </form>
        <nav><a href="/browse">Browse</a> <a href="/api/">API</a></nav>
        </header>
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }
}
