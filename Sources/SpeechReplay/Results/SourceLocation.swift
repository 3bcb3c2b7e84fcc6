/// A place in a scenario file, for messages: `Scenarios/offline.yaml:12:5`.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file, as the user named it (relative paths stay relative).
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}
