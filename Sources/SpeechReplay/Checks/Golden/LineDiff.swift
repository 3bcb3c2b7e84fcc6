/// A line diff of two texts, shown the way `diff -u` shows changes: `-` for expected lines that
/// are gone, `+` for actual lines that are new, two spaces for lines both have.
///
/// Written here rather than taken from swift-custom-dump (which is on the mirror): that package
/// diffs Swift values' dumps, while golden files are plain text whose lines are the unit of
/// change; a longest-common-subsequence table over a few dozen lines is all this needs.
package struct LineDiff: Sendable, Hashable {
  /// One line of the diff.
  package enum Line: Sendable, Hashable {
    /// In both texts.
    case same(String)
    /// Only in the expected (golden) text.
    case removed(String)
    /// Only in the actual text.
    case added(String)
  }

  /// The lines, in order.
  package var lines: [Line]

  /// Diffs two texts line by line.
  /// - Parameters:
  ///   - expected: The golden text.
  ///   - actual: The text the run produced.
  package init(expected: String, actual: String) {
    let old = Self.split(expected), new = Self.split(actual)
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var lines: [Line] = []
    var i = 0, j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append(.same(old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        // Removals before additions, as `diff -u` shows a changed line.
        lines.append(.removed(old[i]))
        i += 1
      } else {
        lines.append(.added(new[j]))
        j += 1
      }
    }
    self.lines = lines
  }

  /// Whether the texts differ.
  package var hasChanges: Bool { lines.contains { if case .same = $0 { false } else { true } } }

  /// The diff as text, one line each, with `−`/`+` markers and a header naming both sides:
  /// ```
  /// --- golden
  /// +++ actual
  ///   phase: idle
  /// - committed: "Hello world."
  /// + committed: "Hello word."
  /// ```
  /// Lines ending in spaces or tabs show a `⏎` so trailing whitespace is visible.
  package var rendered: String {
    var text = "--- golden\n+++ actual\n"
    for line in lines {
      switch line {
      case .same(let content): text += "  " + Self.visible(content) + "\n"
      case .removed(let content): text += "- " + Self.visible(content) + "\n"
      case .added(let content): text += "+ " + Self.visible(content) + "\n"
      }
    }
    return text
  }

  /// Lines of `text`; a final line break ends the last line, a missing one is shown as its own change.
  private static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    } else if !lines.isEmpty {
      lines[lines.count - 1] += "\\ (no line break at the end)"
    }
    return lines
  }

  private static func visible(_ line: String) -> String {
    line.last == " " || line.last == "\t" ? line + "⏎" : line
  }
}
