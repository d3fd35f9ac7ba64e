import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
extension DatasetCommand { struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "Convert any supported dataset to native .jsonl (not built yet)")
    func run() throws { throw ValidationError("'convert' is not built yet") }
}
}
