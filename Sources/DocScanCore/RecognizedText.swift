/// A rectangle in page pixels, origin top left.
public struct PageBox: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest box holding this one and `other`.
    public func union(_ other: PageBox) -> PageBox {
        let left = min(x, other.x), top = min(y, other.y)
        return PageBox(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                       height: max(y + height, other.y + other.height) - top)
    }
}

/// One word or line Tesseract read, with its confidence (0–100) and where it is.
public struct RecognizedSpan: Codable, Equatable, Sendable {
    public var text: String
    public var confidence: Double
    public var box: PageBox

    public init(text: String, confidence: Double, box: PageBox) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

/// What the recognize stage returns for one page.
public struct RecognizedText: Equatable, Sendable {
    /// The page's text in reading order, lines separated by newlines, paragraphs by blank lines.
    public var text: String
    /// Tesseract's mean word confidence, 0–100.
    public var meanConfidence: Double
    /// Words in reading order. Tesseract returns each Han character as its own "word".
    public var words: [RecognizedSpan]
    /// Text lines in reading order; their boxes are reliable where Han character boxes are not.
    public var lines: [RecognizedSpan]
    /// The resolution given to Tesseract in dots per inch; 0 when Tesseract estimated it from the text.
    public var resolution: Int
    /// How the text was put in reading order; nil before the recognize stage decided.
    public var layout: PageLayout?
    /// Clockwise degrees that would turn the page upright, when Tesseract read most of its words as
    /// vertically written text (as it reads horizontal lines turned 90° clockwise); nil otherwise.
    public var turnedText: Int?

    public init(text: String, meanConfidence: Double, words: [RecognizedSpan], lines: [RecognizedSpan], resolution: Int) {
        self.text = text
        self.meanConfidence = meanConfidence
        self.words = words
        self.lines = lines
        self.resolution = resolution
    }
}
