/// Text from scenario files, subjects and workers made safe for a terminal and a CI log.
///
/// A scenario's name, a failure's expected value or a worker's output can hold control
/// characters: an ESC starts a terminal escape sequence (a name could paint a fake green `PASS`
/// over a `FAIL`), a carriage return rewrites the line. They are written as visible `\u{1B}`
/// text, as the JUnit report writes them. A line longer than ``lineLimit`` characters (a
/// 3.9 MB expected value) is cut there, saying how much was left out; the JSON report keeps it whole.
enum ConsoleText {
  /// The most characters of one line printed on the console.
  static let lineLimit = 4_000

  /// `text` with control characters other than line breaks and tabs made visible, and each line
  /// cut at `limit` characters.
  static func visible(_ text: String, limit: Int = lineLimit) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) || text.utf8.count > limit else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var escaped = ""
      var count = 0
      for scalar in line.unicodeScalars {
        if count >= limit {
          let left = line.unicodeScalars.count - count
          escaped += "… (\(left) more characters; the JSON report holds them all)"
          break
        }
        if needsEscape(scalar) {
          escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
        count += 1
      }
      return escaped
    }.joined(separator: "\n")
  }

  /// One value for a one-line message: control characters (line breaks too) visible, at most `limit` characters.
  static func value(_ text: String, limit: Int = 80) -> String {
    let oneLine = visible(text.replacingOccurrences(of: "\n", with: "\\n"), limit: .max)
    guard oneLine.count > limit else { return oneLine }
    return "\(oneLine.prefix(limit))… (\(oneLine.count - limit) more characters)"
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }
}
