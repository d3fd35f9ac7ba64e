import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

/// Sadun's "Constraining Movement" and PinchMe's compound transform.
struct ConstraintAndTransformTests {
    static func pan(_ constraint: PanRecognizer.Constraint?) -> PanRecognizer {
        var s = PanRecognizer.Settings()
        s.constraint = constraint
        return PanRecognizer(name: "pan", settings: s)
    }

    static func lastTranslation(_ s: TouchScript) -> Point? {
        s.log.last { $0.recognizer == "pan" }?.values.translation
    }

    @Test func anAxisConstraintKeepsOneComponent() throws {
        let s = TouchScript([Self.pan(.axis(.x))])
        try s.drag(ids: [1], from: [(100, 100)], to: [(160, 140)], start: 0, duration: 0.3)
        #expect(Self.lastTranslation(s) == Point(x: 60, y: 0))
        let v = TouchScript([Self.pan(.axis(.y))])
        try v.drag(ids: [1], from: [(100, 100)], to: [(160, 140)], start: 0, duration: 0.3)
        #expect(Self.lastTranslation(v) == Point(x: 0, y: 40))
    }

    /// Fingers down at (100, 100) in a 120 × 120 box from the origin: the constrained point
    /// stops at the box's edge, (120, 120), whatever the fingers do beyond it.
    @Test func aRectConstraintKeepsTheDraggedPointInside() throws {
        let s = TouchScript([Self.pan(.rect(x: 0, y: 0, width: 120, height: 120))])
        try s.drag(ids: [1], from: [(100, 100)], to: [(160, 60)], start: 0, duration: 0.3)
        #expect(Self.lastTranslation(s) == Point(x: 20, y: -40))
        // Every report stays inside.
        for a in s.log where a.recognizer == "pan" {
            let t = try #require(a.values.translation)
            #expect(100 + t.x <= 120 && 100 + t.y <= 120)
        }
        // Unconstrained, the same drag goes the whole way.
        let free = TouchScript([Self.pan(nil)])
        try free.drag(ids: [1], from: [(100, 100)], to: [(160, 60)], start: 0, duration: 0.3)
        #expect(Self.lastTranslation(free) == Point(x: 60, y: -40))
    }

    @Test func theConstraintIsReadAndWrittenInTheConfiguration() throws {
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "p", "type": "pan", "constrain": {"rect": [0, 0, 320, 480]}}, {"name": "q", "type": "pan", "constrain": {"axis": "y"}}]}"#
        let c = try RecognizerConfiguration.decode(Data(json.utf8), file: "c.json")
        let again = try RecognizerConfiguration.decode(try c.encoded(), file: "again")
        #expect(again == c)
        guard case .pan(let p) = c.recognizers[0].spec, case .pan(let q) = c.recognizers[1].spec else {
            Issue.record("not pans"); return
        }
        #expect(p.constraint == .rect(x: 0, y: 0, width: 320, height: 480) && q.constraint == .axis(.y))
        for bad in [#"{"axis": "z"}"#, #"{"rect": [0, 0, -1, 5]}"#, #"{"rect": [0, 0]}"#, #"{"circle": 3}"#, #""x""#] {
            let text = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "p", "type": "pan", "constrain": "# + bad + "}]}"
            #expect(throws: GestureDataError.self) { try RecognizerConfiguration.decode(Data(text.utf8), file: "c.json") }
        }
    }

    /// PinchMe: two 2× pinches and a quarter turn, each its own gesture, build up scale 4
    /// and rotation π/2; a pan adds its offset.
    @Test func theCompoundTransformAccumulatesAcrossGestures() throws {
        let arena = GestureArena([PinchRecognizer(name: "pinch"), RotationRecognizer(name: "rotation"), Self.pan(nil)])
        arena.allowSimultaneous("pinch", "rotation")
        let s = TouchScript(arena)
        try s.drag(ids: [1, 2], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 1, duration: 0.5)
        try s.drag(ids: [3, 4], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 3, duration: 0.5)
        var t = CompoundTransform()
        for a in s.log { t.apply(a) }
        #expect(abs(t.scale - 4) < 1e-9, "\(t.scale)")
        #expect(abs(t.rotation) < 1e-9)
        // A quarter turn about (200, 200).
        func pos(_ a: Double) -> [(Int, Double, Double)] {
            [(5, 200 - 60 * cos(a), 200 - 60 * sin(a)), (6, 200 + 60 * cos(a), 200 + 60 * sin(a))]
        }
        try s.send(5, .began, pos(0))
        for k in 1...30 { try s.send(5 + Double(k) * 0.02, .moved, pos(Double.pi / 2 * Double(k) / 30)) }
        try s.send(5.7, .ended, pos(.pi / 2))
        t = CompoundTransform()
        for a in s.log { t.apply(a) }
        #expect(abs(t.rotation - .pi / 2) < 1e-6)
        #expect(abs(t.affine[0]) < 1e-6 && abs(t.affine[1] - t.scale) < 1e-6 && abs(t.affine[2] + t.scale) < 1e-6)
    }

    @Test func panOffsetsAddUpAndOtherActionsChangeNothing() {
        func action(_ name: String, _ state: RecognizerState, translation: Point? = nil) -> GestureActivation {
            var v = GestureValues(); v.translation = translation
            return GestureActivation(recognizer: name, kind: translation == nil ? .discrete : .continuous, state: state, time: 0, values: v)
        }
        var t = CompoundTransform()
        for a in [action("pan", .began, translation: Point(x: 10, y: 0)), action("pan", .changed, translation: Point(x: 30, y: 5)),
                  action("pan", .ended, translation: Point(x: 40, y: 5)), action("tap", .ended),
                  action("pan", .began, translation: Point(x: 0, y: 10)), action("pan", .ended, translation: Point(x: -5, y: 20))] {
            t.apply(a)
        }
        #expect(t.translation == Point(x: 35, y: 25))
        #expect(t.scale == 1 && t.rotation == 0 && t.updates == 5)
        #expect(t.affine == [1, 0, -0, 1, 35, 25])
    }
}
