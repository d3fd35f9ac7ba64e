import Foundation
import Testing
import GestureData
import GestureTestSupport

/// The acceptance ladder of bad inputs: each error names the file, the line or sample,
/// and the field.
struct BadInputTests {
    @Test(arguments: DataFixtures.badInputs)
    func errorNamesFileLocationAndField(input: DataFixtures.BadInput) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path(input.fileName)
        try Data(input.contents.utf8).write(to: URL(fileURLWithPath: path))
        do {
            let d = try DatasetLoader.load(path)
            Issue.record("\(input.name) loaded \(d.count) samples instead of failing")
        } catch let e as GestureDataError {
            let message = e.description
            #expect(message.hasPrefix(path), "\(message)")
            #expect(message.contains(input.location), "\(message)")
            #expect(message.contains(input.field), "\(message)")
            #expect(e.file == path)
        }
    }

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
            do {
                _ = try NativeSampleCodec.decode(Data(json.utf8), file: "f.json")
                Issue.record("\(token) accepted")
            } catch {
                #expect("\(error)".contains("strokes[0][0][0]"), "\(error)")
                #expect("\(error)".contains("non-finite"), "\(error)")
            }
        }
    }
}
