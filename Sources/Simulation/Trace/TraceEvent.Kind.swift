extension TraceEvent {
  /// What an event records; higher layers add their own kinds as static constants.
  ///
  /// ```swift
  /// extension TraceEvent.Kind {
  ///   static let microphoneBuffer = TraceEvent.Kind("mic.buffer")
  /// }
  /// ```
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The stable name that appears in canonical lines, such as `mic.buffer`.
    public var rawValue: String

    /// Creates a kind from its stable name.
    /// - Parameter rawValue: A name without spaces, such as `analyzer.result`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from its stable name.
    /// - Parameter name: A name without spaces, such as `analyzer.result`.
    public init(_ name: String) { self.rawValue = name }

    /// Creates a kind from a string literal.
    /// - Parameter value: A name without spaces.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// A free-form note (field `text`).
    public static let note = Kind("note")
    /// A diagnostic: something a developer could not see on a device (fields `message`, …).
    public static let diagnostic = Kind("diagnostic")
    /// A ledger resource was acquired (fields `kind`, `label`).
    public static let resourceAcquired = Kind("ledger.acquire")
    /// A ledger resource was released (fields `kind`, `label`).
    public static let resourceReleased = Kind("ledger.release")
    /// The run deadlocked (fields `waiting`, `open`).
    public static let deadlock = Kind("simulation.deadlock")
    /// A block sent to `DispatchQueue.main` ran as main-actor work (field `call`: `DispatchQueue.main.async`,
    /// `DispatchQueue.main.asyncAfter` or `DispatchQueue.main.sync`).
    public static let dispatchBlock = Kind("dispatch.block")
  }
}
