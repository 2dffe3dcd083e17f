import DocScanCore
import DocScanKit
import Foundation
import Testing

struct ModelStoreTests {
    /// A model directory with files standing in for models; the store only looks at names and sizes.
    private func store(docscan: [String], system: [String]) throws -> ModelStore {
        let root = try TestSupport.temporaryFolder()
        let systemFolder = root.appendingPathComponent("system")
        try FileManager.default.createDirectory(at: systemFolder, withIntermediateDirectories: true)
        for path in docscan {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("model".utf8).write(to: url)
        }
        for name in system {
            try Data("model".utf8).write(to: systemFolder.appendingPathComponent(name))
        }
        return ModelStore(root: root, systemDirectories: [systemFolder])
    }

    @Test func fastModeUsesSystemFastModels() throws {
        let store = try store(docscan: ["standard/eng.traineddata"], system: ["eng.traineddata"])
        let model = try store.model(for: "eng", mode: .fast)
        #expect(model.variant == .fast)
        #expect(model.path.hasSuffix("system/eng.traineddata"))
    }

    @Test func accurateModePrefersTheMeasuredBetterStandardModel() throws {
        let store = try store(docscan: ["standard/eng.traineddata"], system: ["eng.traineddata", "chi_sim.traineddata"])
        #expect(try store.model(for: "eng", mode: .accurate).variant == .standard)
        // No standard chi_sim exists anywhere reachable: accurate falls back to the fast model.
        #expect(try store.model(for: "chi_sim", mode: .accurate).variant == .fast)
    }

    @Test func missingModelNamesThePackage() throws {
        let store = try store(docscan: [], system: ["eng.traineddata"])
        #expect(throws: DocScanError.missingModel(
            language: "chi_sim", mode: .fast,
            advice: "install it with 'apt-get install tesseract-ocr-chi-sim' (then 'docscan models' lists it)")
        ) {
            try store.model(for: "chi_sim", mode: .fast)
        }
    }

    @Test func selectionLinksModelsFromSeveralFoldersIntoOne() throws {
        let store = try store(docscan: ["standard/eng.traineddata"], system: ["chi_sim.traineddata"])
        let selection = try ModelSelection(languages: LanguageList(parsing: "chi_sim,eng"), mode: .accurate, store: store)
        let linked = try FileManager.default.contentsOfDirectory(atPath: selection.dataPath).sorted()
        #expect(linked == ["chi_sim.traineddata", "eng.traineddata"])
        #expect(selection.models.map(\.variant) == [.fast, .standard])
    }

    @Test func installedLanguagesListsEveryFolder() throws {
        let store = try store(docscan: ["standard/deu.traineddata"], system: ["eng.traineddata", "osd.traineddata"])
        #expect(store.installedLanguages() == ["deu", "eng", "osd"])
    }

    /// The machine's real models, installed by `make setup`.
    @Test func realStoreHasTheModelsSetupInstalls() throws {
        let store = ModelStore.default()
        #expect(try store.model(for: "eng", mode: .fast).variant == .fast)
        #expect(try store.model(for: "eng", mode: .accurate).variant == .standard)
        #expect(try store.model(for: "chi_sim", mode: .accurate).variant == .fast)
    }
}
