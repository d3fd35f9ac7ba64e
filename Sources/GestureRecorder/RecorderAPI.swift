import Foundation
import GestureData
import GestureGeometry
import Hummingbird

/// The JSON the recorder's HTTP API returns (`/api/...`). Errors come back as
/// Hummingbird's `{"error": {"message": "..."}}` with a 4xx/5xx status.
enum RecorderAPI {
    /// `GET /api/state`.
    struct State: ResponseEncodable {
        var store: String
        var labels: [LabelCount]
        var total: Int
        var recognizers: [String]
        /// The store's model folder the page recognizes with, once trained.
        var model: String?
        /// Why the store's model (``StoreModel``) does not load, naming the file and field;
        /// `nil` when it loads or there is none. The page says so instead of falling back in silence.
        var modelError: String?
        /// Whether the server trains by itself after each save or delete.
        var trainsAfterEdits: Bool
        /// Whether a training after an edit runs or waits (the page follows it until done).
        var trainingPending: Bool
        var trainingAvailable: Bool
        var report: TrainingReport?
        var pauseMilliseconds, maxBodyBytes, undoDepth: Int
        /// What the page recognizes with and where each part comes from, in plain words.
        var uses: [String]
        /// Strokes in the never-fire bin.
        var neverFire: Int
        /// The operating point chosen, and the named points to choose from.
        var choice: String
        var choices: [Choice]
        /// The model in use's operating point on its inner folds (nil: none measured).
        var operatingPoint: OperatingPointReport?
    }

    struct Choice: Codable {
        var id, title, explanation: String
    }

    /// `GET /api/check`: the held-out check.
    struct Check: ResponseEncodable {
        var check: HeldOutCheck
    }

    /// `POST /api/operating-point`.
    struct ChoiceSet: ResponseEncodable {
        var choice: String
        var report: TrainingReport?
    }

    struct LabelCount: Codable {
        var label: String
        var count: Int
    }

    /// What the recorder knows about a drawn gesture besides recognizer verdicts.
    struct Facts: Codable {
        var strokes, points: Int
        var pathLength: Double
        /// Seconds from the first to the last time stamp, when the points have times.
        var duration: Double?

        init(_ g: Gesture) {
            strokes = g.strokes.count
            points = g.pointCount
            pathLength = g.pathLength.isFinite ? g.pathLength : 0
            let times = g.allPoints.compactMap(\.t)
            if let first = times.first, let last = times.last { duration = last - first } else { duration = nil }
        }
    }

    /// `POST /api/recognize`.
    struct Recognition: ResponseEncodable {
        var facts: Facts
        var results: [RecognitionResult]
    }

    /// `POST /api/samples`.
    struct Saved: ResponseEncodable {
        var label, id, file: String
        var facts: Facts
        var results: [RecognitionResult]
        var count: Int
    }

    /// `DELETE /api/samples/:label/:id` and `POST /api/undo`.
    struct Edited: ResponseEncodable {
        /// "deleted", "relabeled", "undid save", "undid delete", "undid relabel", or "nothing to undo".
        var action: String
        var label, id: String?
        var undoLeft: Int
    }

    /// One row of `GET /api/samples`.
    struct SampleSummary: Codable {
        var label, id: String
        var subject, device: String?
        var strokes, points: Int
        /// Strokes scaled into the unit square (aspect kept), thinned for drawing.
        var thumbnail: [[[Double]]]
        /// Set instead of the rest when the file does not decode.
        var error: String?
    }

    /// `GET /api/confusions`: the store's examples the model in use does not accept as
    /// their own label.
    struct Confusions: ResponseEncodable {
        /// The model that judged (its recognizer's name).
        var recognizer: String
        /// Examples judged.
        var checked: Int
        var confusions: [Confusion]
    }

    struct Confusion: Codable {
        var sample: SampleSummary
        /// The label the model picked (nil: none).
        var match: String?
        /// Whether the model accepted it (as `match`, another label).
        var accepted: Bool
        /// The verdict in words.
        var verdict: String
    }

    struct SavedSession: ResponseEncodable {
        var file: String
        /// Lines, distinct touches (fingers put down) and labels in the session.
        var lines, touches, labels: Int
    }

    static func summary(_ entry: SampleStore.Entry, _ s: Sample, maxPoints: Int) -> SampleSummary {
        SampleSummary(label: entry.label, id: entry.id, subject: s.subject, device: s.meta["device"],
                      strokes: s.gesture.strokes.count, points: s.gesture.pointCount,
                      thumbnail: thumbnail(s.gesture, maxPoints: maxPoints))
    }

    struct SampleList: ResponseEncodable {
        var label: String?
        var total: Int
        var samples: [SampleSummary]
    }

    struct Report: ResponseEncodable {
        var report: TrainingReport?
    }

    /// Strokes scaled into [0, 1]² keeping the aspect ratio, each thinned to at most
    /// `maxPoints` points by even striding (first and last kept).
    static func thumbnail(_ g: Gesture, maxPoints: Int) -> [[[Double]]] {
        guard let box = g.boundingBox else { return [] }
        let side = max(box.longerSide, 1e-9)
        let dx = (side - box.width) / 2, dy = (side - box.height) / 2
        func norm(_ p: Point) -> [Double] {
            [((p.x - box.minX + dx) / side * 1000).rounded() / 1000, ((p.y - box.minY + dy) / side * 1000).rounded() / 1000]
        }
        let limit = max(maxPoints, 2)
        return g.strokes.map { s in
            let pts = s.points
            guard pts.count > limit else { return pts.map(norm) }
            let step = Double(pts.count - 1) / Double(limit - 1)
            return (0..<limit).map { norm(pts[Int((Double($0) * step).rounded())]) }
        }
    }
}
