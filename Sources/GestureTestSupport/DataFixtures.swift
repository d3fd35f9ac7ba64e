import Foundation

/// Small gesture files written by hand for the data-reader and CLI tests, so those
/// tests mean something without the shared dataset. Each bad input names the field
/// its error must mention.
public enum DataFixtures {
    /// A well-formed $1 log (3 points, integer-millisecond times).
    public static let dollarOneXML = """
    <?xml version="1.0" encoding="utf-8" standalone="yes"?>
    <Gesture Name="check01" Subject="2" Speed="medium" Number="1" NumPts="3">
      <Point X="77" Y="199" T="11581717" />
      <Point X="79" Y="201" T="11581822" />
      <Point X="90" Y="180" T="11581900" />
    </Gesture>
    """

    /// A $1 log with `X` set to `value` on its second point (line 4).
    public static func dollarOneXML(secondX value: String) -> String {
        dollarOneXML.replacingOccurrences(of: #"<Point X="79""#, with: #"<Point X="\#(value)""#)
    }

    /// A well-formed multistroke (MMG-style) log: 2 strokes, 2 + 3 points.
    public static let multistrokeXML = """
    <?xml version="1.0" encoding="utf-8" standalone="yes"?>
    <Gesture Name="arrowhead~01" Subject="10" InputType="stylus" Speed="FAST" NumPts="5">
      <Stroke index="1">
        <Point X="10" Y="10" T="1000" Pressure="120" />
        <Point X="60" Y="40" T="1016" Pressure="130" />
      </Stroke>
      <Stroke index="2">
        <Point X="40" Y="10" T="1400" Pressure="110" />
        <Point X="60" Y="40" T="1420" Pressure="100" />
        <Point X="30" Y="60" T="1450" Pressure="90" />
      </Stroke>
    </Gesture>
    """

    /// A native sample line with two strokes.
    public static let nativeSampleJSON =
        #"{"format": "gesturelab.sample/1", "label": "check", "subject": "s02", "meta": {"speed": "medium"}, "strokes": [[[77, 199, 0.0], [79, 201, 0.105]], [[10, 10], [12, 30]]]}"#

    /// A bad input and what its error must name.
    public struct BadInput: Sendable, CustomStringConvertible {
        /// Short name, used in test names and as the file's base name.
        public var name: String
        /// File extension: `xml`, `json` or `jsonl`.
        public var ext: String
        public var contents: String
        /// The field (or XML element) the error must name.
        public var field: String
        /// The location words the error must contain, e.g. `line 4` or `sample 1`.
        public var location: String
        public var description: String { name }
        public var fileName: String { "\(name).\(ext)" }
    }

    /// A bad one-sample JSON file: `{"format": "gesturelab.sample/<version>", <fields>}`.
    static func sampleJSON(_ name: String, _ fields: String, version: Int = 1, field: String,
                           location: String = "sample 1") -> BadInput {
        BadInput(name: name, ext: "json", contents: #"{"format": "gesturelab.sample/\#(version)", \#(fields)}"#,
                 field: field, location: location)
    }

    /// The bad-input ladder of the acceptance criteria.
    public static let badInputs: [BadInput] = [
        BadInput(name: "truncated-xml", ext: "xml",
                 contents: String(dollarOneXML.prefix(while: { $0 != "/" }) + "/>\n  <Point X=\"79\" Y="),
                 field: "<Point>", location: "line 4"),
        BadInput(name: "x-not-a-number", ext: "xml", contents: dollarOneXML(secondX: "abc"),
                 field: "'X'", location: "line 4"),
        BadInput(name: "x-overflows", ext: "xml", contents: dollarOneXML(secondX: "1e400"),
                 field: "'X'", location: "line 4"),
        sampleJSON("json-nan-token", #""strokes": [[[1, 2], [NaN, 3]]]"#, field: "strokes[0][1][0]", location: "line 1"),
        sampleJSON("json-huge-number", #""strokes": [[[1, 2], [3, 1e999]]]"#, field: "strokes[0][1][1]"),
        sampleJSON("json-missing-strokes", #""label": "check""#, field: "'strokes'"),
        sampleJSON("json-unknown-format", #""strokes": [[[1, 2]]]"#, version: 9, field: "'format'"),
        sampleJSON("json-empty-stroke", #""strokes": [[[1, 2], [3, 4]], []]"#, field: "strokes[1]"),
        BadInput(name: "jsonl-nan-on-line-2", ext: "jsonl",
                 contents: nativeSampleJSON + "\n" + #"{"format": "gesturelab.sample/1", "strokes": [[[NaN, 2]]]}"# + "\n",
                 field: "strokes[0][0][0]", location: "line 2"),
        BadInput(name: "xml-empty-stroke", ext: "xml",
                 contents: multistrokeXML.replacingOccurrences(
                    of: "<Stroke index=\"2\">\n    <Point X=\"40\" Y=\"10\" T=\"1400\" Pressure=\"110\" />\n    <Point X=\"60\" Y=\"40\" T=\"1420\" Pressure=\"100\" />\n    <Point X=\"30\" Y=\"60\" T=\"1450\" Pressure=\"90\" />\n  </Stroke>",
                    with: "<Stroke index=\"2\">\n  </Stroke>").replacingOccurrences(of: "NumPts=\"5\"", with: ""),
                 field: "'Stroke'", location: "line 7"),
    ]
}
