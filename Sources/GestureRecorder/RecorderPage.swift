/// The recorder's page: `Page/recorder.html`, `Page/recorder.css` and `Page/recorder.js`,
/// compiled into the module as SwiftPM resources (`.embedInCode`, so the binary needs no
/// bundle beside it) and served at `/`, `/recorder.css` and `/recorder.js`. No external
/// scripts, fonts or style sheets: it works offline on 127.0.0.1.
///
/// Drawing uses Pointer Events, so mouse, pen and touch all work (`touch-action: none`
/// keeps the browser from scrolling while drawing). A sample may hold several strokes; it
/// ends after a pause with no pointer down (settable, 0 = never) or with the Done button.
/// Points are CSS pixels relative to the canvas, times seconds since the sample's first
/// pointer-down; coalesced events are kept, so a fast pen loses no points.
///
/// The script's pure helpers are also exposed as `window.GestureLabRecorder`, which the
/// browser test (`tools/browser-test`) checks with `Tests/Browser/recorder.test.js`.
enum RecorderPage {
    /// One asset of the page: its path, content type and bytes.
    struct Asset: Sendable {
        let path: String
        let contentType: String
        let bytes: [UInt8]
    }

    static let html = Asset(path: "/", contentType: "text/html; charset=utf-8", bytes: PackageResources.recorder_html)
    static let css = Asset(path: "/recorder.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.recorder_css)
    static let script = Asset(path: "/recorder.js", contentType: "text/javascript; charset=utf-8",
                              bytes: PackageResources.recorder_js)
    static let assets = [html, css, script]
}
