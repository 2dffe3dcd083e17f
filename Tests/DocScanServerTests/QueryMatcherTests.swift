@testable import DocScanServer
import Testing

/// A page's words and text marked as the archive's search matched them.
struct QueryMatcherTests {
    private let text = "the papers which accompanied it, concern-\ning the claims of a well-\nknown firm"

    @Test func aWordSplitAtALineEndIsMarkedWhole() {
        #expect(QueryMatcher(query: "concerning").markedHTML(text)
            == "the papers which accompanied it, <mark>concern-\ning</mark> the claims of a well-\nknown firm")
        // The longest match starting at one place is marked.
        #expect(QueryMatcher(query: "concern*").markedHTML(text)
            == "the papers which accompanied it, <mark>concern-\ning</mark> the claims of a well-\nknown firm")
        // Each part of a compound broken at its hyphen is a word of its own.
        #expect(QueryMatcher(query: "known").markedHTML(text)
            == "the papers which accompanied it, concern-\ning the claims of a well-\n<mark>known</mark> firm")
        // A part is still marked as itself (the view does not know which joined words the index took).
        #expect(QueryMatcher(query: "concern").markedHTML(text)
            == "the papers which accompanied it, <mark>concern</mark>-\ning the claims of a well-\nknown firm")
    }

    @Test func theRecognizedPartsOfASplitWordAreBothBoxed() {
        let words = ["accompanied", "it,", "concern-", "ing", "the", "“Septem-", "ber”", "next"]
        #expect(QueryMatcher(query: "concerning").matchingWords(words) == [2, 3])
        #expect(QueryMatcher(query: "september").matchingWords(words) == [5, 6])
        #expect(QueryMatcher(query: "the").matchingWords(words) == [4])
        #expect(QueryMatcher(query: "ingthe").matchingWords(words).isEmpty)
    }
}
