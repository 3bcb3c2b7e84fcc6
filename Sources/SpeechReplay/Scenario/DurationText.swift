import Foundation
import Simulation

/// Durations as scenario files and command-line options write them: `2s`, `500ms`, `1.5s`, `1m`,
/// `10h`, `250us`, `5ns`, or a bare number of seconds (`2`, `12.5`). The one parser of durations:
/// scenario files, `--from`/`--to`, `--max-virtual-time`, `--time-limit`, `--stop-at` and the
/// environment's bounds all read through it, so every place accepts the same forms.
///
/// Written here instead of taken from a library: no listed package parses this small notation,
/// and the error text must say how to write it.
package enum DurationText {
  /// The units, longest suffix first so `ms` is not read as `m` followed by `s`.
  private static let units: [(suffix: String, nanoseconds: Double)] = [
    ("ms", 1e6), ("us", 1e3), ("ns", 1), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
  ]

  /// Parses `text`; nil when it is not a duration.
  /// - Parameter text: Such as `2s`, `500ms`, `1.5s`, or `2` (seconds).
  /// - Returns: The duration, or nil.
  package static func parse(_ text: String) -> Duration? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for unit in units where trimmed.hasSuffix(unit.suffix) {
      return duration(trimmed.dropLast(unit.suffix.count), nanosecondsPerUnit: unit.nanoseconds)
    }
    // A bare number is seconds, as the command line's options always took it.
    return duration(Substring(trimmed), nanosecondsPerUnit: 1e9)
  }

  /// `number` units as a duration; nil when it is not a plain decimal number or is too large.
  private static func duration(_ number: Substring, nanosecondsPerUnit: Double) -> Duration? {
    let number = number.trimmingCharacters(in: .whitespaces)
    // Up to about 290 years: beyond that the nanoseconds do not fit (and no scenario means it).
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number), value.isFinite, value >= 0,
      value * nanosecondsPerUnit < 9e18
    else { return nil }
    return .nanoseconds(Int64((value * nanosecondsPerUnit).rounded()))
  }

  /// Seconds of a duration as a Double.
  static func seconds(_ duration: Duration) -> Double {
    duration.seconds
  }
}

extension DurationText {
  /// A duration as a scenario file writes it: `2s`, `500ms`, `1.25s`.
  package static func text(_ duration: Duration) -> String {
    let milliseconds = seconds(duration) * 1000
    if milliseconds < 1000, milliseconds == milliseconds.rounded() { return "\(Int(milliseconds))ms" }
    let secondsValue = milliseconds / 1000
    return secondsValue == secondsValue.rounded() ? "\(Int(secondsValue))s" : "\(secondsValue)s"
  }
}
