import Foundation
import SpeechReplay

/// Small helpers that write scenario YAML (the side tables have their own writers: `TapScheduleTable`,
/// `ObservedTimelineTable`).
enum ScenarioText {
  /// A YAML double-quoted string (JSON escaping is valid YAML).
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        // Every character libyaml's reader refuses (C0 and C1 controls, DEL): text from a device.
        if !ScenarioWriter.isYAMLPrintable(scalar) {
          out += String(format: "\\u%04X", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// A duration the scenario decoder reads: seconds with up to six decimals (`1.234567s`, `0s`).
  static func duration(_ seconds: Double) -> String {
    let micro = Int64((max(0, seconds) * 1_000_000).rounded())
    let whole = micro / 1_000_000
    var fraction = String(micro % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(whole)s" : "\(whole).\(fraction)s"
  }
}
