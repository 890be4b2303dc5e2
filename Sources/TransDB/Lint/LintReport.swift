import Foundation
import TransDBCore

/// The formats of `transdb lint`; raw values are the CLI spellings.
public enum LintFormat: String, CaseIterable, Sendable {
    /// One line per finding, for people.
    case table
    /// `[{rule, severity, library, kind, name, message, file, line}]`.
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other CI systems.
    case sarif
}

/// The findings of one lint run, with the rules that ran, as each format prints them.
public struct LintReport: Sendable {
    /// The findings no inline suppression accepts: what the run reports and fails on.
    public var findings: [LintFinding]
    /// The findings an inline suppression accepts, with its reason (``LintFinding/suppression``):
    /// counted in the table, listed on demand, and SARIF results with a suppression.
    public var accepted: [LintFinding]
    /// The rules that ran, in id order (SARIF's `tool.driver.rules`).
    public var rules: [LintRule]
    /// Where each entry read from a bundle file is.
    public var places: [LintLocation: (file: String, line: Int)]
    /// The file of each library, for findings no line locates (a catalog's, a token file's).
    public var files: [String: String]

    /// A report of `findings`, sorted by file and line where entries have them (bundle files),
    /// then by library, kind, name and rule, the accepted ones apart.
    public init(
        findings: [LintFinding], rules: [LintRule], places: [LintLocation: (file: String, line: Int)] = [:], files: [String: String] = [:]
    ) {
        let sorted = findings.sorted {
            let (a, b) = (places[$0.location], places[$1.location])
            return (a?.file ?? "", a?.line ?? 0, $0.location.library, $0.location.kind.rawValue, $0.location.name, $0.rule)
                < (b?.file ?? "", b?.line ?? 0, $1.location.library, $1.location.kind.rawValue, $1.location.name, $1.rule)
        }
        self.findings = sorted.filter { $0.suppression == nil }
        self.accepted = sorted.filter { $0.suppression != nil }
        self.rules = rules
        self.places = places
        self.files = files
    }

    /// Whether a finding no suppression accepts is at or above `severity`.
    public func hasFindings(atLeast severity: LintSeverity) -> Bool {
        findings.contains { $0.severity >= severity }
    }

    /// The report in `format`, ending with a newline (table: nothing when nothing was found).
    /// `showAccepted` lists the accepted findings in the table and JSON too (SARIF always has
    /// them, marked suppressed).
    public func rendered(_ format: LintFormat, toolVersion: String, showAccepted: Bool = false) -> String {
        switch format {
        case .table: table(showAccepted: showAccepted)
        case .json: json(showAccepted: showAccepted).pretty + "\n"
        case .sarif: sarif(toolVersion: toolVersion).pretty + "\n"
        }
    }

    /// `FILE:LINE: ` or nothing, then `SEVERITY RULE library/kind/name: message`, one line a
    /// finding (an accepted one ends with its reason), at most ``listedPerRule`` of each rule
    /// (a catalog of a million routes can have a million findings of one), then the counts.
    public func table(showAccepted: Bool = false) -> String {
        guard !findings.isEmpty || !accepted.isEmpty else { return "" }
        var lines: [String] = []
        var perRule: [String: Int] = [:]
        var unlisted: [(rule: String, count: Int)] = []
        for finding in findings + (showAccepted ? accepted : []) {
            let listed = perRule[finding.rule, default: 0]
            perRule[finding.rule] = listed + 1
            guard listed < Self.listedPerRule else {
                if let index = unlisted.firstIndex(where: { $0.rule == finding.rule }) {
                    unlisted[index].count += 1
                } else {
                    unlisted.append((finding.rule, 1))
                }
                continue
            }
            let place = places[finding.location].map { "\($0.file):\($0.line): " } ?? ""
            let reason = finding.suppression.map { " (accepted: \($0))" } ?? ""
            lines.append("\(place)\(finding.severity.rawValue) \(finding.rule) \(finding.location.fullyQualifiedName): \(finding.message)\(reason)")
        }
        for (rule, count) in unlisted {
            lines.append("and \(count) more \(rule) finding\(count == 1 ? "" : "s") (--format json or sarif lists every one)")
        }
        var counts = LintSeverity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        if counts.isEmpty { counts = ["no findings"] }
        var summary = counts.joined(separator: ", ")
        if !accepted.isEmpty {
            summary += "; \(accepted.count) accepted by inline suppressions"
            if !showAccepted { summary += " (--show-accepted lists them)" }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many findings of one rule the table lists.
    public static let listedPerRule = 100

    /// An array of findings, each with its `suppression` (null unless accepted).
    public func json(showAccepted: Bool = false) -> JSONValue {
        .array(
            (findings + (showAccepted ? accepted : [])).map { finding in
                let place = places[finding.location]
                return .object([
                    ("rule", .string(finding.rule)), ("severity", .string(finding.severity.rawValue)),
                    ("library", .string(finding.location.library)), ("kind", .string(finding.location.kind.rawValue)),
                    ("name", .string(finding.location.name)), ("message", .string(finding.message)),
                    ("file", .string(place?.file ?? files[finding.location.library])),
                    ("line", place.map { .integer(Int64($0.line)) } ?? .null),
                    ("suppression", .string(finding.suppression)),
                ])
            })
    }

    /// A SARIF 2.1.0 log: one run whose driver lists the rules that ran, one result per finding
    /// with its logical location (`library/kind/name`) and its file and line (line 1 for an
    /// entry of a catalog or token file).
    public func sarif(toolVersion: String) -> JSONValue {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let driverRules: [JSONValue] = rules.map { rule in
            .object([
                ("id", .string(rule.id)), ("name", .string(rule.name)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.help))])),
                ("help", .object([("text", .string("\(rule.help)\n\nSource: \(rule.source)"))])),
                ("defaultConfiguration", .object([("level", .string(rule.severity.sarifLevel))])),
                ("properties", .object([("source", .string(rule.source))])),
            ])
        }
        let results: [JSONValue] = (findings + accepted).map { finding in
            var location: [(String, JSONValue)] = []
            // GitHub code scanning refuses a result without a file and a line: an entry of a
            // catalog or token file, which has no line of its own, is placed on the file's first.
            let place = places[finding.location] ?? files[finding.location.library].map { (file: $0, line: 1) }
            // Only a file there is: a bundle read from standard input ('-') or token files read
            // as one set ('a.tokens.json + b.tokens.json') keep their logical location only.
            if let place, place.file != "-", FileManager.default.fileExists(atPath: place.file) {
                location.append(
                    (
                        "physicalLocation",
                        .object([
                            ("artifactLocation", .object([("uri", .string(Self.uri(place.file)))])),
                            ("region", .object([("startLine", .integer(Int64(place.line)))])),
                        ])
                    ))
            }
            location.append(
                (
                    "logicalLocations",
                    .array([
                        .object([
                            ("name", .string(finding.location.name)),
                            ("fullyQualifiedName", .string(finding.location.fullyQualifiedName)),
                            ("kind", .string(finding.location.kind.rawValue)),
                        ])
                    ])
                ))
            var result: [(String, JSONValue)] = [("ruleId", .string(finding.rule))]
            if let index = ruleIndex[finding.rule] { result.append(("ruleIndex", .integer(Int64(index)))) }
            result += [
                ("level", .string(finding.severity.sarifLevel)), ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object(location)])),
            ]
            if let reason = finding.suppression {
                result.append(
                    ("suppressions", .array([.object([("kind", .string("inSource")), ("justification", .string(reason))])])))
            }
            return .object(result)
        }
        return .object([
            ("$schema", .string("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("transdb")), ("version", .string(toolVersion)),
                                        ("rules", .array(driverRules)),
                                    ])
                                )
                            ])
                        ),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
    }

    /// A file path as a SARIF URI reference: relative paths stay relative (GitHub resolves them
    /// against the repository), absolute ones become `file://` URIs, and characters outside RFC
    /// 3986's unreserved set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded2
            }
        }
        return out
    }
}

extension String {
    fileprivate var leftPadded2: String { count >= 2 ? self : "0" + self }
}
