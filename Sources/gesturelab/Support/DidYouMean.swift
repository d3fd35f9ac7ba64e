import ArgumentParser

/// Unknown commands and options, caught before ArgumentParser sees the arguments, with the
/// nearest known name: `gesturelab trian` → did you mean `train`; `--datset` → did you mean
/// `--dataset`. (Left to ArgumentParser, `trian --dataset x` reported "Unknown option
/// '--dataset'", and `train --datset x` "Missing expected argument '--dataset'".)
enum DidYouMean {
    /// Edit distance with adjacent transpositions counted as one edit (optimal string
    /// alignment): `trian` is one edit from `train`, `datset` one from `dataset`.
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { d[i][0] = i }
        for j in 0...t.count { d[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[s.count][t.count]
    }

    /// The candidate nearest to `word`, when it is near enough to be a typo: at most two
    /// edits, and fewer than half the word's length (so `x` suggests nothing). Ties go
    /// to the first candidate.
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        let limit = min(2, max(1, (word.count - 1) / 2))
        var best: (name: String, distance: Int)?
        for c in candidates where c != word {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best?.name
    }

    /// Options ArgumentParser accepts on every command without declaring them.
    static let builtInOptions: Set<String> = [
        "--help", "--help-hidden", "--version", "--experimental-dump-help", "--generate-completion-script",
    ]

    /// A usage error for `arguments` (without the program name) naming the first unknown
    /// command or option and the nearest known one, or `nil` when every name is known
    /// (values and positional arguments are left to ArgumentParser).
    static func check(_ arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        var i = 0
        // The command path: words naming subcommands, as far as they go.
        while i < arguments.count {
            let subcommands = command.configuration.subcommands
            let word = arguments[i]
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { break }
            if word == "help" { return nil }   // `gesturelab help train`: ArgumentParser's own
            if let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                i += 1
                continue
            }
            let names = subcommands.map { $0._commandName }
            let context = path.joined(separator: " ")
            if let guess = nearest(word, among: names) {
                return "unknown command '\(word)' for '\(context)'; did you mean '\(guess)'? (\(context) --help lists the commands)"
            }
            // A command that runs a default subcommand may take a word as its argument.
            if command.configuration.defaultSubcommand != nil { break }
            return "unknown command '\(word)' for '\(context)'; the commands are: \(names.joined(separator: ", "))"
        }
        // Options: every `--name` (or `--name=value`) before a `--` terminator.
        var known = optionNames(of: command, root: root)
        if let implied = command.configuration.defaultSubcommand {   // `train --dataset …` runs `train all`
            known.formUnion(optionNames(of: implied, root: root))
        }
        let context = path.joined(separator: " ")
        for argument in arguments[i...] {
            if argument == "--" { break }
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? Substring(argument))
            guard !known.contains(name) else { continue }
            if let guess = nearest(name, among: known.sorted()) {
                return "unknown option '\(name)' for '\(context)'; did you mean '\(guess)'?"
            }
            return "unknown option '\(name)' for '\(context)' (\(context) --help lists its options)"
        }
        return nil
    }

    /// Every `--name` the command's help mentions, hidden options included (flags'
    /// `--no-` forms too), plus the built-in ones.
    static func optionNames(of command: ParsableCommand.Type, root: ParsableCommand.Type) -> Set<String> {
        let help = root.helpMessage(for: command, includeHidden: true, columns: 10_000)
        var names = builtInOptions
        let isNameCharacter: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        for token in help.split(whereSeparator: { !isNameCharacter($0) }) where token.hasPrefix("--") {
            var name = String(token)
            while name.hasSuffix("-") { name.removeLast() }   // "--out-" ends a phrase, not a name
            if name.count > 2, name.dropFirst(2).first?.isLetter == true { names.insert(name) }
        }
        return names
    }
}
