extension [TraceEvent.Field] {
  /// The value of the first field named `name`, or nil; for typed views reading their fields.
  /// - Parameter name: The field name.
  /// - Returns: The value text, or nil.
  public func value(_ name: String) -> String? {
    first { $0.name == name }?.value
  }

  /// The field `name` as an integer, or nil when missing or not an integer.
  /// - Parameter name: The field name.
  public func int(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

  /// The field `name` as a 64-bit integer, or nil when missing or not an integer.
  /// - Parameter name: The field name.
  public func int64(_ name: String) -> Int64? { value(name).flatMap { Int64($0) } }

  /// The field `name` as a number, or nil when missing or not a number.
  /// - Parameter name: The field name.
  public func double(_ name: String) -> Double? { value(name).flatMap { Double($0) } }

  /// The field `name` as `true` or `false`, or nil when missing or anything else.
  /// - Parameter name: The field name.
  public func bool(_ name: String) -> Bool? {
    switch value(name) {
    case "true": true
    case "false": false
    default: nil
    }
  }
}
