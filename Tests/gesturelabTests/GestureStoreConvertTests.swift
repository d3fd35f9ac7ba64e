import Foundation
import Testing
import GestureData
import GestureTestSupport

/// `dataset convert` to and from Android's GestureStore files.
struct GestureStoreConvertTests {
    @Test func aDatasetGoesToAGestureLibraryAndBack() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let library = dir.path("out/lib.gestures"), back = dir.path("out/back.jsonl")
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", library])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote 5 samples"), "\(r.stdout)")
        let r2 = try CLIRunner.run(["dataset", "convert", library, "--to", back])
        #expect(r2.status == 0, "\(r2.stderr)")
        let original = try DatasetLoader.load(dir.path("data")).samples
        let converted = try DatasetLoader.load(back).samples
        // Grouped by label; each gesture back with Float32 coordinates and millisecond times.
        func rounded(_ s: Sample) -> [[Double]] {
            s.gesture.strokes.flatMap(\.points).map { [Double(Float($0.x)), Double(Float($0.y)), (($0.t ?? 0) * 1000).rounded() / 1000] }
        }
        #expect(converted.count == original.count)
        for label in Set(original.compactMap(\.label)) {
            #expect(original.filter { $0.label == label }.map(rounded) == converted.filter { $0.label == label }.map(rounded))
        }
        // The library written from the converted samples is the same file.
        let again = dir.path("out/again.gestures")
        #expect(try CLIRunner.run(["dataset", "convert", back, "--to", again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: library)))
    }

    @Test func aFileWithoutExtensionIsReadWhenItStartsAsAGestureLibrary() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // Gesture Builder saves its library as "gestures", without extension.
        var d = Data([0, 1, 0, 0, 0, 1, 0, 1, 0x61, 0, 0, 0, 1])       // version 1, 1 entry "a", 1 gesture
        d += Data([0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 1, 0, 0, 0, 1])   // id 9, 1 stroke, 1 point
        d += Data([0x3F, 0x80, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x03, 0xE8])   // (1, 2) at 1000 ms
        try d.write(to: dir.url.appendingPathComponent("gestures"))
        let out = dir.path("a.json")
        let r = try CLIRunner.run(["dataset", "convert", dir.path("gestures"), "--to", out])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try DatasetLoader.load(out).samples
        #expect(s.count == 1 && s[0].label == "a" && s[0].gesture.strokes[0].points[0].t == 1 && s[0].meta["gestureStoreId"] == "9")
    }

    @Test func aDamagedLibraryIsAnErrorNamingTheFileAndField() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Data([0, 1, 0x7F, 0xFF, 0xFF, 0xFF]).write(to: dir.url.appendingPathComponent("bad.gestures"))
        let r = try CLIRunner.run(["dataset", "convert", dir.path("bad.gestures"), "--to", dir.path("o.jsonl")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("bad.gestures") && r.stderr.contains("entry count"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("o.jsonl")))
    }

    @Test func unlabelledSamplesCannotGoToAGestureLibrary() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let sample = Sample(gesture: .init([.init([.init(x: 0, y: 0), .init(x: 1, y: 1)])]))
        try NativeSampleCodec.write(sample, to: dir.url.appendingPathComponent("s.json"))
        let r = try CLIRunner.run(["dataset", "convert", dir.path("s.json"), "--to", dir.path("o.gestures")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("o.gestures") && r.stderr.contains("no label"), "\(r.stderr)")
    }
}
