import Foundation
import Simulation

/// Durations as scenario files write them: `2s`, `500ms`, `1.5s`, `1m`, `10h`, `250us`; a bare
/// number is seconds (`2.9`), as `audio segments` prints them, so a time is accepted the same way
/// in scenario files, command-line options and segment files.
///
/// Written here instead of taken from a library: no listed package parses this small notation,
/// and the error text must say how to write it.
package enum DurationText {
  /// The units, longest suffix first so `ms` is not read as `m` followed by `s`.
  private static let units: [(suffix: String, nanoseconds: Double)] = [
    ("ms", 1e6), ("us", 1e3), ("ns", 1), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
  ]

  /// Parses `text`; nil when it is not a duration.
  /// - Parameter text: Such as `2s`, `500ms`, `1.5s`, `2.9` (seconds).
  /// - Returns: The duration, or nil.
  package static func parse(_ text: String) -> Duration? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let units =
      trimmed.last.map { $0.isASCII && ($0.isNumber || $0 == ".") } == true
      ? [(suffix: "", nanoseconds: 1e9)] : Self.units
    for unit in units where trimmed.hasSuffix(unit.suffix) {
      let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
      // Up to about 290 years: beyond that the nanoseconds do not fit (and no scenario means it).
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(number), value.isFinite, value >= 0,
        value * unit.nanoseconds < 9e18
      else { return nil }
      return .nanoseconds(Int64((value * unit.nanoseconds).rounded()))
    }
    return nil
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
