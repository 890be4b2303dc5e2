import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// The fuzz harnesses' inputs in the normal test suite: what the harnesses in `Fuzz/` found
/// (`Fixtures/fuzz-regressions/HARNESS/`, one file per input) and their seed corpora
/// (`Fuzz/Corpus/HARNESS/`), each run through its harness's checks, ``FuzzChecks``. A crash
/// found by `Scripts/fuzz.sh` becomes a file here and stays fixed.
@Suite("Fuzz regressions: the fuzz harnesses' inputs, replayed through their checks")
enum FuzzRegression {
    /// One file and the harness it is for.
    struct Input: Sendable, CustomTestStringConvertible {
        var harness: FuzzChecks.Harness
        var url: URL

        var testDescription: String { "\(harness.rawValue)/\(url.lastPathComponent)" }

        /// The files of `HARNESS/` folders under `directory`, by harness and name; none if it is missing.
        static func all(in directory: URL?) -> [Input] {
            guard let directory else { return [] }
            return FuzzChecks.Harness.allCases.flatMap { harness in
                let folder = directory.appendingPathComponent(harness.rawValue)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                return names.sorted().map { Input(harness: harness, url: folder.appendingPathComponent($0)) }
            }
        }
    }

    /// The inputs the harnesses found, kept with the tests.
    static let regressions = Input.all(in: Bundle.module.resourceURL?.appendingPathComponent("Fixtures/fuzz-regressions"))

    /// The seed corpora, read from the source tree: they live beside the harnesses.
    static let corpus = Input.all(
        in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fuzz/Corpus").standardized)

    @Test("every regression input passes its harness's checks", arguments: regressions)
    static func regression(_ input: Input) throws {
        try FuzzChecks.check(input.harness, [UInt8](try Data(contentsOf: input.url)))
    }

    @Test("every seed input passes its harness's checks", arguments: corpus)
    static func seed(_ input: Input) throws {
        try FuzzChecks.check(input.harness, [UInt8](try Data(contentsOf: input.url)))
    }

    @Test("every harness has regression inputs and a seed corpus with inputs its reader accepts")
    static func present() throws {
        for harness in FuzzChecks.Harness.allCases {
            #expect(regressions.contains { $0.harness == harness }, "no regression input for \(harness.rawValue)")
            let accepted = try corpus.filter { $0.harness == harness }.filter {
                try FuzzChecks.check(harness, [UInt8](try Data(contentsOf: $0.url)))
            }
            #expect(accepted.count >= 10, "\(harness.rawValue): only \(accepted.count) seed inputs are accepted")
        }
    }
}
