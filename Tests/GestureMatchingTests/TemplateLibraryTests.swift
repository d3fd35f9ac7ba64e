import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

struct TemplateLibraryTests {
    private func json(_ s: String) -> Data { Data(s.utf8) }

    @Test func encodedLibraryDecodesToTheSameTemplates() throws {
        let lib = TemplateLibrary(templates: Shapes.named.map { Template(name: $0.0, gesture: $0.1) },
                                  settings: ["seed": "7"])
        let back = try TemplateLibrary.decode(try lib.encoded())
        #expect(back == lib)
        #expect(back.names == ["caret", "check", "circle", "rectangle", "triangle", "zigzag"])
    }

    @Test func pointsWithTimesAreKept() throws {
        let lib = try TemplateLibrary.decode(json("""
        {"format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [[[1, 2, 0.5], [3, 4, 0.6]]]}]}
        """))
        #expect(lib.templates[0].gesture.strokes[0].points[1] == Point(x: 3, y: 4, t: 0.6))
    }

    @Test func unknownVersionIsRejectedNamingTheFormat() {
        #expect {
            try TemplateLibrary.decode(json("""
            {"format": "gesturelab.templates/9", "templates": [{"name": "a", "strokes": [[[1, 2]]]}]}
            """))
        } throws: { error in
            guard let e = error as? TemplateLibraryError, case .unsupportedFormat("gesturelab.templates/9") = e else { return false }
            return e.description.contains("format") && e.description.contains("gesturelab.templates/9")
        }
    }

    @Test(arguments: [
        ("[]", "strokes"),
        ("[[]]", "strokes[0]"),
        ("[[[5, 5]]]", "strokes"),
        ("[[[5, 5], [5, 5]], [[5, 5]]]", "strokes"),
    ])
    func emptyTemplateIsRejectedNamingIndexNameAndField(strokes: String, field: String) {
        #expect {
            try TemplateLibrary.decode(Data("""
            {"format": "gesturelab.templates/1", "templates": [{"name": "ok", "strokes": [[[0, 0], [1, 1]]]},
             {"name": "hollow", "strokes": \(strokes)}]}
            """.utf8))
        } throws: { error in
            guard let e = error as? TemplateLibraryError, case .invalidTemplate(1, "hollow", let f, _) = e else { return false }
            return f == field && e.description.contains("template 1 ('hollow')") && e.description.contains(field)
        }
    }

    @Test(arguments: [("\"NaN\"", "x"), ("\"Infinity\"", "x"), ("\"-Infinity\"", "x")])
    func nonFiniteCoordinateIsRejectedNamingTemplateAndPoint(value: String, axis: String) {
        #expect {
            try TemplateLibrary.decode(Data("""
            {"format": "gesturelab.templates/1", "templates": [{"name": "ok", "strokes": [[[0, 0], [4, 3]]]},
             {"name": "big", "strokes": [[[0, 0]], [[0, 0], [\(value), 1]]]}]}
            """.utf8))
        } throws: { error in
            guard let e = error as? TemplateLibraryError, case .invalidTemplate(1, "big", "strokes[1][1].\(axis)", _) = e else { return false }
            return e.description == "template 1 ('big'): field 'strokes[1][1].x': non-finite coordinate"
        }
    }

    @Test func anOutOfRangeLiteralIsRefusedNamingTheCoordinate() {
        #expect {
            try TemplateLibrary.decode(json("""
            {"format": "gesturelab.templates/1", "templates": [{"name": "big", "strokes": [[[0, 0], [1e999, 1]]]}]}
            """))
        } throws: { error in
            guard case .invalidTemplate(0, "big", "strokes[0][1].x", "non-finite coordinate")? = error as? TemplateLibraryError else { return false }
            return true
        }
    }

    @Test func emptyLibraryAndMissingNameAreErrors() {
        #expect(throws: TemplateLibraryError.noTemplates) {
            try TemplateLibrary.decode(json(#"{"format": "gesturelab.templates/1", "templates": []}"#))
        }
        #expect {
            try TemplateLibrary.decode(json(#"{"format": "gesturelab.templates/1", "templates": [{"strokes": [[[0, 0]]]}]}"#))
        } throws: { error in
            guard case .invalidTemplate(0, nil, "name", _)? = error as? TemplateLibraryError else { return false }
            return true
        }
    }

    @Test func notJSONIsMalformed() {
        #expect { try TemplateLibrary.decode(json("{\"format\": ")) } throws: { error in
            guard case .malformed? = error as? TemplateLibraryError else { return false }
            return true
        }
    }
}
