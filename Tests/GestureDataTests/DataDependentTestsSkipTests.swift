import Foundation
import Testing
import GestureTestSupport

/// Tests that need the shared datasets must be reported as skipped when the data is
/// absent, never counted as passes: each declares `.enabled(if:)` with its reason, and
/// none returns early from its body when the data is missing.
struct DataDependentTestsSkipTests {
    /// What a test body uses when it reads a real dataset.
    static let dataUses = ["DatasetLocator.dollarOne(", "DatasetLocator.dollarOnePath", "DatasetLocator.datasetsRoot",
                           "makeDollarOneSubset(", "Self.subset()"]

    /// Every `@Test` of the test sources with the text from its attribute to the next test.
    static func tests() throws -> [(file: String, line: Int, text: String)] {
        let root = DatasetLocator.packageRoot.appendingPathComponent("Tests")
        var found: [(String, Int, String)] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for name in files.sorted() where name.hasSuffix(".swift") && !name.hasSuffix("DataDependentTestsSkipTests.swift") {
            let lines = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n")
            let starts = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
            for (k, s) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : lines.count
                found.append((name, s + 1, lines[s..<end].joined(separator: "\n")))
            }
        }
        return found
    }

    @Test func everyTestThatReadsADatasetDeclaresItsSkipCondition() throws {
        let all = try Self.tests()
        #expect(all.count > 100, "found only \(all.count) tests: is the Tests folder where the package root says?")
        for t in all where Self.dataUses.contains(where: t.text.contains) {
            let attribute = t.text.prefix { $0 != "{" }
            #expect(attribute.contains(".enabled(if:"), "\(t.file):\(t.line) reads a dataset but is not `.enabled(if:)`: it would pass without the data")
        }
    }

    @Test func noTestReturnsEarlyWhenItsDatasetIsMissing() throws {
        for t in try Self.tests() {
            for line in t.text.components(separatedBy: "\n") where line.contains("else { return }") {
                let silent = Self.dataUses.contains(where: line.contains)
                #expect(!silent, "\(t.file):\(t.line): `\(line.trimmingCharacters(in: .whitespaces))` passes silently without the data; use `try #require`")
            }
        }
    }
}
