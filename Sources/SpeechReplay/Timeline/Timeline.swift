import Foundation
public import Simulation

/// The event timeline of one scenario run: microphone buffers, conversions, analyzer input
/// accepted or rejected, results published, UI states, steps, lifecycle and diagnostics, each
/// stamped with virtual time.
public struct Timeline: Sendable, Equatable {
  /// The events, in order: a long run's older events are read back from its spill file as they
  /// are iterated (`TraceLog`, in Simulation), so read them in passes rather than copying them into an array.
  public var events: TraceLog

  /// Creates a timeline.
  /// - Parameter events: The events, in order.
  public init(events: [TraceEvent]) { self.events = TraceLog(events) }

  /// Creates a timeline of a run's trace.
  /// - Parameter events: The run's trace.
  public init(events: TraceLog) { self.events = events }

  /// How many events are of `kind`.
  /// - Parameter kind: The kind to count.
  /// - Returns: The count.
  public func count(of kind: TraceEvent.Kind) -> Int { events.only([kind]).count }

  /// The events of `kind`, in order.
  public func events(of kind: TraceEvent.Kind) -> [TraceEvent] { Array(events.only([kind])) }

  /// One event per line: virtual time in seconds, kind, then `name=value` fields.
  ///
  /// ```
  ///    0.000s  scenario.step       step=start line=7
  ///    0.100s  engine.buffer       sampleTime=0 frames=4800
  /// ```
  public var rendered: String {
    let width = min(28, events.map(\.kind.rawValue.count).max() ?? 0)
    var text = ""
    for event in events {
      let kind = event.kind.rawValue
      var line = Self.seconds(event.time).leftPadded(to: 9) + "  " + kind
      if !event.fields.isEmpty {
        line += String(repeating: " ", count: max(1, width - kind.count + 1))
        line += event.fields.map { "\($0.name)=\(Self.shown($0.value))" }.joined(separator: " ")
      }
      text += line + "\n"
    }
    return text
  }

  /// `1.250s`: milliseconds precision.
  static func seconds(_ time: Duration) -> String {
    let milliseconds = time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// A field value, quoted when it has spaces or is empty.
  private static func shown(_ value: String) -> String {
    let escaped = value.replacingOccurrences(of: "\n", with: "\\n")
    return escaped.isEmpty || escaped.contains(" ")
      ? "\"\(escaped.replacingOccurrences(of: "\"", with: "\\\""))\"" : escaped
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
