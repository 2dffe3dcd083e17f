import DocScanICU
import Testing

@Suite struct ChineseScriptFoldingTests {
    @Test func foldsTraditionalToSimplified() throws {
        let folding = try ChineseScriptFolding()
        #expect(try folding.simplified("蛋白質") == "蛋白质")
        #expect(try folding.simplified("體重") == "体重")
        #expect(try folding.simplified("無機鹽") == "无机盐")
    }

    @Test func leavesSimplifiedAndOtherScriptsAlone() throws {
        let folding = try ChineseScriptFolding()
        let text = "蛋白质 Protein 65.3kg 🧪 カタカナ"
        #expect(try folding.simplified(text) == text)
        #expect(try folding.simplified("") == "")
    }
}
