// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tudy",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tudy", targets: ["tudy"]),
        .library(name: "TudyKit", targets: ["TudyKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CArgon2",
            pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"])]
        ),
        .target(
            name: "TudyKit",
            dependencies: ["CArgon2"]
        ),
        .target(
            name: "TudySQLite",
            dependencies: [
                "TudyKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "tudy",
            dependencies: [
                "TudyKit",
                "TudySQLite",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TudyKitTests",
            dependencies: [
                "TudyKit",
                "TudySQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Transcripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
