// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "docscan",
    products: [
        .executable(name: "docscan", targets: ["docscan"]),
        .library(name: "DocScanKit", targets: ["DocScanKit", "DocScanKeywords", "DocScanNative", "DocScanCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // docscan serve's HTTP server; without the swift-configuration trait, which docscan does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Only the server tests' WebDriver client: chromedriver's answers are HTTP that Foundation's
        // URLSession on Linux refuses ("Content-Length:249", no space after the colon).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        // libheif (libheif-dev for its header, libheif1 at run time): HEIC photos, an iPhone's default, and
        // AVIF, which Leptonica cannot read. Opened with dlopen when a HEIF file is met, not linked: linked,
        // it and its codecs cost every docscan process about 1.7 MB of resident memory.
        .target(name: "CHeif"),
        // PostgreSQL's client library (libpq-dev), for the shared archive: synchronous like the archive's
        // writer, and it reads every connection option users expect (URIs, PG* variables, ~/.pgpass, TLS).
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // The system ICU (libicu-dev). Its headers clash with the ICU copy Foundation bundles
        // (_FoundationICU defines UErrorCode differently), and a client of DocScanICU loads the modules
        // DocScanICU imports, even `internal` ones. So only CDocScanICU.c includes ICU's headers; its
        // public header has docscan_* functions over opaque handles and plain integers, which DocScanKit
        // may see beside Foundation. The libraries are the ones `pkg-config --libs icu-i18n` names.
        .target(
            name: "CDocScanICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "DocScanICU",
            dependencies: ["CDocScanICU"]
        ),
        // prctl for worker processes: variadic in C, so Swift cannot call it.
        .target(name: "CProcessSupport"),
        // Per-pixel loops over Leptonica's image data that a debug build of Swift runs too slowly; optimised
        // in debug builds too, so that the tests run them as a release build does (the deconvolutions of
        // blurred and shaken photos took most of the suite's time at -O0). Tools version 6.2 (line 1) lets a
        // package pinned to a version of docscan build this flag; with 6.1 SwiftPM refused ("contains unsafe
        // build flags").
        .target(name: "CImageKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // Tesseract's line images stored rather than compressed while it reads (CLineImages.h says how and why).
        // Exported from the executable, so that Leptonica's calls bind to it before libpng's.
        .target(
            name: "CLineImages",
            linkerSettings: [
                .linkedLibrary("dl"),
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=png_set_compression_level"]),
            ]
        ),
        // The vocabulary every layer shares (scan mode, languages, page context and deadline, page and run
        // errors, exit statuses, recognized text, script predicates): no C library, no dependency.
        .target(name: "DocScanCore"),
        // The keyword stage: segmentation, measurements, stop words, lexicon, garbage rules, ranking.
        // Needs ICU and jieba's dictionary, never Tesseract or Leptonica, so its tests run without models.
        .target(name: "DocScanKeywords", dependencies: ["DocScanCore", "DocScanICU"]),
        // The one layer that calls C: a Swift owner for every handle (Leptonica images and arrays,
        // Tesseract engines and renderers, libexif data, PostgreSQL connections and results, file
        // descriptors, child processes). The stages above it cannot import a C module, so the compiler
        // keeps raw pointers inside it.
        .target(
            name: "DocScanNative",
            dependencies: ["DocScanCore", "CTesseract", "CLeptonica", "CExif", "CHeif", "CLibPQ", "CProcessSupport", "CImageKernels", "CLineImages"]
        ),
        .target(
            name: "DocScanKit",
            dependencies: [
                "DocScanCore",
                "DocScanKeywords",
                "DocScanNative",
                "DocScanICU",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // docscan serve: a read-only web page and JSON API over an archive.
        .target(
            name: "DocScanServer",
            dependencies: [
                "DocScanKit",
                "DocScanCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "docscan",
            dependencies: [
                "DocScanKit",
                "DocScanServer",
                "DocScanKeywords",
                "DocScanCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target over the load stage: `make fuzz` builds it with -sanitize=fuzzer and
        // -DDOCSCAN_FUZZ; a plain build makes a replayer of saved inputs through the same target.
        .executableTarget(
            name: "docscan-load-fuzzer",
            dependencies: ["DocScanKit", "DocScanCore"],
            path: "Sources/DocScanLoadFuzzer"
        ),
        // A PostgreSQL server of the tests' own, for the archive tests of both test targets.
        .target(
            name: "DocScanTestSupport",
            dependencies: ["DocScanNative"],
            path: "Tests/DocScanTestSupport"
        ),
        .testTarget(
            name: "DocScanKitTests",
            dependencies: [
                "DocScanKit", "DocScanKeywords", "DocScanNative", "DocScanCore", "CLeptonica", "CTesseract", "DocScanTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "DocScanServerTests",
            dependencies: [
                "DocScanServer", "DocScanKit", "DocScanCore", "DocScanTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "DocScanICUTests",
            dependencies: ["DocScanICU"]
        ),
        .testTarget(
            name: "DocScanNativeTests",
            dependencies: ["DocScanNative", "DocScanCore", "CLeptonica"]
        ),
        .testTarget(
            name: "DocScanKeywordsTests",
            dependencies: ["DocScanKeywords", "DocScanCore", "DocScanICU"]
        ),
        .testTarget(
            name: "docscanTests",
            dependencies: ["DocScanKit", "DocScanCore", "DocScanTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
