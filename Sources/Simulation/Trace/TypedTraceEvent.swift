/// A typed view of one event kind: the contract between the module that records the event and
/// every reader of it.
///
/// The emitting module declares the view beside its ``TraceEvent/Kind`` constant and records the
/// event through it (``EventTrace/record(_:)-(TypedTraceEvent)``); readers get the same view back from
/// a ``TraceEvent`` (``init(_:)``), so a renamed kind or field breaks the build or the view's own
/// tests instead of silently turning a check off.
///
/// ```swift
/// public struct MicrophonePlayEvent: TypedTraceEvent {
///   public static let kind = TraceEvent.Kind.microphonePlay
///   public var playing: Bool
///   public init(playing: Bool) { self.playing = playing }
///   public init?(fields: [TraceEvent.Field]) {
///     guard let playing = fields.bool("playing") else { return nil }
///     self.playing = playing
///   }
///   public var fields: [TraceEvent.Field] { [.init("playing", String(playing))] }
/// }
/// ```
///
/// `fields` must give the names, order and value text of the canonical line, since traces are
/// hashed and compared by it.
public protocol TypedTraceEvent: Sendable, Equatable {
  /// The kind of every event this view reads and writes.
  static var kind: TraceEvent.Kind { get }

  /// Reads the view from an event's fields; nil when a required field is missing or unparseable.
  /// - Parameter fields: The event's fields, in order.
  init?(fields: [TraceEvent.Field])

  /// The fields to record, in canonical order and text.
  var fields: [TraceEvent.Field] { get }
}

extension TypedTraceEvent {
  /// Reads the view from `event`; nil when its kind differs or a required field is missing or unparseable.
  /// - Parameter event: A recorded event.
  @inlinable  // specialised in the reading module: unspecialised, each call looked up generic metadata
  public init?(_ event: TraceEvent) {
    guard event.kind == Self.kind else { return nil }
    self.init(fields: event.fields)
  }

  /// The event this view records, at `sequence` and `time` (for tests and hand-built timelines).
  /// - Parameters:
  ///   - sequence: Position in the trace.
  ///   - time: Virtual time since the start of the run.
  /// - Returns: The event.
  public func event(sequence: Int, time: Duration) -> TraceEvent {
    TraceEvent(sequence: sequence, time: time, kind: Self.kind, fields: fields)
  }
}
