/// One entry of a run's event trace: sequence number, virtual time, kind and ordered fields.
///
/// Its `canonicalLine` is the stable text form that traces are hashed and compared by.
public struct TraceEvent: Sendable, Equatable, Codable, CustomStringConvertible {
  /// Position in the trace, from 0.
  public var sequence: Int
  /// Virtual time since the start of the run.
  public var time: Duration
  /// What happened.
  public var kind: Kind
  /// Details, in the order they were given.
  public var fields: [Field]

  /// Creates an event.
  /// - Parameters:
  ///   - sequence: Position in the trace.
  ///   - time: Virtual time since the start of the run.
  ///   - kind: What happened.
  ///   - fields: Ordered details.
  public init(sequence: Int, time: Duration, kind: Kind, fields: [Field]) {
    self.sequence = sequence
    self.time = time
    self.kind = kind
    self.fields = fields
  }

  /// The canonical one-line text: `#sequence seconds kind name=value …`, values escaped and quoted
  /// where needed, so the line is unambiguous and identical across runs and processes.
  public var canonicalLine: String {
    var line = "#\(sequence) \(VirtualTimeFormat.string(time)) \(kind.rawValue)"
    for field in fields {
      line += " \(field.name)=\(Self.escaped(field.value))"
    }
    return line
  }

  /// The value of the first field with `name`, or nil.
  /// - Parameter name: The field name.
  /// - Returns: The value, or nil when no field has that name.
  public subscript(name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  public var description: String { canonicalLine }

  private static func escaped(_ value: String) -> String {
    let needsQuotes = needsQuotes(value)
    var out = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\"": out += "\\\""
      default: out.unicodeScalars.append(scalar)
      }
    }
    return needsQuotes ? "\"\(out)\"" : out
  }

  /// Whether a value is quoted: empty, or holding a space, quote or equals sign as a character of
  /// its own. For ASCII text a byte scan decides; otherwise a combining mark may fuse such a
  /// byte into a larger character, so the characters decide.
  static func needsQuotes(_ value: String) -> Bool {
    var special = false
    var ascii = true
    for byte in value.utf8 {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") { special = true }
      if byte >= 0x80 { ascii = false }
    }
    if value.isEmpty { return true }
    if !special { return false }
    if ascii { return true }
    return value.contains { $0 == " " || $0 == "\"" || $0 == "=" }
  }
}
