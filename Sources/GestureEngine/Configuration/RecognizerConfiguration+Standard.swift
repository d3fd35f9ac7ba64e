extension RecognizerConfiguration {
    /// The screen the synthetic sessions are labelled for: single, double and triple tap
    /// in a failure chain (single waits for double waits for triple), long press, one- to
    /// five-finger swipes, a one-finger pan that waits for the one-finger swipe to fail,
    /// and pinch and rotation allowed together. All settings are the recognizers'
    /// defaults. Label names in ``SyntheticSessionGenerator`` are these names.
    public static var standard: RecognizerConfiguration {
        func tap(_ n: Int) -> Spec {
            var s = TapRecognizer.Settings(); s.tapsRequired = n; return .tap(s)
        }
        func swipe(_ n: Int) -> Spec {
            var s = SwipeRecognizer.Settings(); s.touchesRequired = n; return .swipe(s)
        }
        var pan = PanRecognizer.Settings()
        pan.maximumTouches = 1
        var entries: [Entry] = [
            Entry(name: "singleTap", spec: tap(1), requireToFail: ["doubleTap"]),
            Entry(name: "doubleTap", spec: tap(2), requireToFail: ["tripleTap"]),
            Entry(name: "tripleTap", spec: tap(3)),
            Entry(name: "longPress", spec: .longPress(.init())),
        ]
        for n in 1...5 { entries.append(Entry(name: "swipe\(n)", spec: swipe(n))) }
        entries += [
            Entry(name: "pan", spec: .pan(pan), requireToFail: ["swipe1"]),
            Entry(name: "pinch", spec: .pinch(.init())),
            Entry(name: "rotation", spec: .rotation(.init())),
        ]
        return RecognizerConfiguration(recognizers: entries, simultaneous: [["pinch", "rotation"]])
    }

    /// ``standard`` spread over three nested views covering the synthetic sessions,
    /// as an app's screen, content and canvas: the taps on the canvas (deepest, resolved
    /// first), the swipes and the long press on the content view, the pan, pinch and
    /// rotation on the screen. Every touch begins in the canvas, so every recognizer sees
    /// it through the view chain, and the views' order decides who resolves first.
    public static var standardOnViews: RecognizerConfiguration {
        var c = standard
        // Wide enough for every finger of the scripted gestures (a pinch's fingers start
        // up to 110 points from a centre near the area's edge).
        c.views = ViewNode(name: "screen", x: -500, y: -500, width: 2000, height: 2000, subviews: [
            ViewNode(name: "content", x: 0, y: 0, width: 2000, height: 2000, subviews: [
                ViewNode(name: "canvas", x: 0, y: 0, width: 2000, height: 2000),
            ]),
        ])
        for i in c.recognizers.indices {
            switch c.recognizers[i].spec {
            case .tap: c.recognizers[i].view = "canvas"
            case .swipe, .longPress: c.recognizers[i].view = "content"
            default: c.recognizers[i].view = "screen"
            }
        }
        return c
    }
}
