// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses, one executable per reader. A package of its own because a harness has no
// `main` (libFuzzer provides it), which would break the main package's link; built and run by
// `Scripts/fuzz.sh` with `--sanitize=fuzzer --sanitize=address`.
let package = Package(
    name: "transdb-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "transdb", path: "..")],
    targets: [
        .executableTarget(name: "FuzzCurveExpression", dependencies: [.product(name: "TransDBTestSupport", package: "transdb")]),
        .executableTarget(name: "FuzzBundle", dependencies: [.product(name: "TransDBTestSupport", package: "transdb")]),
        .executableTarget(name: "FuzzDTCG", dependencies: [.product(name: "TransDBTestSupport", package: "transdb")]),
    ],
    swiftLanguageModes: [.v6]
)
