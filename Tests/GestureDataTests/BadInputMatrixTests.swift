import Foundation
import Testing
import GestureData
import GestureTestSupport

/// The bad-input matrix, run through the loader the CLI uses: every reader meets
/// truncated input, wrong types, non-finite and huge numbers, unknown versions, empty
/// strokes and samples, one-point strokes, duplicate points, times going backwards,
/// deep nesting, very long lines and invalid UTF-8. A rejected input must give a
/// ``GestureDataError`` whose message starts with the file's path and names the line or
/// sample and the field; an accepted one must be what the file says.
struct BadInputMatrixTests {
    /// One bad file and what its error must mention.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fileName: String
        var bytes: [UInt8]
        /// Text the message must contain: the location ("line 3", "sample 1", …).
        var location: String
        /// Text the message must contain: the field or element.
        var field: String
        var testDescription: String { "\(name) (\(fileName))" }

        init(_ name: String, _ fileName: String, _ text: String, location: String, field: String) {
            self.init(name, fileName, Array(text.utf8), location: location, field: field)
        }
        init(_ name: String, _ fileName: String, _ bytes: [UInt8], location: String, field: String) {
            self.name = name; self.fileName = fileName; self.bytes = bytes
            self.location = location; self.field = field
        }
    }

    static func xml(_ points: String, gestureAttributes: String = #"Name="check01" Subject="2""#) -> String {
        "<?xml version=\"1.0\"?>\n<Gesture \(gestureAttributes)>\n\(points)</Gesture>\n"
    }

    static let goodXML = xml("<Point X=\"1\" Y=\"2\" T=\"10\"/>\n<Point X=\"3\" Y=\"4\" T=\"20\"/>\n")

    static func json(_ strokes: String, format: String = "gesturelab.sample/1", extra: String = "") -> String {
        #"{"format": "\#(format)", "label": "check"\#(extra), "strokes": \#(strokes)}"#
    }

    static let rejected: [Case] = [
        // $1 XML logs
        Case("truncated XML", "trunc.xml", String(goodXML.prefix(60)), location: "line", field: ""),
        Case("empty XML file", "empty.xml", "", location: "", field: ""),
        Case("X is not a number", "type.xml", xml("<Point X=\"1\" Y=\"2\"/>\n<Point X=\"abc\" Y=\"2\"/>\n"),
             location: "line 4", field: "X"),
        Case("missing Y", "missing.xml", xml("<Point X=\"1\"/>\n"), location: "line 3", field: "Y"),
        Case("NaN coordinate", "nan.xml", xml("<Point X=\"nan\" Y=\"2\"/>\n"), location: "line 3", field: "X"),
        Case("infinite coordinate", "inf.xml", xml("<Point X=\"1\" Y=\"-inf\"/>\n"), location: "line 3", field: "Y"),
        Case("coordinate too large for a Double", "huge.xml", xml("<Point X=\"1e999\" Y=\"2\"/>\n"),
             location: "line 3", field: "X"),
        Case("NaN time", "nant.xml", xml("<Point X=\"1\" Y=\"2\" T=\"nan\"/>\n"), location: "line 3", field: "T"),
        Case("gesture without points", "nopoints.xml", xml(""), location: "line", field: "Point"),
        Case("times going backwards", "back.xml",
             xml("<Point X=\"1\" Y=\"2\" T=\"30\"/>\n<Point X=\"2\" Y=\"2\" T=\"40\"/>\n<Point X=\"3\" Y=\"2\" T=\"20\"/>\n"),
             location: "line 5", field: "T"),
        Case("NumPts disagrees", "numpts.xml", xml("<Point X=\"1\" Y=\"2\"/>\n", gestureAttributes: #"NumPts="7""#),
             location: "line 2", field: "NumPts"),
        Case("deeply nested elements", "deep.xml",
             "<Gesture>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</Gesture>",
             location: "line", field: ""),
        Case("invalid UTF-8 in an attribute", "utf8.xml",
             Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Gesture Name=\"".utf8) + [0xFF, 0xFE, 0xC3]
                + Array("\">\n<Point X=\"1\" Y=\"2\"/>\n</Gesture>\n".utf8),
             location: "line", field: ""),
        Case("not XML at all", "binary.xml", [0x00, 0x01, 0x02, 0xFF, 0x7F, 0x80], location: "", field: ""),

        Case("more points than SampleLimits.maxPoints", "many.xml",
             xml(String(repeating: "<Point X=\"1\" Y=\"2\"/>\n", count: SampleLimits.maxPoints + 1)),
             location: "line \(SampleLimits.maxPoints + 3)", field: "Point"),

        // multistroke XML logs ($N / MMG layout)
        Case("multistroke: a stroke without points", "ms-empty.xml",
             "<Gesture Name=\"x~01\">\n<Stroke index=\"1\"><Point X=\"1\" Y=\"2\"/></Stroke>\n<Stroke index=\"2\"></Stroke>\n</Gesture>\n",
             location: "line 3", field: "Stroke"),
        Case("multistroke: index is not an integer", "ms-index.xml",
             "<Gesture Name=\"x~01\">\n<Stroke index=\"one\"><Point X=\"1\" Y=\"2\"/></Stroke>\n</Gesture>\n",
             location: "line 2", field: "index"),
        Case("multistroke: NaN in the second stroke", "ms-nan.xml",
             "<Gesture Name=\"x~01\">\n<Stroke><Point X=\"1\" Y=\"2\"/></Stroke>\n<Stroke><Point X=\"NaN\" Y=\"2\"/></Stroke>\n</Gesture>\n",
             location: "line 3", field: "X"),
        // Strokes out of time order are kept with a note (real multistroke logs have them); within a stroke, no.
        Case("multistroke: time going backwards within a stroke", "ms-back.xml",
             "<Gesture Name=\"x~01\">\n<Stroke><Point X=\"1\" Y=\"2\" T=\"50\"/>\n<Point X=\"1\" Y=\"2\" T=\"40\"/></Stroke>\n</Gesture>\n",
             location: "line 3", field: "T"),
        Case("multistroke: more points than SampleLimits.maxPoints over its strokes", "ms-many.xml",
             "<Gesture Name=\"x~01\">\n<Stroke>\n" + String(repeating: "<Point X=\"1\" Y=\"2\"/>\n", count: 6000)
                + "</Stroke>\n<Stroke>\n" + String(repeating: "<Point X=\"1\" Y=\"2\"/>\n", count: 4001) + "</Stroke>\n</Gesture>\n",
             location: "line", field: "Point"),
        Case("multistroke: truncated inside a stroke", "ms-trunc.xml",
             "<Gesture Name=\"x~01\">\n<Stroke><Point X=\"1\" Y=\"2\"/>", location: "line", field: ""),

        // native sample (.json)
        Case("truncated JSON", "trunc.json", String(json("[[[1, 2], [3, 4]]]").prefix(40)), location: "", field: ""),
        Case("empty JSON file", "empty.json", "", location: "", field: ""),
        Case("strokes is a string", "type.json", json(#""abc""#), location: "", field: "strokes"),
        Case("coordinate is a string", "type2.json", json(#"[[[1, "2"]]]"#), location: "", field: "strokes[0][0]"),
        Case("label is a number", "label.json", #"{"format": "gesturelab.sample/1", "label": 5, "strokes": [[[1, 2]]]}"#,
             location: "", field: "label"),
        Case("coordinate too large for a Double", "huge.json", json("[[[1e999, 2]]]"), location: "", field: "strokes[0][0]"),
        Case("point with four numbers", "four.json", json("[[[1, 2, 3, 4]]]"), location: "", field: "strokes[0][0]"),
        Case("unknown format version", "v2.json", json("[[[1, 2]]]", format: "gesturelab.sample/2"),
             location: "", field: "format"),
        Case("missing format", "noformat.json", #"{"strokes": [[[1, 2]]]}"#, location: "", field: "format"),
        Case("no strokes", "nostrokes.json", json("[]"), location: "", field: "strokes"),
        Case("an empty stroke", "emptystroke.json", json("[[[1, 2]], []]"), location: "", field: "strokes[1]"),
        Case("times going backwards", "back.json", json("[[[1, 2, 0.5], [2, 2, 0.6], [3, 3, 0.1]]]"),
             location: "", field: "strokes[0][2]"),
        Case("deeply nested arrays", "deep.json",
             String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), location: "", field: ""),
        Case("invalid UTF-8 in a string", "utf8.json",
             Array(#"{"format": "gesturelab.sample/1", "label": ""#.utf8) + [0xC3, 0x28, 0xFF]
                + Array(#"", "strokes": [[[1, 2]]]}"#.utf8),
             location: "", field: ""),

        Case("more points than SampleLimits.maxPoints", "many.json",
             json("[[" + Array(repeating: "[1, 2]", count: 6000).joined(separator: ",") + "], ["
                  + Array(repeating: "[1, 2]", count: SampleLimits.maxPoints - 5999).joined(separator: ",") + "]]"),
             location: "sample 1", field: "strokes[1]"),

        // native dataset (.jsonl): errors name the line
        Case("bad second line", "lines.jsonl", json("[[[1, 2]]]") + "\n" + json("[[[1, \"x\"]]]") + "\n",
             location: "line 2", field: "strokes[0][0]"),
        Case("truncated last line", "trunc.jsonl", json("[[[1, 2]]]") + "\n" + String(json("[[[1, 2]]]").prefix(30)),
             location: "line 2", field: ""),
        Case("unknown version on line 3", "v2.jsonl",
             json("[[[1, 2]]]") + "\n\n" + json("[[[1, 2]]]", format: "gesturelab.sample/9") + "\n",
             location: "line 3", field: "format"),
        Case("a very long bad line", "long.jsonl",
             json("[[[1, 2]]]") + "\n" + "{\"format\": \"gesturelab.sample/1\", \"label\": \""
                + String(repeating: "x", count: 4_000_000) + "\", \"strokes\": [[[1, 2], [1, \"oops\"]]]}\n",
             location: "line 2", field: "strokes[0][1][1]"),
        Case("invalid UTF-8 on line 2", "utf8.jsonl",
             Array((json("[[[1, 2]]]") + "\n").utf8) + [0xFF, 0xFF, 0x0A], location: "line 2", field: ""),
    ] + DataFixtures.badInputs.map {
        // The ladder of bad inputs shared with the CLI tests: exact field and location.
        Case("\($0.name)", $0.fileName, $0.contents, location: $0.location, field: $0.field)
    }

    @Test(arguments: rejected)
    func rejectedInputNamesFileLocationAndField(_ c: Case) throws {
        let dir = try TemporaryDirectory("bad-input")
        defer { dir.remove() }
        let path = dir.path(c.fileName)
        try Data(c.bytes).write(to: URL(fileURLWithPath: path))
        do {
            let d = try DatasetLoader.load(path)
            Issue.record("\(c.name): loaded \(d.count) samples instead of failing")
        } catch let e as GestureDataError {
            let message = e.description
            #expect(e.file == path, "\(message)")
            #expect(message.hasPrefix(path), "\(message)")
            #expect(c.location.isEmpty || message.contains(c.location), "\(c.name): \(message)")
            #expect(c.field.isEmpty || message.contains(c.field), "\(c.name): \(message)")
        }
    }

    /// Inputs that are odd but valid: they load, unchanged.
    @Test func oddButValidInputsLoadAsWritten() throws {
        let dir = try TemporaryDirectory("odd-input")
        defer { dir.remove() }
        let files: [String: String] = [
            "one.xml": Self.xml("<Point X=\"5\" Y=\"6\" T=\"1\"/>\n"),
            "dup.xml": Self.xml(String(repeating: "<Point X=\"5\" Y=\"6\" T=\"1\"/>\n", count: 3)),
            "big.xml": Self.xml("<Point X=\"1e300\" Y=\"-1e300\"/>\n<Point X=\"4.9e-324\" Y=\"0\"/>\n"),
            "one.json": Self.json("[[[5, 6]]]"),
            "dup.json": Self.json("[[[5, 6, 0], [5, 6, 0], [5, 6, 0]]]"),
            "big.json": Self.json("[[[1.7976931348623157e308, -1e300], [5e-324, 0]]]"),
            "jitter.json": Self.json("[[[1, 1, 0.5], [2, 2, 0.4995]]]"),
            "empty.jsonl": "",
            "blank.jsonl": "\n  \n\t\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: dir.url.appendingPathComponent(name)) }
        func load(_ name: String) throws -> Dataset { try DatasetLoader.load(dir.path(name)) }

        for name in ["one.xml", "one.json"] {
            let pts = try load(name).samples[0].gesture.strokes.flatMap(\.points)
            #expect(pts.count == 1 && pts[0].x == 5 && pts[0].y == 6, "\(name)")
        }
        for name in ["dup.xml", "dup.json"] {
            let pts = try load(name).samples[0].gesture.strokes.flatMap(\.points)
            #expect(pts.count == 3 && Set(pts.map(\.x)) == [5], "\(name)")
        }
        let bigXML = try load("big.xml").samples[0].gesture.strokes[0].points
        #expect(bigXML[0].x == 1e300 && bigXML[0].y == -1e300 && bigXML[1].x == 4.9e-324)
        let bigJSON = try load("big.json").samples[0].gesture.strokes[0].points
        #expect(bigJSON[0].x == .greatestFiniteMagnitude && bigJSON[1].x == 5e-324)
        #expect(try load("jitter.json").samples[0].gesture.pointCount == 2)
        #expect(try load("empty.jsonl").count == 0)
        #expect(try load("blank.jsonl").count == 0)
    }

    @Test func samplesAtThePointLimitLoad() throws {
        let dir = try TemporaryDirectory("limit-input")
        defer { dir.remove() }
        let n = SampleLimits.maxPoints
        try Data(Self.json("[[" + Array(repeating: "[1, 2]", count: n).joined(separator: ",") + "]]").utf8)
            .write(to: dir.url.appendingPathComponent("max.json"))
        try Data(Self.xml(String(repeating: "<Point X=\"1\" Y=\"2\"/>\n", count: n)).utf8)
            .write(to: dir.url.appendingPathComponent("max.xml"))
        #expect(try DatasetLoader.load(dir.path("max.json")).samples[0].gesture.pointCount == n)
        #expect(try DatasetLoader.load(dir.path("max.xml")).samples[0].gesture.pointCount == n)
    }

    /// A 200 MB file is refused from its size alone, before any read (BadInputCLITests
    /// measures the peak RSS). The file is sparse (no disk blocks) and removed afterwards.
    @Test(arguments: ["huge.jsonl", "huge.json", "huge.xml"])
    func twoHundredMegabyteFileIsRefusedBySize(_ name: String) throws {
        let dir = try TemporaryDirectory("huge-input")
        defer { dir.remove() }
        let path = dir.path(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        #expect(throws: GestureDataError.tooLarge(file: path, bytes: 200_000_000, limit: DatasetLoader.maxFileBytes)) {
            try DatasetLoader.load(path)
        }
    }

    /// Tolerant loading skips the one bad file (or line) and keeps the good ones.
    @Test(arguments: DataFixtures.badInputs)
    func tolerantModeSkipsAndReportsTheBadSample(input: DataFixtures.BadInput) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Data(input.contents.utf8).write(to: dir.url.appendingPathComponent(input.fileName))
        try Data(DataFixtures.dollarOneXML.utf8).write(to: dir.url.appendingPathComponent("good.xml"))
        let report = try DatasetLoader.load(dir.url.path, mode: .tolerant)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.description.contains(input.field) == true)
        // The good file, plus the good first line of the .jsonl case.
        #expect(report.dataset.count == (input.ext == "jsonl" ? 2 : 1))
    }

    @Test func overflowingJSONNumberIsNamedByItsField() throws {
        let json = #"{"format": "gesturelab.sample/1", "strokes": [[[1, 2, 0], [3, 4, 1e999]]]}"#
        #expect(throws: GestureDataError.invalidField(file: "f.json", location: .sample(1), field: "strokes[0][1][2]",
                                                      reason: "number out of range for a Double (non-finite)")) {
            try NativeSampleCodec.decode(Data(json.utf8), file: "f.json")
        }
    }

    @Test func infinityTokensAreRejectedAsNonFinite() {
        for token in ["Infinity", "-Infinity", "NaN"] {
            let json = #"{"format": "gesturelab.sample/1", "strokes": [[[\#(token), 2]]]}"#
            if let error = nativeSampleError(Data(json.utf8), file: "f.json") {
                #expect(error.contains("strokes[0][0][0]"), "\(error)")
                #expect(error.contains("non-finite"), "\(error)")
            }
        }
    }
}
