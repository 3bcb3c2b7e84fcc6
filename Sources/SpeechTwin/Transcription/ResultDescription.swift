import CoreMediaTwin
import Foundation

/// The `description` of the transcribers' results: `final [0.000–1.600) "The quick brown fox."`.
enum ResultDescription {
  static func describe(range: CMTimeRange, isFinal: Bool, text: AttributedString) -> String {
    "\(isFinal ? "final" : "volatile") [\(milliseconds(range.start))–\(milliseconds(range.end))) \"\(String(text.characters))\""
  }

  private static func milliseconds(_ time: CMTime) -> String {
    guard time.isNumeric else { return "?" }
    let millis = Int64((time.seconds * 1000).rounded())
    let fraction = String(abs(millis) % 1000)
    return
      "\(millis < 0 ? "-" : "")\(abs(millis) / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
