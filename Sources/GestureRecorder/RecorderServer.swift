import Foundation
import GestureData
import GestureGeometry
import GestureTraining
import Hummingbird

/// The recorder: a page on `http://127.0.0.1:8377/` where a person draws examples that
/// land in a ``GestureData/SampleStore``, with the recognizers' verdict on each sample.
///
/// ```swift
/// let server = RecorderServer(store: try SampleStore(root: dir), settings: .default,
///                             recognizers: [checkmark, circle, matcher], trainer: nil)
/// try await server.run { host, port, _ in print("http://\(host):\(port)/") }   // _: stale temporary files removed
/// ```
///
/// The HTTP API (all JSON):
/// - `GET /` the page; `GET /api/state` labels, counts, recognizers, last report;
/// - `GET /api/samples?label=L&limit=N` newest samples first, with thumbnails;
/// - `POST /api/recognize` a native sample → the recognizers' results (nothing written);
/// - `POST /api/samples` a native sample with its label → saved atomically under `DIR/LABEL/`;
/// - `DELETE /api/samples/LABEL/ID`; `POST /api/samples/LABEL/ID/relabel` `{"label": NEW}`
///   moves a sample to another label; `POST /api/undo` undoes the last save, delete or relabel;
/// - `POST /api/sessions` a multi-touch session (every pointer, the engine's touch-session
///   lines, optional labelled windows) → `STORE/.sessions/ID.jsonl`;
/// - `GET /api/confusions` the examples the model in use rejects or takes for another label;
/// - `POST /api/train` runs the training workflow; `GET /api/report` its last report;
/// - `GET /api/never-fire`, `POST /api/never-fire` (a native sample), `DELETE /api/never-fire/ID`:
///   the never-fire bin (``NeverFireBin``), whose strokes train the model as negatives;
/// - `GET /api/check` the held-out check (``HeldOutCheck``): what new strokes will likely do;
/// - `POST /api/operating-point` `{"choice": "fewer-misses" | "balanced" | "fewer-false-fires"}`
///   sets the operating point (``OperatingPointChoice``) and trains with it.
///
/// The live loop: when the trainer writes the store's model (``StoreModel``, as
/// ``WorkflowTrainingRunner`` does), the server recognizes with it from then on — the
/// user's own templates, rejection and detector thresholds — and `GET /api/state` names
/// it in `model`. With ``RecorderSettings/trainAfterEditMilliseconds`` it trains by itself
/// after each save or delete, debounced.
///
/// Safety: labels and ids are validated before any path is built (`../../etc` → 400);
/// bodies over ``RecorderSettings/maxBodyBytes`` → 413; a body not complete within
/// ``RecorderSettings/bodyTimeoutSeconds`` → 408; beyond ``RecorderSettings/maxConnections``
/// open connections or ``RecorderSettings/maxBufferedBytes`` held in all → 503; malformed JSON → 400 naming the
/// field; bodies must be `application/json` (so another site's page cannot post a simple
/// form here); on a loopback address, requests must be addressed to a loopback host name
/// and come from the page's own origin (no DNS rebinding, no cross-site writes).
/// Every error answers `{"error": {"message": "..."}}` and writes nothing.
public struct RecorderServer: Sendable {
    public let store: SampleStore
    public let settings: RecorderSettings
    public let recognizers: [any SampleRecognizer]
    public let trainer: (any TrainingRunner)?
    private let history: EditHistory
    private let reports: ReportBox
    private let live: LiveRecognizers
    let scheduler: TrainingScheduler
    private let choiceBox: ChoiceBox
    private let checkGate: CheckGate
    /// Connections and request-body bytes held, shared by all connections.
    let connectionBudget: ConnectionBudget

    public init(store: SampleStore, settings: RecorderSettings = .default,
                recognizers: [any SampleRecognizer] = [], trainer: (any TrainingRunner)? = nil) {
        self.store = store
        self.settings = settings
        self.recognizers = recognizers
        self.trainer = trainer
        self.history = EditHistory(depth: settings.undoDepth)
        self.reports = ReportBox()
        self.live = LiveRecognizers()
        self.scheduler = TrainingScheduler()
        self.choiceBox = ChoiceBox()
        self.checkGate = CheckGate()
        self.connectionBudget = ConnectionBudget(settings)
    }

    /// Serves until SIGINT or SIGTERM. Clears temporary files that killed writers left in
    /// the store first.
    /// - Parameter onListening: called once with the bound host and the actual port
    ///   (useful with port 0), and the stale temporary files removed at start.
    public func run(onListening: @escaping @Sendable (_ host: String, _ port: Int, _ removedTemporaryFiles: [String]) -> Void) async throws {
        let removed = (try? store.removeStaleTemporaryFiles()) ?? []
        try await makeApplication { host, port in onListening(host, port, removed) }.runService()
    }

    /// The Hummingbird application (the tests serve it on a loopback port).
    public func makeApplication(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in })
        -> some ApplicationProtocol
    {
        let host = settings.host, port = settings.port
        // Shared by every connection: caps on connections and on body bytes held in all,
        // and a deadline for each body (slow uploads once held memory without limit).
        let budget = connectionBudget
        return Application(
            router: makeRouter(),
            // A client that sends nothing for this long is dropped (slow clients could
            // otherwise hold connections open for ever).
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuardHandler(budget: budget)],
                                                idleTimeout: .seconds(Int64(settings.idleTimeoutSeconds)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "gesturelab-recorder"),
            onServerRunning: { channel in onListening(host, channel.localAddress?.port ?? port) }
        )
    }

    /// The routes, with the request guard in front.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestGuard<BasicRequestContext>(allowedHosts: settings.allowedHosts))
        for asset in RecorderPage.assets {
            router.get(RouterPath(asset.path)) { _, _ in Self.asset(asset) }
        }
        router.get("/api/state") { _, _ in try await self.state() }
        router.get("/api/samples") { request, _ in try self.samples(request) }
        router.get("/api/report") { _, _ in RecorderAPI.Report(report: await self.reports.last) }
        router.post("/api/recognize") { request, _ in
            let sample = try await self.decodeSample(request)
            return RecorderAPI.Recognition(facts: .init(sample.gesture), results: await self.recognize(sample.gesture, picked: sample.label))
        }
        router.post("/api/samples") { request, _ in try await self.save(request) }
        router.delete("/api/samples/:label/:id") { _, context in
            let label = try Self.pathParameter("label", context)
            let id = try Self.pathParameter("id", context)
            return try await self.delete(label: label, id: id)
        }
        router.post("/api/samples/:label/:id/relabel") { request, context in
            let label = try Self.pathParameter("label", context)
            let id = try Self.pathParameter("id", context)
            return try await self.relabel(label: label, id: id, request)
        }
        router.get("/api/confusions") { _, _ in try await self.confusions() }
        router.post("/api/sessions") { request, _ in try await self.saveSession(request) }
        router.post("/api/undo") { _, _ in try await self.undo() }
        router.post("/api/train") { _, _ in try await self.train() }
        router.get("/api/never-fire") { request, _ in try self.neverFireList(request) }
        router.post("/api/never-fire") { request, _ in try await self.saveNeverFire(request) }
        router.delete("/api/never-fire/:id") { _, context in
            try await self.deleteNeverFire(id: try Self.pathParameter("id", context))
        }
        router.get("/api/check") { _, _ in try await self.check() }
        router.post("/api/operating-point") { request, _ in try await self.setOperatingPoint(request) }
        return router
    }

    // MARK: Handlers

    func state() async throws -> RecorderAPI.State {
        let counts = try storeCall { try store.counts() }
        let labels = try storeCall { try store.labels() }
        let all = await currentRecognizers()
        let shown = filtered(all, labels: Set(labels), picked: nil)
        return RecorderAPI.State(
            store: store.root.path,
            labels: labels.map { RecorderAPI.LabelCount(label: $0, count: counts[$0] ?? 0) },
            total: counts.values.reduce(0, +),
            recognizers: shown.map(\.name),
            model: await live.source,
            modelError: await live.error,
            trainsAfterEdits: settings.trainAfterEditMilliseconds != nil && trainer != nil,
            trainingPending: trainer != nil ? await scheduler.busy : false,
            trainingAvailable: trainer != nil,
            report: await reports.last,
            pauseMilliseconds: settings.defaultPauseMilliseconds,
            maxBodyBytes: settings.maxBodyBytes,
            undoDepth: settings.undoDepth,
            uses: RecorderSources.sentences(all, shown: shown, store: store),
            neverFire: NeverFireBin.count(of: store),
            choice: await choiceBox.choice.rawValue,
            choices: OperatingPointChoice.allCases.map { .init(id: $0.rawValue, title: $0.title, explanation: $0.explanation) },
            operatingPoint: await live.operatingPoint)
    }

    func samples(_ request: Request) throws -> RecorderAPI.SampleList {
        let query = request.uri.queryParameters
        let label = query["label"].map { String($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let limit = query["limit"].flatMap { Int($0) }.map { min(max($0, 0), 1000) } ?? 60
        let entries = try storeCall { try store.list(label: label) }
        let newest = entries.sorted { ($0.id, $0.label) > ($1.id, $1.label) }.prefix(limit)
        let rows = newest.map { entry -> RecorderAPI.SampleSummary in
            do {
                return RecorderAPI.summary(entry, try store.load(entry), maxPoints: settings.thumbnailPointsPerStroke)
            } catch {
                return .init(label: entry.label, id: entry.id, strokes: 0, points: 0, thumbnail: [],
                             error: shownValue("\(error)", limit: Self.messageLimit))
            }
        }
        return .init(label: label, total: entries.count, samples: Array(rows))
    }

    func save(_ request: Request) async throws -> RecorderAPI.Saved {
        let sample = try await decodeSample(request)
        guard let raw = sample.label else {
            throw HTTPError(.badRequest, message: "the sample has no label: pick or add a label first; nothing was written")
        }
        do { _ = try SampleStore.sanitizedLabel(raw) } catch { throw HTTPError(.badRequest, message: "\(error)") }
        let entry = try await storeEdit { try await history.save(sample, in: store) }
        await scheduleTraining()
        let count = (try? store.list(label: entry.label).count) ?? 0
        return .init(label: entry.label, id: entry.id, file: (try? store.url(of: entry).path) ?? "",
                     facts: .init(sample.gesture), results: await recognize(sample.gesture, picked: entry.label), count: count)
    }

    func delete(label: String, id: String) async throws -> RecorderAPI.Edited {
        let entry = SampleStore.Entry(label: label, id: id)
        // Not decoded first: a sample whose file no longer loads can still be deleted.
        try await storeEdit(nothing: "changed") { try await history.delete(entry, in: store) }
        await scheduleTraining()
        return .init(action: "deleted", label: entry.label, id: entry.id, undoLeft: await history.count)
    }

    /// The hidden folder of the touch sessions recorded on the page (the engine's format,
    /// for `gesturelab eval engine --sessions STORE/.sessions`).
    public static let sessionsFolder = ".sessions"

    /// Saves a multi-touch session: body `{"events": [lines], "labels": [{name, start, end}]}`
    /// (labels optional: an unlabelled session is everyday use, where every activation is
    /// a false one). Validated as the reader validates session files, then written
    /// atomically as `STORE/.sessions/ID.jsonl` with its `ID.labels.json`.
    func saveSession(_ request: Request) async throws -> RecorderAPI.SavedSession {
        struct Body: Decodable {
            var events: [TouchSessionEvent]
            var labels: [SessionLabels.Gesture]?
        }
        try Self.requireJSON(request, nothing: "written")
        let buffer = try await request.body.collect(upTo: settings.maxBodyBytes)
        let body: Body
        do { body = try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView)) } catch {
            throw HTTPError(.badRequest, message: "not a session: \(shownValue("\(error)", limit: Self.messageLimit)); nothing was written")
        }
        guard !body.events.isEmpty else { throw HTTPError(.badRequest, message: "the session has no events; nothing was written") }
        // Both files are checked by the readers `gesturelab eval engine --sessions` reads
        // them with: what the recorder accepts, the engine accepts (an end before the
        // start or an empty name was once saved, then refused by the engine).
        let bytes: Data, labelBytes: Data
        do {
            bytes = try TouchSessionWriter.encode(body.events, file: "session")
            _ = try TouchSessionReader.decode(bytes, file: "session")
            labelBytes = try SessionLabels(gestures: body.labels ?? []).encoded()
            _ = try SessionLabels.decode(labelBytes, file: "labels")
        } catch {
            throw HTTPError(.badRequest, message: "\(shownValue("\(error)", limit: Self.messageLimit)); nothing was written")
        }
        let id = "\(Int(Date().timeIntervalSince1970 * 1000))-\(UUID().uuidString)"
        let folder = store.root.appendingPathComponent(Self.sessionsFolder, isDirectory: true)
        let file = folder.appendingPathComponent(id + ".jsonl")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The labels first: a session file never lacks the labels it was saved with.
            try AtomicFile.write(labelBytes, to: URL(fileURLWithPath: SessionLabels.sidecarPath(forSession: file.path)))
            try AtomicFile.write(bytes, to: file)
        } catch {
            throw HTTPError(.internalServerError, message: "cannot write the session: \(error)")
        }
        let touches = Set(body.events.flatMap { $0.touches.map(\.id) }).count
        return .init(file: file.path, lines: body.events.count, touches: touches, labels: body.labels?.count ?? 0)
    }

    /// Moves a sample to another label (same id): body `{"label": "NEW"}`. Serialized
    /// with every other edit of the store: of two relabels (or a relabel and a delete) of
    /// one sample, the second finds it gone and answers 404 naming it.
    func relabel(label: String, id: String, _ request: Request) async throws -> RecorderAPI.Edited {
        struct Body: Decodable { var label: String }
        try Self.requireJSON(request, nothing: "changed")
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView)) else {
            throw HTTPError(.badRequest, message: "the body must be {\"label\": \"NEW LABEL\"}; nothing was changed")
        }
        let new: String
        do { new = try SampleStore.sanitizedLabel(body.label) } catch { throw HTTPError(.badRequest, message: "\(error); nothing was changed") }
        let from = SampleStore.Entry(label: label, id: id)
        let (to, moved) = try await storeEdit(nothing: "changed") {
            do {
                return try await history.relabel(from, to: new, in: store)
            } catch SampleStoreError.data(let e) where !Self.isWriteFailure(e) {
                throw HTTPError(.unprocessableContent, message: "cannot relabel sample \"\(shownValue(id))\" under \"\(shownValue(label))\": its file does not load as a sample (\(shownValue(e.description, limit: Self.messageLimit))); it can only be deleted; nothing was changed")
            }
        }
        if moved { await scheduleTraining() }
        return .init(action: "relabeled", label: to.label, id: to.id, undoLeft: await history.count)
    }

    /// Every example in the store judged by the model in use (the store's own model once
    /// trained): those it rejects or takes for another label. The model was trained on
    /// these examples, so this finds outliers and mislabelled examples, not accuracy.
    func confusions() async throws -> RecorderAPI.Confusions {
        guard let judge = await currentRecognizers().first(where: { $0 is ModelSampleRecognizer || $0 is MatcherRecognizer }) else {
            throw HTTPError(.conflict, message: "no model to judge with yet: save examples of at least one label, then train")
        }
        let entries = try storeCall { try store.list() }
        var out: [RecorderAPI.Confusion] = []
        var checked = 0
        for entry in entries.prefix(5000) {
            guard let s = try? store.load(entry) else { continue }
            checked += 1
            guard let r = judge.recognize(s.gesture).first else { continue }
            // (No decision — a matcher without rejection — counts as taking the best match.)
            let accepted = r.recognized ?? (r.match != nil)
            if accepted && r.match == entry.label { continue }
            let summary = RecorderAPI.summary(entry, s, maxPoints: settings.thumbnailPointsPerStroke)
            out.append(.init(sample: summary, match: r.match, accepted: accepted, verdict: r.detail))
        }
        return .init(recognizer: judge.name, checked: checked, confusions: out)
    }

    /// Undoes the newest save, delete or relabel made through this server (serialized
    /// with the other edits). An edit the store no longer allows (the sample was deleted
    /// or moved since) answers 409 and is dropped; a failure of the store keeps it.
    func undo() async throws -> RecorderAPI.Edited {
        let edit: EditHistory.Edit?
        do {
            edit = try await history.undo(in: store)
        } catch let e as EditHistory.CannotUndo {
            throw HTTPError(.conflict, message: shownValue(e.description, limit: Self.messageLimit))
        } catch {
            throw HTTPError(.internalServerError, message: "undo failed: \(shownValue("\(error)", limit: Self.messageLimit))")
        }
        guard let edit else { return .init(action: "nothing to undo", undoLeft: 0) }
        await scheduleTraining()
        let left = await history.count
        switch edit {
        case .saved(let entry): return .init(action: "undid save", label: entry.label, id: entry.id, undoLeft: left)
        case .deleted(let entry, _): return .init(action: "undid delete", label: entry.label, id: entry.id, undoLeft: left)
        case .relabeled(let from, _): return .init(action: "undid relabel", label: from.label, id: from.id, undoLeft: left)
        }
    }

    /// `POST /api/train`: waits for a training that starts after this request, so its
    /// report reflects the store as it is now. At most one training runs at a time; requests
    /// that come while one runs share the single next one (``TrainingScheduler``).
    func train() async throws -> RecorderAPI.Report {
        guard let trainer else {
            throw HTTPError(.notImplemented, message: "the training workflow is not part of this build")
        }
        let report = try await scheduler.train { await self.trainOnce(trainer) }.get()
        return .init(report: report)
    }

    /// One training: runs the trainer (CPU-heavy work goes to its own thread, see
    /// ``TrainingThread``), puts the new model in use, then publishes the report. Only the
    /// scheduler calls this, one at a time.
    func trainOnce(_ trainer: any TrainingRunner) async -> Result<TrainingReport, any Error> {
        let report: TrainingReport
        do {
            report = try await trainer.train(store: store, choice: await choiceBox.choice)
        } catch {
            return .failure(HTTPError(.unprocessableContent, message: "training failed: \(error)"))
        }
        // The new model is in use before its report is published, so a page that sees the
        // report never recognizes with the model before it.
        if let folder = report.files.first, settings.usesStoreModel, folder == StoreModel.folder(of: store).path {
            do { try await switchToStoreModel() } catch {
                await reports.set(report)
                return .failure(error)
            }
        }
        await reports.set(report)
        return .success(report)
    }

    /// With ``RecorderSettings/trainAfterEditMilliseconds``: trains once the store has been
    /// quiet that long (a newer edit restarts the wait). The training goes through the same
    /// scheduler as the Train button: one at a time, and an edit during it trains again
    /// after. Failures (too few labels yet) are left in the report the page shows.
    func scheduleTraining() async {
        guard let ms = settings.trainAfterEditMilliseconds, let trainer else { return }
        let ticket = await scheduler.edited()
        Task.detached(priority: .utility) {
            try? await Task.sleep(nanoseconds: UInt64(max(0, ms)) * 1_000_000)
            guard await self.scheduler.quiet(since: ticket) else { return }
            if case .failure(let error) = await self.scheduler.train({ await self.trainOnce(trainer) }) {
                await self.reports.set(TrainingReport(summary: "training after the last edit failed", text: "\(error)"))
            }
        }
    }

    /// Loads the store's model and recognizes with it from now on. When it does not load,
    /// the error (naming the file and field) is kept for `GET /api/state` and the page, and
    /// the recognizers in use are left as they were — never replaced in silence.
    func switchToStoreModel() async throws {
        let folder = StoreModel.folder(of: store)
        let model: GestureModel
        do { model = try GestureModel.load(folder) } catch {
            let message = "\(StoreModel.folderName) in the store: \(error)"
            await live.failed(message)
            throw HTTPError(.unprocessableContent, message: "the trained model does not load: \(message)")
        }
        let source = "\(StoreModel.folderName) in the store"
        await live.set(StoreModel.recognizers(model, source: source, fallback: recognizers), source: folder.path,
                       operatingPoint: OperatingPointReport(model.manifest))
        // The operating point is stored with the model: a recorder started on a trained
        // store takes it up from there.
        if let choice = OperatingPointChoice.of(model.manifest) { await choiceBox.adopt(choice) }
    }

    /// The store's model once trained (or found at start, see
    /// ``RecorderSettings/usesStoreModel``), else the recognizers given. A model found at
    /// start that does not load leaves its error in ``LiveRecognizers/error``.
    func currentRecognizers() async -> [any SampleRecognizer] {
        if settings.usesStoreModel, await live.needsFirstLook() {
            if StoreModel.exists(in: store) { try? await switchToStoreModel() }
        }
        return await live.recognizers ?? recognizers
    }

    func recognize(_ gesture: Gesture, picked: String? = nil) async -> [RecognitionResult] {
        let labels = Set((try? store.labels()) ?? [])
        return filtered(await currentRecognizers(), labels: labels, picked: picked).flatMap { $0.recognize(gesture) }
    }

    /// The recognizers whose cards the page shows: detectors only for the store's labels
    /// or the label picked (``RecorderSettings/detectorCards``); every matcher and model.
    func filtered(_ recognizers: [any SampleRecognizer], labels: Set<String>, picked: String?) -> [any SampleRecognizer] {
        recognizers.filter { r in
            guard let d = r as? DetectorRecognizer else { return true }
            return RecorderSources.shows(d, cards: settings.detectorCards, labels: labels, picked: picked)
        }
    }

    // MARK: Never-fire bin, held-out check, operating point

    func neverFireList(_ request: Request) throws -> RecorderAPI.SampleList {
        let limit = request.uri.queryParameters["limit"].flatMap { Int($0) }.map { min(max($0, 0), 1000) } ?? 60
        guard let bin = try storeCall({ try NeverFireBin.store(of: store) }) else {
            return .init(label: NeverFireBin.label, total: 0, samples: [])
        }
        let entries = try storeCall { try bin.list(label: NeverFireBin.label) }
        let rows = entries.sorted { $0.id > $1.id }.prefix(limit).map { entry -> RecorderAPI.SampleSummary in
            do { return RecorderAPI.summary(entry, try bin.load(entry), maxPoints: settings.thumbnailPointsPerStroke) } catch {
                return .init(label: entry.label, id: entry.id, strokes: 0, points: 0, thumbnail: [],
                             error: shownValue("\(error)", limit: Self.messageLimit))
            }
        }
        return .init(label: NeverFireBin.label, total: entries.count, samples: Array(rows))
    }

    /// Saves a stroke into the never-fire bin (any label in the body is replaced by the
    /// bin's), serialized with the other edits; the model trains after it as after a save.
    func saveNeverFire(_ request: Request) async throws -> RecorderAPI.Saved {
        let sample = NeverFireBin.marked(try await decodeSample(request))
        let entry = try await storeEdit {
            try await history.serialized {
                guard let bin = try NeverFireBin.store(of: store, create: true) else { throw SampleStoreError.notFound(label: NeverFireBin.label, id: "") }
                return (try bin.save(sample), bin)
            }
        }
        await scheduleTraining()
        return .init(label: entry.0.label, id: entry.0.id, file: (try? entry.1.url(of: entry.0).path) ?? "",
                     facts: .init(sample.gesture), results: await recognize(sample.gesture), count: NeverFireBin.count(of: store))
    }

    func deleteNeverFire(id: String) async throws -> RecorderAPI.Edited {
        let entry = SampleStore.Entry(label: NeverFireBin.label, id: id)
        try await storeEdit(nothing: "changed") {
            try await history.serialized {
                guard let bin = try NeverFireBin.store(of: store) else { throw SampleStoreError.notFound(label: NeverFireBin.label, id: id) }
                _ = try bin.delete(entry)
            }
        }
        await scheduleTraining()
        return .init(action: "deleted from the never-fire bin", label: NeverFireBin.label, id: id, undoLeft: await history.count)
    }

    /// `GET /api/check`: the held-out check on the store as it is now, one at a time.
    func check() async throws -> RecorderAPI.Check {
        guard let trainer else { throw HTTPError(.notImplemented, message: "the training workflow is not part of this build") }
        guard await checkGate.enter() else {
            throw HTTPError(.conflict, message: "a check is already running; its answer comes to the page that asked")
        }
        let outcome: Result<HeldOutCheck, any Error>
        do { outcome = .success(try await trainer.checkHeldOut(store: store, choice: await choiceBox.choice)) } catch {
            outcome = .failure(error)
        }
        await checkGate.leave()
        do {
            return .init(check: try outcome.get())
        } catch let e as HeldOutCheckUnavailable {
            throw HTTPError(.notImplemented, message: e.description)
        } catch let e as SampleStoreError {
            throw Self.httpError(e, nothing: nil)
        } catch {
            throw HTTPError(.unprocessableContent, message: "the check could not train: \(shownValue("\(error)", limit: Self.messageLimit))")
        }
    }

    /// `POST /api/operating-point`: body `{"choice": ID}`; trains with it (when a trainer
    /// writes the store's model) and answers with the report.
    func setOperatingPoint(_ request: Request) async throws -> RecorderAPI.ChoiceSet {
        struct Body: Decodable { var choice: String }
        try Self.requireJSON(request, nothing: "changed")
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        let ids = OperatingPointChoice.allCases.map(\.rawValue).joined(separator: ", ")
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView)),
              let choice = OperatingPointChoice(rawValue: body.choice) else {
            throw HTTPError(.badRequest, message: "the body must be {\"choice\": ONE OF \(ids)}; nothing was changed")
        }
        await choiceBox.set(choice)
        guard let trainer else { return .init(choice: choice.rawValue, report: nil) }
        let report = try await scheduler.train { await self.trainOnce(trainer) }.get()
        return .init(choice: choice.rawValue, report: report)
    }

    // MARK: Request helpers

    /// Reads the body (bounded by ``RecorderSettings/maxBodyBytes``) and decodes one native sample.
    func decodeSample(_ request: Request) async throws -> Sample {
        try Self.requireJSON(request, nothing: "written")
        let limit = settings.maxBodyBytes
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw Self.tooLarge(declared, limit: limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            throw Self.tooLarge(nil, limit: limit)
        }
        let data = Data(buffer.readableBytesView)
        do {
            return try NativeSampleCodec.decode(data, file: "request body", nativeOnly: true)
        } catch let error as GestureDataError {
            throw HTTPError(.badRequest, message: Self.describe(error) + "; nothing was written")
        }
    }

    static func describe(_ error: GestureDataError) -> String {
        switch error {
        // Values from the request are shown cut (a 5 MB `format` was once echoed whole).
        case .malformed(_, _, let reason): return "the request body is not valid JSON: \(shownValue(reason, limit: messageLimit))"
        case .invalidField(_, _, let field, let reason):
            return "request body: field '\(shownValue(field))': \(shownValue(reason, limit: messageLimit))"
        case .unsupportedFormat(_, _, let found):  // cut by the reader already: cutting again would miscount
            return "request body: field 'format': unsupported format '\(found)' (expected '\(NativeSampleCodec.format)')"
        default: return "request body: \(shownValue(error.description, limit: messageLimit))"
        }
    }

    static func tooLarge(_ bytes: Int?, limit: Int) -> HTTPError {
        let size = bytes.map { "\($0) bytes" } ?? "larger than the limit"
        return HTTPError(.contentTooLarge,
                         message: "request body too large: \(size), over the limit of \(limit) bytes; nothing was written")
    }

    static func pathParameter(_ name: String, _ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require(name)
        guard let decoded = raw.removingPercentEncoding else {
            throw HTTPError(.badRequest, message: "bad percent-encoding in \(name) '\(shownValue(raw))'")
        }
        return decoded
    }

    /// Longest message text shown in an error answer (values inside are cut shorter).
    static let messageLimit = 400

    /// Refuses a body that is not sent as JSON (`415`), on every request with a body:
    /// another site's page can post a plain form or text without asking, not JSON.
    static func requireJSON(_ request: Request, nothing done: String) throws {
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("application/json") else {
            throw HTTPError(.unsupportedMediaType,
                            message: "the body must be JSON sent as Content-Type: application/json (got \(contentType.isEmpty ? "none" : "'\(shownValue(contentType))'")); nothing was \(done)")
        }
    }

    /// Whether a store failure is a failed write (the server's fault, 500) rather than a
    /// sample file that does not load (the file's, 422).
    static func isWriteFailure(_ error: GestureDataError) -> Bool {
        if case .writeFailed = error { return true }
        return false
    }

    /// Runs a store operation, turning its errors into HTTP answers with the store's message.
    func storeCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SampleStoreError {
            throw Self.httpError(error, nothing: nil)
        }
    }

    /// Runs a store edit, turning its errors into HTTP answers with the store's message
    /// and, for refused edits, what was not done.
    func storeEdit<T>(nothing done: String = "written", _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SampleStoreError {
            throw Self.httpError(error, nothing: done)
        }
    }

    static func httpError(_ error: SampleStoreError, nothing done: String?) -> HTTPError {
        let message = shownValue(error.description, limit: messageLimit)
        let suffix = done.map { "; nothing was \($0)" } ?? ""
        switch error {
        case .invalidLabel, .invalidID: return HTTPError(.badRequest, message: message)
        case .notFound:
            return HTTPError(.notFound, message: message + (done == nil ? "" : " (deleted or moved since the page listed it)") + suffix)
        case .alreadyExists: return HTTPError(.conflict, message: message)
        case .data(let e) where !isWriteFailure(e): return HTTPError(.unprocessableContent, message: message + suffix)
        default: return HTTPError(.internalServerError, message: message)
        }
    }

    static func asset(_ asset: RecorderPage.Asset) -> Response {
        Response(status: .ok,
                 headers: [.contentType: asset.contentType, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}

/// The recognizers of the store's model once it is trained, shared between requests.
actor LiveRecognizers {
    private(set) var recognizers: [any SampleRecognizer]?
    private(set) var source: String?
    /// The model's operating point on its inner folds.
    private(set) var operatingPoint: OperatingPointReport?
    /// Why the store's model does not load (file and field), until a model loads.
    private(set) var error: String?
    private var looked = false

    func set(_ recognizers: [any SampleRecognizer], source: String, operatingPoint: OperatingPointReport? = nil) {
        self.recognizers = recognizers
        self.source = source
        self.operatingPoint = operatingPoint
        error = nil
        looked = true
    }

    /// The store's model does not load: say why. A model loaded before it is no longer
    /// the store's (the folder was replaced), so it is not named as in use either.
    func failed(_ message: String) {
        recognizers = nil
        source = nil
        operatingPoint = nil
        error = message
        looked = true
    }

    /// True once: the first caller looks for a model already in the store.
    func needsFirstLook() -> Bool {
        defer { looked = true }
        return !looked
    }
}

/// Runs the trainings one at a time, coalescing requests, and debounces training after
/// edits.
///
/// - At most one training runs. A request made while one runs waits for the next one,
///   which starts when the running one ends and so reads the store as it is then; every
///   request made meanwhile shares that single next training (no queue builds up).
/// - The training itself runs outside this actor: reads that ask ``busy`` never wait for it.
actor TrainingScheduler {
    typealias Outcome = Result<TrainingReport, any Error>
    private var running = false
    private var waiting: [CheckedContinuation<Outcome, Never>] = []
    private var next: (@Sendable () async -> Outcome)?
    private var latestEdit = 0
    private var handledEdit = 0

    /// Waits for a training that starts after this call, and returns its outcome.
    func train(_ work: @escaping @Sendable () async -> Outcome) async -> Outcome {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            next = work
            startNextIfIdle()
        }
    }

    private func startNextIfIdle() {
        guard !running, !waiting.isEmpty, let work = next else { return }
        running = true
        let waiters = waiting
        waiting = []
        next = nil
        Task.detached(priority: .utility) {
            let outcome = await work()
            await self.finished(outcome, waiters)
        }
    }

    private func finished(_ outcome: Outcome, _ waiters: [CheckedContinuation<Outcome, Never>]) {
        running = false
        for waiter in waiters { waiter.resume(returning: outcome) }
        startNextIfIdle()
    }

    /// Records an edit; returns its ticket.
    func edited() -> Int {
        latestEdit += 1
        return latestEdit
    }

    /// Whether the store has been quiet since the edit `ticket` (no newer edit): its
    /// wait may train now.
    func quiet(since ticket: Int) -> Bool {
        guard ticket == latestEdit else { return false }
        handledEdit = ticket
        return true
    }

    /// Whether a training runs or waits, or an edit waits to train.
    var busy: Bool { running || !waiting.isEmpty || handledEdit < latestEdit }

    /// Requests waiting for the next training (for tests).
    var waitingRequests: Int { waiting.count }
}

/// The last training report, shared between requests.
actor ReportBox {
    private(set) var last: TrainingReport?
    func set(_ report: TrainingReport) { last = report }
}

/// The operating point the user chose (``OperatingPointChoice``): set on the page, or
/// taken up from the store's model when the recorder starts.
actor ChoiceBox {
    private(set) var choice: OperatingPointChoice = .balanced
    private var setByUser = false
    func set(_ c: OperatingPointChoice) { choice = c; setByUser = true }
    /// The model's choice, unless the user has chosen since the recorder started.
    func adopt(_ c: OperatingPointChoice) { if !setByUser { choice = c } }
}

/// One held-out check at a time (each trains several models).
actor CheckGate {
    private var running = false
    func enter() -> Bool {
        if running { return false }
        running = true
        return true
    }
    func leave() { running = false }
}
