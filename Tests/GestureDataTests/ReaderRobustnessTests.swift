import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

/// Seeded random damage to valid files: every reader either returns a sample with finite
/// points or throws a GestureDataError naming the file — never crashes, never anything else.
struct ReaderRobustnessTests {
    static let originals: [(name: String, text: String)] = [
        ("d1.xml", DataFixtures.dollarOneXML),
        ("mmg.xml", DataFixtures.multistrokeXML),
        ("s.json", DataFixtures.nativeSampleJSON),
        ("d.jsonl", DataFixtures.nativeSampleJSON + "\n" + DataFixtures.nativeSampleJSON + "\n"),
    ]

    static func damaged(_ bytes: [UInt8], rng: inout SeededGenerator) -> [UInt8] {
        var b = bytes
        let alphabet = Array("<>/=\" 0123456789.-eE[]{},:NaXY\n".utf8)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: b = Array(b.prefix(Int.random(in: 0...b.count, using: &rng)))              // truncate
        case 1: for _ in 0..<3 where !b.isEmpty { b.remove(at: Int.random(in: 0..<b.count, using: &rng)) }
        case 2: for _ in 0..<3 where !b.isEmpty { b[Int.random(in: 0..<b.count, using: &rng)] = alphabet.randomElement(using: &rng) ?? 0 }
        default: for _ in 0..<3 { b.insert(alphabet.randomElement(using: &rng) ?? 0, at: Int.random(in: 0...b.count, using: &rng)) }
        }
        return b
    }

    @Test(arguments: 0..<originals.count)
    func damagedFilesGiveAnErrorOrAValidSample(which: Int) throws {
        let (name, text) = Self.originals[which]
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var rng = SeededGenerator(seed: 2026 + UInt64(which))
        let url = dir.url.appendingPathComponent(name)
        for _ in 0..<150 {
            try Data(Self.damaged(Array(text.utf8), rng: &rng)).write(to: url)
            do {
                let d = try DatasetLoader.load(url.path)
                #expect(d.samples.allSatisfy { $0.gesture.isFinite && $0.gesture.strokes.allSatisfy { !$0.isEmpty } })
            } catch let e as GestureDataError {
                #expect(e.file == url.path)
            }
        }
    }
}
