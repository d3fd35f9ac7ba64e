import Foundation
import GestureDetectors
import GestureTestSupport
import Testing
@testable import GestureTraining

/// The shipped thresholds and library are compiled in, equal to `templates/`, and a
/// `GESTURELAB_TEMPLATES` folder overrides them file by file.
struct ShippedTemplatesTests {
    @Test func compiledInBytesAreTheTemplatesFolder() throws {
        for name in ["checkmark.json", "circle.json", "templates.json"] {
            let onDisk = try Data(contentsOf: DatasetLocator.packageRoot.appendingPathComponent("templates/\(name)"))
            let shipped = try #require(try ShippedTemplates.file(name, limit: 1 << 26, environment: [:]))
            #expect(shipped.value == onDisk, "\(name) differs from templates/: run tools/embed-templates")
            #expect(shipped.origin == .compiledIn(name: name))
        }
    }

    @Test func thresholdsAndLibraryLoadWithTheirOrigin() throws {
        for kind in DetectorKind.builtIn {
            let t = try #require(try ShippedTemplates.thresholds(for: kind, environment: [:]))
            #expect(t.origin.description == "templates/\(kind.rawValue).json, shipped with GestureLab")
        }
        #expect(try ShippedTemplates.thresholds(for: .shape, environment: [:]) == nil)
        let library = try ShippedTemplates.library(environment: [:])
        #expect(library.value.names.count == 16)
    }

    @Test func anOverrideFolderReplacesOnlyTheFilesItHolds() throws {
        let dir = try TemporaryDirectory("shipped-override")
        defer { dir.remove() }
        let circle = try Data(contentsOf: DatasetLocator.packageRoot.appendingPathComponent("templates/circle.json"))
        try circle.write(to: dir.url.appendingPathComponent("circle.json"))
        let env = [ShippedTemplates.overrideVariable: dir.url.path]
        let c = try #require(try ShippedTemplates.thresholds(for: .circle, environment: env))
        #expect(c.origin == .overridden(path: dir.path("circle.json")))
        let k = try #require(try ShippedTemplates.thresholds(for: .checkmark, environment: env))
        #expect(k.origin == .compiledIn(name: "checkmark.json"))
        // A broken override is an error naming it, not a silent fallback.
        try Data("{".utf8).write(to: dir.url.appendingPathComponent("templates.json"))
        #expect { try ShippedTemplates.library(environment: env) } throws: { "\($0)".contains("templates.json") }
    }
}
