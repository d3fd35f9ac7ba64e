import Foundation
import Testing
import GestureTestSupport

// Replaced by the module's behaviour tests when its issue lands.
@Test func packageRootHoldsTheManifest() {
    #expect(FileManager.default.fileExists(atPath: DatasetLocator.packageRoot.appendingPathComponent("Package.swift").path))
}
