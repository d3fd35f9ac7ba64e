// swift-tools-version:6.0
import PackageDescription

// Module graph (DESIGN.md §1). Dependencies point down only:
//   gesturelab → GestureTraining, GestureEngine, GestureRecorder
//   GestureTraining → GestureDetectors, GestureMatching, GestureData
//   GestureEngine → GestureDetectors, GestureMatching, GestureData
//   GestureRecorder → GestureTraining, GestureData
//   GestureData, GestureDetectors → GestureGeometry
//   GestureMatching → GestureGeometry, CBLAS (OpenBLAS; imported by exactly one file)
let package = Package(
    name: "GestureLab",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gesturelab", targets: ["gesturelab"]),
        .library(name: "GestureGeometry", targets: ["GestureGeometry"]),
        .library(name: "GestureData", targets: ["GestureData"]),
        .library(name: "GestureDetectors", targets: ["GestureDetectors"]),
        .library(name: "GestureMatching", targets: ["GestureMatching"]),
        .library(name: "GestureTraining", targets: ["GestureTraining"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    ],
    targets: [
        .target(name: "GestureGeometry"),
        .target(name: "GestureData", dependencies: ["GestureGeometry"]),
        .target(name: "GestureDetectors", dependencies: ["GestureGeometry"]),
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(name: "GestureMatching", dependencies: ["GestureGeometry", "CBLAS"]),
        .target(
            name: "GestureTraining",
            dependencies: ["GestureDetectors", "GestureMatching", "GestureData"]
        ),
        .target(
            name: "GestureEngine",
            dependencies: ["GestureDetectors", "GestureMatching", "GestureData"]
        ),
        .target(
            name: "GestureRecorder",
            dependencies: [
                "GestureTraining", "GestureData",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "gesturelab",
            dependencies: [
                "GestureTraining", "GestureEngine", "GestureRecorder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fixtures and dataset discovery shared by the test targets.
        .target(name: "GestureTestSupport", dependencies: ["GestureData", "GestureGeometry"]),

        .testTarget(name: "GestureGeometryTests", dependencies: ["GestureGeometry", "GestureTestSupport"]),
        .testTarget(name: "GestureDataTests", dependencies: ["GestureData", "GestureTestSupport"]),
        .testTarget(name: "GestureDetectorsTests", dependencies: ["GestureDetectors", "GestureData", "GestureTestSupport"]),
        .testTarget(name: "GestureMatchingTests", dependencies: ["GestureMatching", "GestureData", "GestureTestSupport"]),
        .testTarget(name: "GestureTrainingTests", dependencies: ["GestureTraining", "GestureTestSupport"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "GestureTestSupport"]),
        .testTarget(
            name: "GestureRecorderTests",
            dependencies: [
                "GestureRecorder", "GestureTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "gesturelabTests", dependencies: ["gesturelab", "GestureTestSupport"]),
    ]
)
