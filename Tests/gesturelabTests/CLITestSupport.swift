import Foundation
import GestureTestSupport

/// A temporary folder holding a small valid dataset: two $1 logs, one multistroke log
/// and a two-line .jsonl, under subject folders.
func makeFixtureDataset() throws -> TemporaryDirectory {
    let dir = try TemporaryDirectory("gesturelab-cli")
    let fm = FileManager.default
    let data = dir.url.appendingPathComponent("data")
    for s in ["s02", "s03"] {
        try fm.createDirectory(at: data.appendingPathComponent(s), withIntermediateDirectories: true)
    }
    try Data(DataFixtures.dollarOneXML.utf8).write(to: data.appendingPathComponent("s02/check01.xml"))
    let second = DataFixtures.dollarOneXML.replacingOccurrences(of: #"Subject="2""#, with: #"Subject="3""#)
    try Data(second.utf8).write(to: data.appendingPathComponent("s03/check01.xml"))
    try Data(DataFixtures.multistrokeXML.utf8).write(to: data.appendingPathComponent("s03/arrowhead01.xml"))
    let lines = DataFixtures.nativeSampleJSON + "\n" + DataFixtures.nativeSampleJSON.replacingOccurrences(of: "check", with: "circle") + "\n"
    try Data(lines.utf8).write(to: data.appendingPathComponent("s02/more.jsonl"))
    return dir
}

/// Files in `dir`, hidden ones (such as an atomic write's temporary file) included.
func listing(_ dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
}

/// The JSON object a command printed.
func jsonObject(_ text: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
}
