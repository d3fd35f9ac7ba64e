import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

/// Android's GestureStore files (version 1): written, read back, a file assembled by hand
/// from the format's description, and hostile input.
struct GestureStoreTests {
    /// Big-endian fields, assembled by hand as the format describes them (not with the writer).
    struct Bytes {
        var data = Data()
        mutating func short(_ v: Int16) { withUnsafeBytes(of: v.bigEndian) { data.append(contentsOf: $0) } }
        mutating func int(_ v: Int32) { withUnsafeBytes(of: v.bigEndian) { data.append(contentsOf: $0) } }
        mutating func long(_ v: Int64) { withUnsafeBytes(of: v.bigEndian) { data.append(contentsOf: $0) } }
        mutating func float(_ v: Float) { int(Int32(bitPattern: v.bitPattern)) }
        mutating func utf(_ bytes: [UInt8]) { short(Int16(bytes.count)); data.append(contentsOf: bytes) }
        mutating func point(_ x: Float, _ y: Float, _ ms: Int64) { float(x); float(y); long(ms) }
    }

    /// Two entries: "circle" with one gesture of one stroke of three points, and "Zürich ✓"
    /// (two- and three-byte modified UTF-8) with one gesture of two strokes.
    static var handMade: Data {
        var b = Bytes()
        b.short(1)                       // version
        b.int(2)                         // entries
        b.utf(Array("circle".utf8))
        b.int(1)                         // gestures
        b.long(1_700_000_000_123)        // id
        b.int(1)                         // strokes
        b.int(3)                         // points
        b.point(10.5, 20, 1000); b.point(11, -3.25, 1016); b.point(0, 0, 1033)
        b.utf([0x5A, 0xC3, 0xBC, 0x72, 0x69, 0x63, 0x68, 0x20, 0xE2, 0x9C, 0x93])   // "Zürich ✓"
        b.int(1)
        b.long(-7)
        b.int(2)
        b.int(1); b.point(1, 2, 0)
        b.int(2); b.point(3, 4, 5); b.point(6, 7, 8)
        return b.data
    }

    @Test func aHandMadeFileReadsAsTheFormatSays() throws {
        let samples = try GestureStoreReader.read(Self.handMade, file: "lib.gestures")
        #expect(samples.count == 2)
        #expect(samples[0].label == "circle")
        #expect(samples[0].meta["gestureStoreId"] == "1700000000123")
        #expect(samples[0].gesture.strokes.map(\.points) == [[Point(x: 10.5, y: 20, t: 1), Point(x: 11, y: -3.25, t: 1.016),
                                                              Point(x: 0, y: 0, t: 1.033)]])
        #expect(samples[1].label == "Zürich ✓")
        #expect(samples[1].meta["gestureStoreId"] == "-7")
        #expect(samples[1].gesture.strokes.count == 2)
        #expect(samples[1].gesture.strokes[1].points == [Point(x: 3, y: 4, t: 0.005), Point(x: 6, y: 7, t: 0.008)])
        #expect(GestureStoreReader.looksLikeGestureStore(Self.handMade))
        // Writing what was read gives the hand-made bytes back.
        #expect(try GestureStoreWriter.encode(samples, file: "out.gestures") == Self.handMade)
    }

    @Test func filesTheWriterWroteReadBackIdentically() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let samples = [
            Sample(gesture: Gesture([Stroke([Point(x: 1.5, y: -2, t: 0), Point(x: 3, y: 4, t: 0.016)])]), label: "check"),
            Sample(gesture: Gesture([Stroke([Point(x: 0.25, y: 1e6, t: 1_700_000_000.5)]),
                                     Stroke([Point(x: -0.0, y: 7, t: 1_700_000_000.625)])]), label: "y 𝄞"),
            Sample(gesture: Gesture([Stroke([Point(x: 9, y: 9, t: 2), Point(x: 8, y: 8, t: 2.5)])]), label: "check",
                   meta: ["gestureStoreId": "42"]),
        ]
        let url = dir.url.appendingPathComponent("lib.gestures")
        try GestureStoreWriter.write(samples, to: url)
        let bytes = try Data(contentsOf: url)
        let back = try GestureStoreReader.read(bytes, file: url.path)
        // Grouped by label in first-appearance order: check, check, then the other entry.
        #expect(back.map(\.label) == ["check", "check", "y 𝄞"])
        #expect(back.map(\.gesture) == [samples[0].gesture, samples[2].gesture, samples[1].gesture])
        #expect(back.map { $0.meta["gestureStoreId"] } == ["1", "42", "2"])
        #expect(try GestureStoreWriter.encode(back, file: "again.gestures") == bytes)
        // 𝄞 as two three-byte surrogates and U+0000 as two bytes (Java's modified UTF-8).
        #expect(bytes.range(of: Data([0xED, 0xA0, 0xB4, 0xED, 0xB4, 0x9E])) != nil)
        let nul = try GestureStoreWriter.encode([Sample(gesture: samples[0].gesture, label: "x\u{0}y")], file: "nul.gestures")
        #expect(nul.range(of: Data([0x00, 0x04, 0x78, 0xC0, 0x80, 0x79])) != nil)
    }

    @Test func theWriterRefusesWhatTheFormatCannotHold() {
        let noLabel = Sample(gesture: Gesture([Stroke([Point(x: 0, y: 0)])]))
        #expect(throws: GestureDataError.self) { try GestureStoreWriter.encode([noLabel], file: "o.gestures") }
        let tooBig = Sample(gesture: Gesture([Stroke([Point(x: 1e39, y: 0)])]), label: "a")
        let e = #expect(throws: GestureDataError.self) { try GestureStoreWriter.encode([tooBig], file: "o.gestures") }
        #expect(e?.description.contains("o.gestures") == true)
        #expect(e?.description.contains("sample 1") == true)
    }

    // MARK: hostile input

    /// Every cut of the hand-made file is refused with an error naming the file and what
    /// was being read.
    @Test func everyTruncationIsAClearError() {
        let whole = Self.handMade
        for n in 0..<whole.count {
            do {
                _ = try GestureStoreReader.read(whole.prefix(n), file: "cut.gestures")
                Issue.record("a file cut to \(n) bytes was accepted")
            } catch let e as GestureDataError {
                let text = e.description
                #expect(text.hasPrefix("cut.gestures: "), "\(text)")
                #expect(text.contains("truncated") || text.contains("needs at least") || text.contains("version"), "\(text)")
            } catch {
                Issue.record("not a GestureDataError: \(error)")
            }
        }
    }

    @Test func aHugeCountIsRefusedBeforeAnythingIsHeldForIt() throws {
        var b = Bytes()
        b.short(1); b.int(1); b.utf(Array("a".utf8)); b.int(1); b.long(1)
        b.int(1)                        // strokes
        b.int(Int32.max)                // points: 32 GiB worth, in a file of a few bytes
        b.point(0, 0, 0)
        let e = #expect(throws: GestureDataError.self) { try GestureStoreReader.read(b.data, file: "huge.gestures") }
        let text = e?.description ?? ""
        #expect(text.contains("huge.gestures") && text.contains("entry 1 ('a')") && text.contains("gesture 1")
                && text.contains("stroke 1") && text.contains("point count") && text.contains("2147483647"), "\(text)")
        var entries = Bytes()
        entries.short(1); entries.int(Int32.max)
        let e2 = #expect(throws: GestureDataError.self) { try GestureStoreReader.read(entries.data, file: "many.gestures") }
        #expect(e2?.description.contains("entry count") == true)
        #expect(!GestureStoreReader.looksLikeGestureStore(entries.data))
    }

    @Test func negativeCountsBadTextAndNonFiniteNumbersAreNamed() throws {
        func read(_ build: (inout Bytes) -> Void) -> String {
            var b = Bytes()
            build(&b)
            do { _ = try GestureStoreReader.read(b.data, file: "bad.gestures"); return "accepted" } catch { return "\(error)" }
        }
        #expect(read { $0.short(1); $0.int(-1) }.contains("entry count': negative"))
        #expect(read { $0.short(2); $0.int(0) }.contains("version 2"))
        #expect(read { $0.short(1); $0.int(1); $0.utf([0xFF]); $0.int(0) }.contains("entry 1: name"))
        #expect(read { $0.short(1); $0.int(1); $0.utf([0xED, 0xA0, 0x80]); $0.int(0) }.contains("unpaired surrogate"))
        #expect(read { $0.short(1); $0.int(1); $0.utf([]); $0.int(0) }.contains("the label is empty"))
        #expect(read { b in
            b.short(1); b.int(1); b.utf(Array("a".utf8)); b.int(1); b.long(1); b.int(1); b.int(1); b.point(.nan, 0, 0)
        }.contains("point 1: x"))
        #expect(read { b in
            b.short(1); b.int(1); b.utf(Array("a".utf8)); b.int(1); b.long(1); b.int(1); b.int(0)
        }.contains("empty stroke"))
        #expect(read { b in
            b.short(1); b.int(1); b.utf(Array("a".utf8)); b.int(1); b.long(1); b.int(1); b.int(1); b.point(0, 0, .min)
        }.contains("timestamp"))
        #expect(read { b in
            b.short(1); b.int(0); b.int(0)
        }.contains("4 bytes after the last entry"))
    }

    @Test func tooManyPointsInOneSampleIsRefused() {
        var b = Bytes()
        b.short(1); b.int(1); b.utf(Array("a".utf8)); b.int(1); b.long(1)
        b.int(2)
        let half = SampleLimits.maxPoints / 2 + 1
        for _ in 0..<2 {
            b.int(Int32(half))
            for i in 0..<half { b.point(Float(i), 0, Int64(i)) }
        }
        let e = #expect(throws: GestureDataError.self) { try GestureStoreReader.read(b.data, file: "long.gestures") }
        #expect(e?.description.contains("stroke 2: point count") == true)
    }

    @Test func theSeedCorpusFileReads() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/FuzzGestureStore/two-entries.gestures")
        let samples = try GestureStoreReader.read(Data(contentsOf: url), file: url.path)
        #expect(samples.map(\.label) == ["check", "cross"])
        #expect(samples[1].gesture.strokes.count == 2)
    }
}
