import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching


struct GradientBoostedTreesTests {
    static func xor(_ n: Int, seed: UInt64) -> ([[Double]], [Bool]) {
        var rng = SeededGenerator(seed: seed)
        var rows: [[Double]] = [], labels: [Bool] = []
        for _ in 0..<n {
            let a = Double.random(in: 0...1, using: &rng), b = Double.random(in: 0...1, using: &rng)
            rows.append([a, b, 0.5]); labels.append((a > 0.5) != (b > 0.5))
        }
        return (rows, labels)
    }

    @Test func learnsXorAndGeneralizes() {
        let (x, y) = Self.xor(2000, seed: 1)
        let model = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 60))
        let (tx, ty) = Self.xor(1000, seed: 2)
        let right = zip(tx, ty).filter { (model.probability($0.0) > 0.5) == $0.1 }.count
        #expect(right >= 950)
        #expect(model.gainByFeature[2] == 0)  // a constant feature never splits
    }

    @Test func trainingIsDeterministicAndSurvivesJSON() throws {
        let (x, y) = Self.xor(500, seed: 3)
        let a = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 20))
        let b = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 20))
        #expect(a == b)
        let decoded = try JSONDecoder().decode(GradientBoostedTrees.self, from: try JSONEncoder().encode(a))
        #expect(decoded == a)
        #expect(x.prefix(20).allSatisfy { decoded.margin($0) == a.margin($0) })
    }

    @Test func heavierNegativesLowerTheProbabilityOfAmbiguousRows() {
        var rng = SeededGenerator(seed: 4)
        var x: [[Double]] = [], y: [Bool] = []
        for _ in 0..<1000 { let v = Double.random(in: 0...1, using: &rng); x.append([v]); y.append(Double.random(in: 0...1, using: &rng) < v) }
        let plain = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 30))
        let heavy = GradientBoostedTrees.train(rows: x, labels: y, weights: y.map { $0 ? 1 : 10 }, settings: BoosterSettings(trees: 30))
        #expect(heavy.probability([0.5]) < plain.probability([0.5]))
    }

    @Test func validationNamesTheTamperedField() throws {
        let (x, y) = Self.xor(300, seed: 5)
        let model = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 3))
        var json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(model)) as? [String: Any])
        var trees = try #require(json["trees"] as? [[String: Any]])
        var left = try #require(trees[0]["left"] as? [Int])
        left[0] = 9999
        trees[0]["left"] = left
        json["trees"] = trees
        let bad = try JSONDecoder().decode(GradientBoostedTrees.self, from: try JSONSerialization.data(withJSONObject: json))
        #expect { try bad.validated() } throws: { "\($0)".contains("trees[0].left[0]") }
    }
}
