import Foundation
import Testing
import GestureGeometry
import GestureMatching

/// The matcher registry: every registered matcher is reachable by its id, its settings
/// round-trip through the settings JSON, and the JSON of existing model folders reads.
struct MatcherRegistryTests {
    @Test func idsAreUniqueLowercaseAndFindTheirEntry() {
        let ids = MatcherAlgorithm.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        for a in MatcherAlgorithm.allCases {
            #expect(a.rawValue == a.rawValue.lowercased() && !a.rawValue.isEmpty && !a.rawValue.contains(" "))
            #expect(MatcherAlgorithm(rawValue: a.rawValue) == a)
            #expect(a.matcher.algorithm == a, "\(a): its matcher type names another entry")
            #expect(!a.settingsType.scoreMeaning.isEmpty)
            #expect(a.defaultSettings.algorithm == a)
        }
        #expect(MatcherAlgorithm(rawValue: "auto") == nil)
        #expect(MatcherAlgorithm(rawValue: "dollar9") == nil)
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func defaultSettingsRoundTripThroughJSON(algorithm: MatcherAlgorithm) throws {
        let s = algorithm.defaultSettings
        let data = try JSONEncoder().encode(s)
        let back = try JSONDecoder().decode(MatcherSettings.self, from: data)
        #expect(back == s)
        #expect(back.description == s.description && back.description.hasPrefix(algorithm.rawValue + " ("))
        if algorithm.settingsType.hasPoints {
            let more = s.with(points: s.points + 8)
            #expect(more.points == s.points + 8 && more != s)
            #expect(try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(more)) == more)
        }
    }

    /// Settings files written before the registry (model folders' manifests, rejection
    /// files) read to the same values.
    @Test func settingsJSONOfExistingModelFoldersReads() throws {
        func read(_ json: String) throws -> MatcherSettings { try JSONDecoder().decode(MatcherSettings.self, from: Data(json.utf8)) }
        #expect(try read(#"{"algorithm":"protractor","points":16,"rotation":"invariant"}"#) == .protractor(.default))
        #expect(try read(#"{"algorithm":"protractor","points":16,"rotation":"bounded","maxRotationDegrees":45}"#)
            == .protractor(ProtractorSettings(points: 16, rotation: .bounded(maxRadians: 45 * .pi / 180))))
        #expect(try read(#"{"algorithm":"pplus","points":32}"#) == .pPlus(.default))
        #expect(try read(#"{"algorithm":"dollar1","points":64,"squareSize":250,"angleRangeDegrees":45,"anglePrecisionDegrees":2}"#) == .dollarOne(.default))
        #expect(try read(#"{"algorithm":"jackknife","points":16,"measure":"inner-product","bandFraction":0.1}"#) == .jackknife(.default))
        #expect(try read(#"{"algorithm":"combined","points":32,"weights":{"pplus":1,"jackknife":1}}"#) == .combined(CombinedSettings([.pPlus: 1, .jackknife: 1])))
        #expect(try read(#"{"algorithm":"combined","points":32}"#) == .combined(.default))
        #expect(throws: DecodingError.self) { try read(#"{"algorithm":"protractor","rotation":"sideways"}"#) }
        #expect(throws: DecodingError.self) { try read(#"{"algorithm":"pplus","points":1}"#) }
        #expect(throws: DecodingError.self) { try read(#"{"algorithm":"nope"}"#) }
    }

    @Test func settingsFindTheirMatcherByType() {
        #expect(MatcherSettings(PPlusSettings(points: 48)).algorithm == .pPlus)
        #expect(MatcherSettings(JackknifeSettings.default) == .jackknife(.default))
        #expect(MatcherSettings.pPlus(.default) != .qDollar(.default))
    }

    @Test func combinedComponentsAreTheCombinableRegisteredMatchers() {
        let names = CombinedSettings.componentNames
        #expect(!names.contains("combined"))
        #expect(names == MatcherAlgorithm.allCases.filter(\.isCombinable).map(\.rawValue) + ["corner"])
        #expect(CombinedSettings.default.argument == "pplus:1,jackknife:1,corner:\(CombinedSettings.defaultCornerWeight)")
        guard case .success(let s) = CombinedSettings.parse("jackknife:2,protractor:1") else { Issue.record("did not parse"); return }
        #expect(s.components.map(\.algorithm) == [.protractor, .jackknife])
        if case .success = CombinedSettings.parse("combined:1") { Issue.record("combined accepted as its own component") }
        if case .success = CombinedSettings.parse("pplus:0") { Issue.record("no weight above 0 accepted") }
    }
}
