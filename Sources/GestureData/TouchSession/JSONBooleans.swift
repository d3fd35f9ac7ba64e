import Foundation

/// Helpers for values from `JSONSerialization`.
package enum JSONBooleans {
    /// Whether `n` came from a JSON `true`/`false` rather than a number. `JSONSerialization`
    /// gives both as `NSNumber`, and `as? Bool` also accepts the numbers 0 and 1.
    package static func isBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c"
    }
}
