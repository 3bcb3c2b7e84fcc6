import Foundation

/// Functions longer than a limit in Swift source, found without a Swift parser: a declaration line
/// (`func`, `init`, `deinit`, `subscript`, or a computed `var name: Type {`) runs from that line to
/// the line of the brace that closes its body. Strings, comments and `#/…/#` regex literals are
/// blanked first so their braces do not count. It overcounts nothing a reader would not call
/// long; it may miss a function whose signature spans more than 15 lines.
struct LongFunctions {
  /// One function over the limit.
  struct Function: CustomStringConvertible {
    var file: String
    var line: Int
    var lines: Int
    var declaration: String
    var description: String { "\(file):\(line): \(lines) lines: \(declaration)" }
  }

  /// A line that starts a function, an initializer, a subscript or a computed property.
  static var declaration: Regex<(Substring, Substring?, Substring?, Substring?, Substring)> {
    #/^\s*(@[\w().,:" ]+\s+)*((public|package|private|fileprivate|internal|open|static|class|final|override|mutating|nonisolated|convenience|required|@\w+)\s+)*(func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<]|var\s+\w+\s*:[^=]*\{\s*$)/#
  }

  /// The functions of a source text longer than `limit` lines, declaration and closing brace included.
  static func find(in text: String, file: String, limit: Int = 60) -> [Function] {
    let code = blanked(text).split(separator: "\n", omittingEmptySubsequences: false)
    let source = text.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [Function] = []
    // Swift's Regex is slow in a debug build: only lines with a declaring word meet it.
    let words = ["func ", "init", "deinit", "subscript", "var "]
    for start in code.indices
    where words.contains(where: code[start].contains) && code[start].contains(declaration) {
      guard let end = closingLine(of: start, in: code) else { continue }
      if end - start + 1 > limit {
        let shown = source[start].trimmingCharacters(in: .whitespaces).prefix(80)
        found.append(Function(file: file, line: start + 1, lines: end - start + 1, declaration: String(shown)))
      }
    }
    return found
  }

  /// The line of the brace that closes the body opened at or after `start`; nil for a declaration
  /// without a body (a protocol requirement).
  static func closingLine(of start: Int, in code: [Substring]) -> Int? {
    var depth = 0
    var opened = false
    for index in start..<code.count {
      for character in code[index] {
        if character == "{" {
          depth += 1
          opened = true
        } else if character == "}" {
          depth -= 1
        }
      }
      if opened && depth <= 0 { return index }
      if !opened && index > start + 15 { return nil }
    }
    return nil
  }

  /// The text with the contents of strings, comments and `#/…/#` regex literals replaced by spaces,
  /// line breaks kept.
  static func blanked(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func starts(_ token: [UInt8]) -> Bool {
      index + token.count <= bytes.count && bytes[index..<index + token.count].elementsEqual(token)
    }
    func blank(_ byte: UInt8) { output.append(byte == 10 ? 10 : 32) }
    func skip(until token: [UInt8], escapes: Bool) {
      while index < bytes.count {
        if starts(token) {
          token.forEach(blank)
          index += token.count
          return
        }
        if escapes && bytes[index] == 92 && index + 1 < bytes.count {
          blank(bytes[index])
          index += 1
        }
        blank(bytes[index])
        index += 1
      }
    }
    // Longest opener first: `#"""` before `"""` before `#"` before `"`.
    let delimiters: [(open: String, close: String, escapes: Bool)] = [
      ("//", "\n", false), ("/*", "*/", false), ("#\"\"\"", "\"\"\"#", false), ("\"\"\"", "\"\"\"", true),
      ("#\"", "\"#", false), ("#/", "/#", false), ("\"", "\"", true),
    ]
    let tokens = delimiters.map { (Array($0.open.utf8), Array($0.close.utf8), $0.escapes) }
    scanning: while index < bytes.count {
      for (open, close, escapes) in tokens where starts(open) {
        open.forEach(blank)
        index += open.count
        skip(until: close, escapes: escapes)
        continue scanning
      }
      output.append(bytes[index])
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }
}
