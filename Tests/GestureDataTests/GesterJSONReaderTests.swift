import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

/// Real data: the public collections' JSON layouts, written here from their
/// description (one sample per file with stroke ids; bare arrays of strokes).
struct GesterJSONReaderTests {
    static let star = #"""
    {"name": "star", "subject": 11, "date": "2007-03-15",
     "paths": {"Pen": {"strokes": [
       {"x": 70, "y": 242, "w": null, "z": null, "alpha": null, "beta": null, "gamma": null, "t": 267786914, "stroke_id": 0},
       {"x": "80", "y": "250", "w": null, "z": null, "alpha": null, "beta": null, "gamma": null, "t": "267786930", "stroke_id": 0},
       {"x": 90, "y": 200, "w": null, "z": null, "alpha": null, "beta": null, "gamma": null, "t": 267786929, "stroke_id": 0},
       {"x": 10, "y": 20, "w": null, "z": null, "alpha": null, "beta": null, "gamma": null, "t": 267787000, "stroke_id": 1},
       {"x": 15, "y": 25, "w": null, "z": null, "alpha": null, "beta": null, "gamma": null, "t": 267787016, "stroke_id": 1}
     ]}}}
    """#

    @Test func aGesterFileReadsWithLabelSubjectDeviceAndStrokes() throws {
        let s = try NativeSampleCodec.decode(Data(Self.star.utf8), file: "star-11.json")
        #expect(s.label == "star" && s.subject == "11")
        #expect(s.meta["device"] == "Pen" && s.meta["date"] == "2007-03-15")
        #expect(s.gesture.strokes.map(\.points.count) == [3, 2])
        #expect(s.gesture.strokes[0].points[1].x == 80 && s.gesture.strokes[0].points[1].t == 267786.930)
    }

    @Test(arguments: [
        (#"{"name": "a", "paths": {"Pen": {"strokes": [{"x": "7x", "y": 1, "stroke_id": 0}]}}}"#, "paths.Pen.strokes[0].x"),
        (#"{"name": "a", "paths": {"Pen": {"strokes": []}, "Mouse": {"strokes": []}}}"#, "exactly one input device"),
        (#"{"paths": {"Pen": {"strokes": [{"x": 1, "y": 1}]}}}"#, "name"),
        (#"{"name": "a", "paths": {"Pen": {"strokes": [{"x": 1, "y": 1, "t": 10}, {"x": 2, "y": 2, "t": 5}]}}}"#, "goes backwards"),
        (#"{"name": "a", "paths": {"Pen": {"strokes": [{"x": 1, "y": 1, "t": 10}, {"x": 2, "y": 2}]}}}"#, "every point or on none"),
    ])
    func badGesterFilesNameTheField(_ json: String, _ fragment: String) {
        if let error = nativeSampleError(Data(json.utf8), file: "a.json") {
            #expect(error.contains(fragment) && error.contains("a.json"), "\(error)")
        }
    }

    @Test func aFolderMixingLayoutsLoadsWhole() throws {
        let dir = try TemporaryDirectory("gester-layouts")
        defer { dir.remove() }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir.path("gester"), withIntermediateDirectories: true)
        try Self.star.write(toFile: dir.path("gester/star-11.json"), atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: dir.path("shapes/triangle"), withIntermediateDirectories: true)
        try "[[[0, 0], [10, 0], [5, 8], [0, 0]]]".write(toFile: dir.path("shapes/triangle/1.json"), atomically: true, encoding: .utf8)
        try "[[[0, 0], [10, 10]], [[0, 10], [10, 0]]]".write(toFile: dir.path("shapes/triangle/2.json"), atomically: true, encoding: .utf8)
        let d = try DatasetLoader.load(dir.url.path)
        #expect(d.count == 3)
        #expect(Set(d.labels) == ["star", "triangle"])
        #expect(d.samples.first { $0.label == "star" }?.subject == "11")
        #expect(d.samples.filter { $0.label == "triangle" }.map(\.gesture.strokes.count).sorted() == [1, 2])
        // Other JSON still says what it is not.
        try #"{"format": "gesturelab.templates/1", "templates": []}"#.write(toFile: dir.path("gester/lib.json"), atomically: true, encoding: .utf8)
        #expect(throws: GestureDataError.self) { try DatasetLoader.load(dir.url.path) }
    }
}
