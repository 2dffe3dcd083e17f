import Testing

/// The CER helper the recognition tests rely on must itself be right.
struct CharacterErrorRateTests {
    @Test func identicalTextScoresZero() {
        #expect(CharacterErrorRate.of("The  quick\nfox", reference: "The quick fox", chinese: false) == 0)
    }

    @Test func countsEditsOverReferenceLength() {
        #expect(CharacterErrorRate.of("kitten", reference: "sitting", chinese: false) == 3.0 / 7.0)
    }

    @Test func chineseIgnoresSpaces() {
        #expect(CharacterErrorRate.of("蛋 白 质", reference: "蛋白质", chinese: true) == 0)
        #expect(CharacterErrorRate.of("", reference: "蛋白质", chinese: true) == 1)
    }
}
