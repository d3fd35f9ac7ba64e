import ArgumentParser
import Foundation
import GestureData
import GestureDetectors
import GestureTraining
import GestureRecorder

/// `gesturelab record`: serves the recorder page until Ctrl-C.
struct Record: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Serve a local page to draw and label examples into a sample store, with live recognition.",
        discussion: """
        Open the printed address in a browser, pick or add a label, draw (mouse, pen or touch) \
        and save. Each sample is written atomically as native JSON to STORE/LABEL/<id>.json. \
        Binds to 127.0.0.1 unless --host says otherwise. Stop with Ctrl-C. Without --model, \
        the live matcher uses --templates, or templates/templates.json when present; \
        without rejection thresholds the page shows the best match and makes no decision.
        """
    )

    @Option(name: .customLong("store"), help: "The sample store folder (created when missing).")
    var store: String

    @Option(help: "TCP port (0 picks a free one; the chosen address is printed).")
    var port: Int = RecorderSettings.default.port

    @Option(help: "Address to bind. Anything but loopback exposes the page to the network.")
    var host: String = RecorderSettings.default.host

    @Option(name: .customLong("allow-host"),
            help: "With a --host other than loopback: a host name or address clients use to reach the page (repeatable). Requests addressed to any other name are refused.")
    var allowHosts: [String] = []

    @OptionGroup var libraryOptions: LibraryOptions

    @Option(help: "A model folder (`gesturelab train --out`): the page recognizes with its templates, matcher settings, rejection and detector thresholds (instead of --templates/--rejection).")
    var model: String?

    @OptionGroup var matcher: MatcherOptions

    @Option(name: .customLong("pause-ms"),
            help: "Default pause (ms) that ends a multistroke sample on the page; 0 = Done button only.")
    var pauseMilliseconds: Int = RecorderSettings.default.defaultPauseMilliseconds

    @Option(name: .customLong("max-body-bytes"), help: "Largest request body accepted, in bytes.")
    var maxBodyBytes: Int = RecorderSettings.default.maxBodyBytes

    @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may send nothing (mid-request or between requests) before it is closed.")
    var idleTimeout: Int = RecorderSettings.default.idleTimeoutSeconds

    @Option(name: .customLong("body-timeout"),
            help: "Seconds a request may take to send its whole body; slower ones are answered 408 and closed.")
    var bodyTimeout: Double = RecorderSettings.default.bodyTimeoutSeconds

    @Option(name: .customLong("max-connections"), help: "Open connections served at once; more are answered 503 and closed.")
    var maxConnections: Int = RecorderSettings.default.maxConnections

    @Option(name: .customLong("max-buffered-bytes"),
            help: "Request-body bytes held by all requests together; a body that would go beyond is answered 503.")
    var maxBufferedBytes: Int = RecorderSettings.default.maxBufferedBytes

    @Option(name: .customLong("detectors"),
            help: "Detector cards on the page: auto (only for labels the store has or you pick: 'check' for the check mark, 'circle'), all, or a list such as checkmark,circle.")
    var detectorCards: String = "auto"

    @Option(name: .customLong("train-after-ms"),
            help: "Train the store's own model this many milliseconds after the last saved or deleted example, and recognize with it (0: only the Train button trains).")
    var trainAfterMilliseconds: Int = 300

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        if !RecorderSettings.isLoopback(host) && allowHosts.isEmpty {
            throw ValidationError("--host \(host) exposes the page to the network: name the host names or addresses clients will use with --allow-host (requests addressed to other names are refused, against DNS rebinding)")
        }
        guard (0...600_000).contains(trainAfterMilliseconds) else { throw ValidationError("--train-after-ms must be 0…600000, got \(trainAfterMilliseconds)") }
        guard pauseMilliseconds >= 0 else { throw ValidationError("--pause-ms must be ≥ 0, got \(pauseMilliseconds)") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1…3600 seconds, got \(idleTimeout)") }
        guard maxBodyBytes >= 1024 else { throw ValidationError("--max-body-bytes must be ≥ 1024, got \(maxBodyBytes)") }
        guard bodyTimeout >= 0.1 && bodyTimeout <= 3600 else { throw ValidationError("--body-timeout must be 0.1…3600 seconds, got \(bodyTimeout)") }
        guard (1...100_000).contains(maxConnections) else { throw ValidationError("--max-connections must be 1…100000, got \(maxConnections)") }
        guard maxBufferedBytes >= maxBodyBytes else {
            throw ValidationError("--max-buffered-bytes (\(maxBufferedBytes)) must be at least --max-body-bytes (\(maxBodyBytes)), or no body of the largest size could ever arrive")
        }
        guard DetectorCards.parse(detectorCards) != nil else {
            throw ValidationError("--detectors must be auto, all or a comma-separated list of \(DetectorKind.builtIn.map(\.rawValue).joined(separator: ", ")), got '\(detectorCards)'")
        }
        if let templates = libraryOptions.templates, !FileManager.default.fileExists(atPath: templates) {
            throw ValidationError("--templates: no such file: \(templates)")
        }
        if let rejection = libraryOptions.rejection, !FileManager.default.fileExists(atPath: rejection) {
            throw ValidationError("--rejection: no such file: \(rejection)")
        }
    }

    /// The store is written (samples, sessions, the model it trains), so no input may be,
    /// hold or lie inside it: its own trained model is replaced while in use.
    var outputPaths: [OutputPaths.Named] { named("--store", store) }
    var inputPaths: [OutputPaths.Named] {
        named("--templates", libraryOptions.templates) + named("--rejection", libraryOptions.rejection) + named("--model", model)
    }

    /// Where the recorder's notes go (it has no --quiet: they always print).
    var console: Console { .normal }

    func run() throws {
        try checkOutputPaths()
        let sampleStore: SampleStore
        do {
            sampleStore = try SampleStore(root: URL(fileURLWithPath: store))
        } catch {
            throw ValidationError("--store: \(error)")
        }
        var settings = RecorderSettings.default
        settings.host = host
        settings.allowedHosts = allowHosts
        settings.port = port
        settings.defaultPauseMilliseconds = pauseMilliseconds
        settings.maxBodyBytes = maxBodyBytes
        settings.idleTimeoutSeconds = idleTimeout
        settings.bodyTimeoutSeconds = bodyTimeout
        settings.maxConnections = maxConnections
        settings.maxBufferedBytes = maxBufferedBytes
        settings.detectorCards = DetectorCards.parse(detectorCards) ?? .forLabels
        // A model given with --model is what the page serves; otherwise the store's own
        // model, trained by the Train button or after each edit.
        settings.usesStoreModel = model == nil
        settings.trainAfterEditMilliseconds = model == nil && trainAfterMilliseconds > 0 ? trainAfterMilliseconds : nil
        let wiring = try RecorderWiring.make(templatesOption: libraryOptions.templates, rejectionOption: libraryOptions.rejection, matcher: matcher,
                                             model: model)
        for note in wiring.notes { console.err("record: \(note)") }
        let server = RecorderServer(store: sampleStore, settings: settings,
                                    recognizers: wiring.recognizers, trainer: wiring.trainer)
        // Hummingbird logs each start at info level; keep the terminal to our own lines
        // unless the user asks for more with LOG_LEVEL.
        setenv("LOG_LEVEL", "warning", 0)
        let exposed = !RecorderSettings.isLoopback(host)
        let (h, p) = (host, port)
        do {
            try serve(server, exposed: exposed, sampleStore: sampleStore)
        } catch {
            let hint = "\(error)".contains("in use") ? " (another program uses this port: pick another with --port, or --port 0)" : ""
            throw RecordServeError(message: "cannot serve on \(h):\(p): \(error)\(hint)")
        }
    }

    private func serve(_ server: RecorderServer, exposed: Bool, sampleStore: SampleStore) throws {
        let hosts = allowHosts.joined(separator: ", ")
        try RecorderCLISupport.runBlocking {
            try await server.run { boundHost, boundPort, removed in
                for path in removed { console.err("record: removed a temporary file left by a killed writer: \(path)") }
                if exposed {
                    console.err("record: warning: listening on \(boundHost), reachable from other machines; answering requests addressed to \(hosts) and loopback")
                }
                let shown = boundHost.contains(":") ? "[\(boundHost)]" : boundHost
                Console.out("Recording into \(sampleStore.root.path)")
                Console.out("Listening on http://\(shown):\(boundPort)/ (Ctrl-C to stop)")
                RecorderCLISupport.flush()
            }
        }
    }
}

/// The server could not start or stopped with an error.
struct RecordServeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
