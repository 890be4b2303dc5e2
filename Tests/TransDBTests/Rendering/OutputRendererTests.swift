import GRDB
import Testing
import TransDB
@testable import TransDBCore

/// The four renderers behind ``OutputRenderer``, byte for byte.
@Suite("Output renderers")
struct OutputRendererTests {
    static let listing = Listing(
        records: [
            [
                ("name", .string("fade, slow")), ("duration", .number(0.3)), ("tags", .array([.string("a"), .string("b")])),
                ("note", .null),
            ],
            [("name", .string("say \"hi\"\n")), ("duration", .integer(2)), ("tags", .array([])), ("note", .bool(true))],
        ], tableColumns: ["name", "tags", "note"])

    @Test("every format has its renderer")
    func renderers() {
        #expect(OutputFormat.table.renderer is TableRenderer)
        #expect(OutputFormat.json.renderer is JSONRenderer)
        #expect(OutputFormat.ndjson.renderer is NDJSONRenderer)
        #expect(OutputFormat.csv.renderer is CSVRenderer)
    }

    @Test("a listing's table, written a line at a time, is the table of its rows at every width")
    func streamedTable() {
        let names = ["id", "library", "name", "kind", "curve", "description"]
        let listing = Listing(
            records: (0..<40).map { index in
                [
                    ("id", .integer(Int64(index))), ("library", .string(index % 3 == 0 ? "motion" : "a-much-longer-library")),
                    ("name", .string("preset\(index)")), ("kind", .string(["fade", "cover", "zoom"][index % 3])),
                    ("curve", .string(String(repeating: "spring(duration: 0.5) ", count: index % 4))),
                    ("description", index % 5 == 0 ? .null : .string("縦に動く \(index)")),
                ]
            }, tableColumns: names)
        let rows = listing.records.map { record in
            record.map { _, value in
                if case .null = value { return "-" }
                return Table.printable(value.cell)
            }
        }
        for width in [nil, 200, 80, 50, 30, 10] as [Int?] {
            var streamed = ""
            TableRenderer(maximumWidth: width).render(listing) { streamed += $0 }
            #expect(streamed == Table(header: names, rows: rows).rendered(maximumWidth: width), "width \(width.map(String.init) ?? "none")")
        }
    }

    @Test("a listing in each format")
    func listingBytes() {
        #expect(
            Self.listing.rendered(as: .table)
                == "name           tags  note\nfade, slow     a, b  -\nsay \"hi\"\\u{a}  -     true\n")
        #expect(
            Self.listing.rendered(as: .json) == """
                [
                  {
                    "name": "fade, slow",
                    "duration": 0.3,
                    "tags": [
                      "a",
                      "b"
                    ],
                    "note": null
                  },
                  {
                    "name": "say \\"hi\\"\\n",
                    "duration": 2,
                    "tags": [],
                    "note": true
                  }
                ]

                """)
        #expect(
            Self.listing.rendered(as: .ndjson)
                == #"{"name":"fade, slow","duration":0.3,"tags":["a","b"],"note":null}"# + "\n"
                + #"{"name":"say \"hi\"\n","duration":2,"tags":[],"note":true}"# + "\n")
        #expect(
            Self.listing.rendered(as: .csv)
                == "name,duration,tags,note\r\n\"fade, slow\",0.3,\"[\"\"a\"\",\"\"b\"\"]\",\r\n\"say \"\"hi\"\"\n\",2,[],true\r\n")
    }

    @Test("an empty listing: the header alone, an empty array, no lines, the table columns as the CSV header")
    func emptyListing() {
        let empty = Listing(records: [], tableColumns: ["a", "b"])
        #expect(empty.rendered(as: .table) == "a  b\n")
        #expect(empty.rendered(as: .json) == "[]\n")
        #expect(empty.rendered(as: .ndjson) == "")
        #expect(empty.rendered(as: .csv) == "a,b\r\n")
        #expect(Listing(records: []).rendered(as: .csv) == "\r\n")
    }

    @Test("with columns, the CSV header is the columns whatever the records have, each row filled in")
    func columns() {
        let columns = ["name", "duration", "deprecated"]
        let listing = Listing(
            records: [[("name", .string("a")), ("duration", .number(1))], [("name", .string("b")), ("duration", .number(2)), ("deprecated", .bool(true))]],
            columns: columns)
        #expect(listing.rendered(as: .csv) == "name,duration,deprecated\r\na,1,\r\nb,2,true\r\n")
        #expect(Listing(records: [[("name", .string("a"))]], columns: columns).rendered(as: .csv) == "name,duration,deprecated\r\na,,\r\n")
        #expect(Listing(records: [], columns: columns, tableColumns: ["name"]).rendered(as: .csv) == "name,duration,deprecated\r\n")
        // JSON keeps each record's own keys.
        #expect(listing.rendered(as: .ndjson) == #"{"name":"a","duration":1}"# + "\n" + #"{"name":"b","duration":2,"deprecated":true}"# + "\n")
    }

    @Test(
        "large output is written in pieces that together are the whole; lines in pieces of about 64 KiB", arguments: OutputFormat.allCases)
    func pieces(format: OutputFormat) {
        let listing = Listing(records: (0..<5_000).map { [("name", .string("preset\($0)")), ("duration", .number(Double($0) / 8))] })
        var pieces: [String] = []
        format.renderer.render(listing) { pieces.append($0) }
        #expect(pieces.joined() == listing.rendered(as: format))
        // A table is laid out whole; JSON is one document.
        guard format == .ndjson || format == .csv else { return }
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 && $0.utf8.count < (1 << 16) + 100 })
    }

    @Test("an import report: counts by action and kind, ten entries of each kind, how many more and how to see them")
    func importOutput() throws {
        let catalog = try Catalog(DatabaseQueue())
        let curves = (1...12).map { NamedCurve(library: "app", name: "c\($0)", curve: .linear) }
        let report = try catalog.importBundles([(LibraryBundle(library: Library(name: "app"), curves: curves), "app.json")], policy: .fail)
        let listed = (1...10).map { "added   curve    app/c\($0)\(String(repeating: " ", count: $0 < 10 ? 3 : 2))-\n" }.joined()
        #expect(
            ImportOutput(report, dryRun: false).rendered(as: .table) == """
                imported: added 1 library, 12 curves; 0 changed; 0 unchanged
                action  kind     name     fields
                added   library  app      -

                """ + listed + """
                … 2 more added
                --report table --all lists every entry; --report json, ndjson or csv lists them for scripts

                """)
        let all = ImportOutput(report, dryRun: false, listsAll: true).rendered(as: .table)
        #expect(all.split(separator: "\n").count == 1 + 1 + 13)
        #expect(all.contains("app/c12") && !all.contains("more added"))
        #expect(
            ImportOutput(report, dryRun: true).rendered(as: .table).hasPrefix(
                "dry run, nothing written: added 1 library, 12 curves; 0 changed; 0 unchanged\n"))
        #expect(ImportOutput(report, dryRun: false).rendered(as: .ndjson).split(separator: "\n").count == 13)
        #expect(
            ImportOutput(report, dryRun: false).rendered(as: .csv).hasPrefix("kind,name,action,fields\r\nlibrary,app,added,[]\r\n"))
        // JSON is written an entry at a time, the bytes of the whole document.
        #expect(ImportOutput(report, dryRun: false).rendered(as: .json) == report.listing.jsonDocument.pretty + "\n")
        let nothing = try catalog.importBundles([BundleInput](), policy: .fail)
        #expect(ImportOutput(nothing, dryRun: false).rendered(as: .json) == "[]\n")
        #expect(ImportOutput(nothing, dryRun: false).rendered(as: .csv) == "kind,name,action,fields\r\n", "the same header as a report with entries")
        #expect(ImportOutput(nothing, dryRun: false).rendered(as: .table) == "imported: nothing to do\n")
    }

    @Test("a curve's samples: the expression, a row per point; JSON with the curve and its duration")
    func sampleOutput() {
        let samples = CurveSamples(curve: .linear, at: [0, 0.5, 1])
        let output = SampleOutput(samples, plot: false)
        #expect(output.rendered(as: .table) == "linear\nat   time  progress\n0    -     0\n0.5  -     0.5\n1    -     1\n")
        #expect(
            output.rendered(as: .ndjson)
                == #"{"at":0,"time":null,"progress":0}"# + "\n" + #"{"at":0.5,"time":null,"progress":0.5}"# + "\n"
                + #"{"at":1,"time":null,"progress":1}"# + "\n")
        #expect(topLevelKeys(output.rendered(as: .json)) == ["curve", "duration", "samples"])
        #expect(SampleOutput(samples, plot: true).rendered(as: .table).hasSuffix("└" + String(repeating: "─", count: 49) + "\n"))
    }

    @Test("an entry in full: a line per field, a preset's tracks a line per view and phase")
    func entryDetail() {
        let detail = EntryDetail(record: [
            ("name", .string("zoom")), ("reverse", .null), ("usedBy", .array([.string("route #1"), .string("route #2")])),
            (
                "tracks",
                .object([
                    ("onTop", .string("to")),
                    (
                        "to",
                        .object([("start", .object([("frame", .string("container")), ("alpha", .number(0)), ("scaleX", .number(1))]))])
                    ),
                ])
            ),
        ])
        #expect(
            detail.rendered(as: .table) == """
                name             zoom
                reverse          -
                usedBy           route #1, route #2
                tracks.onTop     to
                tracks.to.start  frame container, alpha 0

                """)
        #expect(detail.rendered(as: .ndjson).hasPrefix(#"{"name":"zoom","reverse":null,"usedBy":["route #1","route #2"],"tracks":"#))
        #expect(detail.rendered(as: .csv).hasPrefix("name,reverse,usedBy,tracks\r\nzoom,,"))
    }

    /// The top-level keys of a pretty JSON object, in order.
    func topLevelKeys(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
            return line.dropFirst(3).split(separator: "\"").first.map(String.init)
        }
    }
}
