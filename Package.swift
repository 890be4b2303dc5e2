// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "transdb",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "TransDBCore", targets: ["TransDBCore"]),
        .library(name: "TransDB", targets: ["TransDB"]),
        // For iOS apps: the catalog in memory (from a bundle file or generated tables), the plan of
        // a transition, and the UIKit glue that plays it.
        .library(name: "TransDBKit", targets: ["TransDBKit"]),
        .executable(name: "transdb", targets: ["TransDBCLI"]),
        // For the fuzz harnesses' package (Fuzz/), which checks the same invariants as the tests.
        .library(name: "TransDBTestSupport", targets: ["TransDBTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // The SQL migrations and the seed bundles, compiled into the binary so that `transdb`
        // works from any directory and after being copied elsewhere. The target sits at the
        // package root because SwiftPM only embeds files below a target's own path.
        .target(
            name: "TransDBResources",
            path: ".",
            exclude: [
                "Sources/TransDB", "Sources/TransDBCore", "Sources/TransDBKit", "Sources/TransDBCLI", "Sources/TransDBTestSupport",
                "Sources/TransDBPrefetch",
                "Sources/TransDBBench", "Tests",
                "Scripts", "Benchmarks", "Fuzz", "Examples", "docs", "README.md", "CHANGELOG.md", "CONTRIBUTING.md",
            ],
            sources: ["Sources/TransDBResources"],
            resources: [.embedInCode("migrations"), .embedInCode("seed")]
        ),
        // The model, the engine and UIKit's lookup: no SQL, no GRDB, nothing Linux- or CLI-specific,
        // so that the same code can run inside an iOS app.
        .target(name: "TransDBCore"),
        // TransDBCore for an app: only Foundation and TransDBCore outside `#if canImport(UIKit)`.
        .target(name: "TransDBKit", dependencies: ["TransDBCore"]),
        // The processor's prefetch hint, which Swift cannot spell: the lookup store fetches the
        // entries of requests read ahead while it answers earlier ones.
        .target(name: "TransDBPrefetch"),
        .target(
            name: "TransDB",
            dependencies: [
                "TransDBCore",
                "TransDBResources",
                "TransDBPrefetch",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The SQLite C API, for the bulk route insert (BundleImport+Routes.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "TransDBCLI",
            dependencies: [
                "TransDBCore",
                "TransDB",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Engine benchmark (Scripts/bench.sh engine); deliberately not a product.
        .executableTarget(name: "TransDBBench", dependencies: ["TransDBCore"]),
        .target(
            name: "TransDBTestSupport",
            dependencies: ["TransDBCore", "TransDB"]
        ),
        .testTarget(
            name: "TransDBTests",
            dependencies: [
                "TransDBCore", "TransDB", "TransDBTestSupport",
                // For catalogs over in-memory databases (`Catalog(DatabaseQueue())`).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TransDBCLITests",
            dependencies: ["TransDBCore", "TransDB", "TransDBCLI", "TransDBTestSupport"],
            exclude: ["Snapshots", "Fixtures"]
        ),
        // TransDBKit against the CLI; `Generated/` is `transdb generate swift` output compiled
        // here, `Fixtures/` the UIKit API surface the glue is type-checked against.
        .testTarget(
            name: "TransDBKitTests",
            dependencies: ["TransDBCore", "TransDBKit", "TransDB", "TransDBCLI", "TransDBTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
