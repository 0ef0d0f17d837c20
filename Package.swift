// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "tudy",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tudy", targets: ["tudy"]),
        .executable(name: "tudy-net", targets: ["tudy-net"]),
        .library(name: "TudyApp", targets: ["TudyApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation --target TudyApp` builds Sources/TudyApp/TudyApp.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // libmd is loaded already (libedit needs it), so its SHA-256 costs a session nothing.
        .systemLibrary(
            name: "CMessageDigest",
            pkgConfig: "libmd",
            providers: [.apt(["libmd-dev"])]
        ),
        // The Swift runtime's hook for its global executor, which tudy serve hands to SwiftNIO.
        .target(name: "CConcurrencyHook"),
        .target(
            name: "TudyEventLoops",
            dependencies: [
                "CConcurrencyHook",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The domain: model, time, the store protocol with its rules and errors, the memory store.
        .target(
            name: "TudyCore",
            dependencies: ["CArgon2", "CMessageDigest"],
            // ICU, which Foundation brings on Linux: its TS #39 confusables (`ConfusableSkeleton`).
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        // The protocol between a tudy and a server: frames, requests, their errors and limits.
        .target(name: "TudyWire", dependencies: ["TudyCore"]),
        // Keys, line decoding, width, sanitizing and the rendering of output as text or JSON.
        .target(name: "TudyTerminal", dependencies: ["TudyCore"]),
        // The app a person uses: commands, coordinators and screens by feature, the run loop.
        .target(name: "TudyApp", dependencies: ["TudyCore", "TudyTerminal"]),
        .target(
            name: "TudySQLite",
            dependencies: [
                "TudyCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "TudyPostgres",
            dependencies: [
                "TudyCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TudyServer",
            dependencies: [
                "TudyCore",
                "TudyWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "TudyRemote",
            dependencies: [
                "TudyCore",
                "TudyWire",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TudyCommandLine",
            dependencies: [
                "TudyCore",
                "TudyWire",
                "TudyTerminal",
                "TudyApp",
                "TudySQLite",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The client on a local store: no network code, so that it starts small and fast.
        .executableTarget(name: "tudy", dependencies: ["TudyCommandLine"]),
        // `tudy serve` and `tudy --server`, which `tudy` hands over to.
        .executableTarget(
            name: "tudy-net",
            dependencies: [
                "TudyCommandLine",
                "TudyCore",
                "TudyWire",
                "TudyTerminal",
                "TudyApp",
                "TudyPostgres",
                "TudyServer",
                "TudyRemote",
                "TudyEventLoops",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // scripts/load and scripts/bench: simulated clients over real WebSockets.
        .executableTarget(
            name: "tudy-load",
            dependencies: [
                "TudyCore",
                "TudyWire",
                "TudyRemote",
                "TudyEventLoops",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // scripts/fuzz: libFuzzer targets over tudy's parsers, or a replay of their corpus.
        .executableTarget(
            name: "tudy-fuzz", dependencies: ["TudyCore", "TudyWire", "TudyTerminal", "TudyApp"]
        ),
        .testTarget(
            name: "TudyTests",
            dependencies: [
                "TudyCore",
                "TudyWire",
                "TudyTerminal",
                "TudyApp",
                "TudySQLite",
                "TudyPostgres",
                "TudyServer",
                "TudyRemote",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            exclude: ["Transcripts", "JSON", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
