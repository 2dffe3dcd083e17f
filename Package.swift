// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "docscan",
    products: [
        .executable(name: "docscan", targets: ["docscan"]),
        .library(name: "DocScanKit", targets: ["DocScanKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
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
        .target(
            name: "DocScanKit",
            dependencies: [
                "CTesseract",
                "CLeptonica",
                "CExif",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "docscan",
            dependencies: [
                "DocScanKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "DocScanKitTests",
            dependencies: ["DocScanKit", "CLeptonica"]
        ),
        .testTarget(
            name: "docscanTests",
            dependencies: ["DocScanKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
