import ArgumentParser

/// An output option given twice (`--json a.json --json b.json`): ArgumentParser keeps the last one
/// silently, so one report the user asked for would never be written. Refused as a usage error
/// before any work.
enum RepeatedOutputs {
  /// Every option that names something a command writes (see CommandLine.md, One rule for every output).
  static let outputOptions: Set<String> = ["--junit", "--json", "--html", "--perfetto", "--out", "--capture"]

  /// Throws `ValidationError` naming the first output option that appears more than once.
  /// - Parameter arguments: The command line without the executable.
  static func check(_ arguments: [String]) throws {
    var seen: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { return }
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      if outputOptions.contains(name) {
        let value =
          argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : arguments[safe: index + 1] ?? ""
        if let first = seen[name] {
          // Paths in full up to PATH_MAX (a CI workspace's are often over 80 characters); only a
          // value longer than any path is cut.
          let (shown, other) = (ConsoleText.value(first, limit: 4_096), ConsoleText.value(value, limit: 4_096))
          throw ValidationError(
            "\(name) is given twice (\(shown) and \(other)); give each output once — only one would be written")
        }
        seen[name] = value
      }
      index += 1
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
