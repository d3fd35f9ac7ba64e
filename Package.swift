// swift-tools-version:6.1
import PackageDescription

// Module graph. Dependencies point down only:
//   gesturelab → GestureTraining, GestureEngine, GestureRecorder
//   GestureTraining → GestureDetectors, GestureMatching, GestureData
//   GestureEngine → GestureDetectors, GestureMatching, GestureData
//   GestureRecorder → GestureTraining, GestureData
//   GestureData, GestureDetectors → GestureGeometry
//   GestureMatching → GestureGeometry, GestureData (typed settings), CBLAS (OpenBLAS on Linux with the
//                     OpenBLAS trait; imported by exactly one file), CKernels (C: the all-pairs Protractor
//                     kernel, AVX2 chosen at run time)
//
// Where the recognizing products build (Sources/Documentation/portability.md):
//   GestureGeometry, GestureData, GestureDetectors, GestureMatching (templates, matchers, model
//   loading and recognition) and GestureEngine build for iOS / iPadOS 17 and macOS 14 with
//   Accelerate as their BLAS, and on Linux with OpenBLAS (the default trait "OpenBLAS") or,
//   with `swift build --disable-default-traits`, with no BLAS at all (plain-Swift products).
//   The CLI, the recorder and the fuzz targets are meant for macOS and Linux.
let package = Package(
    name: "GestureLab",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "gesturelab", targets: ["gesturelab"]),
        .library(name: "GestureGeometry", targets: ["GestureGeometry"]),
        .library(name: "GestureData", targets: ["GestureData"]),
        .library(name: "GestureDetectors", targets: ["GestureDetectors"]),
        .library(name: "GestureMatching", targets: ["GestureMatching"]),
        .library(name: "GestureTraining", targets: ["GestureTraining"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        // MARK: fuzz targets (hostile input for the readers and recognizers; tools/fuzz builds them with libFuzzer + ASan)
        .executable(name: "FuzzDollarOneXML", targets: ["FuzzDollarOneXML"]),
        .executable(name: "FuzzMultistrokeXML", targets: ["FuzzMultistrokeXML"]),
        .executable(name: "FuzzNativeJSON", targets: ["FuzzNativeJSON"]),
        .executable(name: "FuzzRecognizers", targets: ["FuzzRecognizers"]),
        .executable(name: "FuzzThresholds", targets: ["FuzzThresholds"]),
        .executable(name: "FuzzTemplateLibrary", targets: ["FuzzTemplateLibrary"]),
        .executable(name: "FuzzTouchSession", targets: ["FuzzTouchSession"]),
        .executable(name: "FuzzSessionLabels", targets: ["FuzzSessionLabels"]),
        .executable(name: "FuzzModel", targets: ["FuzzModel"]),
        .executable(name: "FuzzGestureStore", targets: ["FuzzGestureStore"]),
        // MARK: end fuzz targets
        // Recognizes the shipped samples and compares with a stored expectation; built
        // with and without OpenBLAS by tools/test (it needs only the recognizing modules).
        .executable(name: "portability-check", targets: ["PortabilityCheck"]),
    ],
    traits: [
        .trait(name: "OpenBLAS",
               description: "Linux: score templates with OpenBLAS (libopenblas-dev). Without it the matchers use plain-Swift products with the same results within rounding. Apple platforms use Accelerate either way."),
        .default(enabledTraits: ["OpenBLAS"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    ],
    targets: [
        .target(name: "GestureGeometry"),
        .target(name: "GestureData", dependencies: ["GestureGeometry"]),
        .target(name: "GestureDetectors", dependencies: ["GestureGeometry", "GestureData"]),
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(name: "CKernels"),
        .target(
            name: "GestureMatching",
            dependencies: [
                "GestureGeometry", "GestureData", "CKernels",
                .target(name: "CBLAS", condition: .when(platforms: [.linux], traits: ["OpenBLAS"])),
            ]
        ),
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
            ],
            // The page's files, compiled into the module (no bundle to ship beside the binary).
            resources: [
                .embedInCode("Page/recorder.html"), .embedInCode("Page/recorder.css"),
                .embedInCode("Page/recorder.js"),
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
        // Every ```swift example of the documentation, compiled (generated by tools/doc-examples).
        .testTarget(
            name: "DocExamplesTests",
            dependencies: ["GestureGeometry", "GestureData", "GestureDetectors", "GestureMatching", "GestureTraining",
                           "GestureEngine", "GestureRecorder", "GestureTestSupport"]
        ),
        .testTarget(
            name: "GestureRecorderTests",
            // The server is driven over a loopback socket by the tests' own HTTP/1.1 client
            // (LoopbackHTTP.swift): HummingbirdTesting would build an HTTP client with TLS
            // (BoringSSL) and HTTP/2 for every test run.
            dependencies: ["GestureRecorder", "GestureTestSupport", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(name: "gesturelabTests", dependencies: ["gesturelab", "GestureTestSupport"]),

        // MARK: fuzz targets. Ordinary builds replay files given as arguments;
        // `tools/fuzz` builds them with -sanitize=fuzzer,address -DFUZZING.
        .target(name: "FuzzShim", path: "Sources/Fuzz/FuzzShim"),
        .target(name: "FuzzSupport", dependencies: ["FuzzShim", "GestureData", "GestureGeometry", "GestureMatching"], path: "Sources/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzDollarOneXML", dependencies: ["FuzzSupport", "GestureData"],
                          path: "Sources/Fuzz/FuzzDollarOneXML"),
        .executableTarget(name: "FuzzMultistrokeXML", dependencies: ["FuzzSupport", "GestureData"],
                          path: "Sources/Fuzz/FuzzMultistrokeXML"),
        .executableTarget(name: "FuzzNativeJSON", dependencies: ["FuzzSupport", "GestureData"],
                          path: "Sources/Fuzz/FuzzNativeJSON"),
        .executableTarget(name: "FuzzRecognizers",
                          dependencies: ["FuzzSupport", "GestureGeometry", "GestureDetectors", "GestureMatching"],
                          path: "Sources/Fuzz/FuzzRecognizers"),
        .executableTarget(name: "FuzzThresholds", dependencies: ["FuzzSupport", "GestureDetectors", "GestureTraining"],
                          path: "Sources/Fuzz/FuzzThresholds"),
        .executableTarget(name: "FuzzTemplateLibrary", dependencies: ["FuzzSupport", "GestureMatching"],
                          path: "Sources/Fuzz/FuzzTemplateLibrary"),
        .executableTarget(name: "FuzzTouchSession", dependencies: ["FuzzSupport", "GestureData", "GestureEngine"],
                          path: "Sources/Fuzz/FuzzTouchSession"),
        .executableTarget(name: "FuzzSessionLabels", dependencies: ["FuzzSupport", "GestureData"],
                          path: "Sources/Fuzz/FuzzSessionLabels"),
        .executableTarget(name: "FuzzModel", dependencies: ["FuzzSupport", "GestureGeometry", "GestureMatching", "GestureTraining"],
                          path: "Sources/Fuzz/FuzzModel"),
        .executableTarget(name: "FuzzGestureStore", dependencies: ["FuzzSupport", "GestureData"],
                          path: "Sources/Fuzz/FuzzGestureStore"),
        // MARK: end fuzz targets
        .executableTarget(name: "PortabilityCheck", dependencies: ["GestureData", "GestureMatching", "GestureEngine"]),
    ]
)
