import GestureGeometry
import GestureMatching

/// Runs every registered matcher (``MatcherAlgorithm/allCases``, Protractor on both
/// scoring paths) of a library on a gesture and checks the documented results: scores in
/// 0…1, non-negative distances, closest first, a limit respected, and the BLAS and scalar
/// Protractor paths giving the same distances.
package enum MatcherRun {
    /// Every registered matcher built over one library, once: preparing a library's
    /// templates ($Q's lookup tables, $N's permutations, the combined matcher's parts) costs
    /// far more than recognizing one gesture, so a library that does not change between
    /// inputs is prepared once and checked against each.
    package struct Matchers: Sendable {
        let matchers: [(algorithm: MatcherAlgorithm, matcher: AnyTemplateMatcher)]
        let protractor: ProtractorMatcher

        package init(library: TemplateLibrary) {
            matchers = MatcherAlgorithm.allCases.map { ($0, $0.defaultSettings.matcher(library: library)) }
            protractor = ProtractorMatcher(library: library, settings: .default)
        }
    }

    package static func check(library: TemplateLibrary, on gesture: Gesture) {
        check(Matchers(library: library), on: gesture)
    }

    package static func check(_ built: Matchers, on gesture: Gesture) {
        for (algorithm, matcher) in built.matchers {
            check(matcher.recognize(gesture, limit: nil), algorithm.rawValue)
            let top = matcher.recognize(gesture, limit: 3)
            precondition(top.count <= 3, "\(algorithm): limit 3 gave \(top.count) matches")
            check(top, algorithm.rawValue)
        }
        let protractor = built.protractor
        if let p = ProtractorMatcher.prepare(gesture, settings: .default) {
            let blas = protractor.recognize(prepared: p, limit: nil, path: .blas)
            let scalar = protractor.recognize(prepared: p, limit: nil, path: .scalar)
            check(blas, "Protractor BLAS")
            check(scalar, "Protractor scalar")
            precondition(blas.count == scalar.count, "Protractor paths return different counts")
            // Per template, both paths give the same distance — except where `a` is near 0:
            // the paper's closed form sign(a)·√(a² + b²) jumps there, so Float rounding
            // differences between sgemv and the loop can land on either side.
            let a = protractor.rawScores(p, path: .scalar).a
            let blasByIndex = Dictionary(uniqueKeysWithValues: blas.map { ($0.templateIndex, $0.distance) })
            for m in scalar where abs(a[m.templateIndex]) > 1e-3 {
                if let d = blasByIndex[m.templateIndex] {
                    precondition(abs(d - m.distance) < 1e-3, "Protractor paths disagree on template \(m.templateIndex): \(d) vs \(m.distance)")
                }
            }
        }
    }

    static func check(_ matches: [Match], _ name: String) {
        var last = -Double.infinity
        for m in matches {
            precondition(m.score >= 0 && m.score <= 1, "\(name): score \(m.score) outside 0…1")
            precondition(!(m.distance < 0), "\(name): negative distance \(m.distance)")
            if m.distance.isFinite {
                precondition(m.distance >= last - 1e-9, "\(name): matches not closest first: \(matches)")
                last = m.distance
            }
        }
    }
}
