import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

struct NativeSampleCodecTests {
    @Test func decodesTheDesignExample() throws {
        let s = try NativeSampleCodec.decode(Data(DataFixtures.nativeSampleJSON.utf8), file: "s.json")
        #expect(s.label == "check" && s.subject == "s02" && s.speed == "medium")
        #expect(s.gesture.strokes.count == 2)
        #expect(s.gesture.strokes[0].points[1] == Point(x: 79, y: 201, t: 0.105))
        #expect(s.gesture.strokes[1].points[0] == Point(x: 10, y: 10))
        #expect(s.source == "s.json")
    }

    @Test func encodeThenDecodeGivesTheSameSample() throws {
        let sample = Sample(gesture: Gesture([Stroke([Point(x: 1.5, y: -2, t: 0), Point(x: 1e-7, y: 3e5, t: 0.0125)]),
                                              Stroke([Point(x: 0.1, y: 0.2)])]),
                            label: "a \"quoted\" / label ✓", subject: "s\\1", meta: ["device": "pen", "note": "line\nbreak"])
        let data = try NativeSampleCodec.encode(sample)
        #expect(!data.contains(UInt8(ascii: "\n")))
        var back = try NativeSampleCodec.decode(data, file: "x.json")
        back.source = nil
        #expect(back == sample)
    }

    @Test func encodingIsReproducible() throws {
        let s = try NativeSampleCodec.decode(Data(DataFixtures.nativeSampleJSON.utf8), file: "s.json")
        #expect(try NativeSampleCodec.encode(s) == NativeSampleCodec.encode(s))
        let text = String(decoding: try NativeSampleCodec.encode(s), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"gesturelab.sample/1","label":"check","meta":{"speed":"medium"},"strokes":"#))
    }

    @Test func labelSubjectAndMetaAreOptional() throws {
        let s = try NativeSampleCodec.decode(Data(#"{"format":"gesturelab.sample/1","label":null,"strokes":[[[0,0]]],"extra":1}"#.utf8), file: "x")
        #expect(s.label == nil && s.subject == nil && s.meta.isEmpty)
    }

    @Test(arguments: [
        (#"{"format": 1, "strokes": [[[0,0]]]}"#, "format"),
        (#"{"strokes": [[[0,0]]]}"#, "format"),
        (#"{"format": "gesturelab.sample/1", "strokes": []}"#, "strokes"),
        (#"{"format": "gesturelab.sample/1", "strokes": {"a": 1}}"#, "strokes"),
        (#"{"format": "gesturelab.sample/1", "strokes": [[[0]]]}"#, "strokes[0][0]"),
        (#"{"format": "gesturelab.sample/1", "strokes": [[[0, 1, 2, 3]]]}"#, "strokes[0][0]"),
        (#"{"format": "gesturelab.sample/1", "strokes": [[[0, "1"]]]}"#, "strokes[0][0][1]"),
        (#"{"format": "gesturelab.sample/1", "strokes": [[[0, 0, 5], [1, 1, 4]]]}"#, "strokes[0][1][2]"),
        (#"{"format": "gesturelab.sample/1", "label": 3, "strokes": [[[0, 0]]]}"#, "label"),
        (#"{"format": "gesturelab.sample/1", "meta": {"speed": 2}, "strokes": [[[0, 0]]]}"#, "meta.speed"),
        (#"[1, 2]"#, "[0]"),  // read as a bare array of strokes: its first stroke is not one
    ])
    func invalidFieldsAreNamed(json: String, field: String) {
        if let error = nativeSampleError(Data(json.utf8), file: "x.json") {
            #expect(error.contains("field '\(field)'"), "\(error)")
            #expect(error.hasPrefix("x.json: "), "\(error)")
        }
    }

    @Test func timesMayStepBackWithinTheTolerance() throws {
        let json = #"{"format": "gesturelab.sample/1", "strokes": [[[0, 0, 1.0], [1, 1, 0.9995]]]}"#
        #expect(try NativeSampleCodec.decode(Data(json.utf8), file: "x").gesture.pointCount == 2)
    }

    @Test func truncatedJSONIsMalformedWithLineAndColumn() {
        let json = "{\"format\": \"gesturelab.sample/1\",\n \"strokes\": [[[0, 0], [1"
        if let error = nativeSampleError(Data(json.utf8), file: "x.json") {
            #expect(error.hasPrefix("x.json: line 2: field 'strokes[0][1]"), "\(error)")
            #expect(error.contains("truncated"), "\(error)")
        }
    }

    @Test func encodingRejectsWhatCouldNotBeReadBack() {
        let nan = Sample(gesture: Gesture(points: [Point(x: .nan, y: 0)]))
        #expect(throws: GestureDataError.self) { try NativeSampleCodec.encode(nan) }
        let empty = Sample(gesture: Gesture([Stroke([Point(x: 0, y: 0)]), Stroke([])]))
        #expect(throws: GestureDataError.self) { try NativeSampleCodec.encode(empty) }
        #expect(throws: GestureDataError.self) { try NativeSampleCodec.encode(Sample(gesture: Gesture([]))) }
    }

    @Test func writeCreatesAReadableSampleFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let s = try NativeSampleCodec.decode(Data(DataFixtures.nativeSampleJSON.utf8), file: "s.json")
        let url = dir.url.appendingPathComponent("sub/one.json")
        try NativeSampleCodec.write(s, to: url)
        let back = try DatasetLoader.load(url.path)
        #expect(back.count == 1 && back.samples[0].gesture == s.gesture)
    }
}

/// Epoch-second times stepping back by 1 ms are within the tolerance, however
/// the decimal rounds; 2 ms back is refused.
struct NativeTimeToleranceTests {
    func sample(_ t1: String, _ t2: String) -> Data {
        Data(#"{"format": "gesturelab.sample/1", "strokes": [[[0, 0, \#(t1)], [5, 5, \#(t2)]]]}"#.utf8)
    }

    @Test func oneMillisecondBackAtEpochScaleIsRead() throws {
        _ = try NativeSampleCodec.decode(sample("1302127606.846", "1302127606.845"), file: "s.json")
        // 1302127606.841 − 1302127606.840 is 0.0010001659 in binary: refused before the fix.
        _ = try NativeSampleCodec.decode(sample("1302127606.841", "1302127606.840"), file: "s.json")
        #expect(throws: GestureDataError.self) {
            try NativeSampleCodec.decode(sample("1302127606.846", "1302127606.844"), file: "s.json")
        }
    }
}

/// What `NativeSampleCodec.decode` says of `data` read as `file`: its error in words, or
/// `nil` when it decodes (recorded as an issue at the caller: the data was meant to be refused).
func nativeSampleError(_ data: Data, file: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        _ = try NativeSampleCodec.decode(data, file: file)
        Issue.record("\(file) accepted: \(String(decoding: data.prefix(200), as: UTF8.self))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return "\(error)"
    }
}
