/// What the touches reach after the recognizers: the view, in UIKit terms. The arena
/// forwards every touch to the sink after the recognizers have seen it; when a
/// recognizer with `cancelsTouchesInView` recognizes, the sink gets `touchesCancelled`
/// for the touches on screen and hears nothing more of them. `stationary` events (a
/// touch reported without moving) are not forwarded, as UIKit calls `touchesMoved` only
/// for touches that moved.
public protocol TouchSink: AnyObject {
    func touchesBegan(_ touches: [Touch], with event: TouchEvent)
    func touchesMoved(_ touches: [Touch], with event: TouchEvent)
    func touchesEnded(_ touches: [Touch], with event: TouchEvent)
    func touchesCancelled(_ touches: [Touch], with event: TouchEvent)
}
