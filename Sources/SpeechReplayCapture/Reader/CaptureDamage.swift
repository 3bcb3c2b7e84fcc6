/// What is wrong with a capture: cut short (no clean end), and audio missing.
public struct CaptureDamage: Sendable, Hashable, CustomStringConvertible {
  /// Where the capture ends on its audio timeline when the recorder never finished (the app was
  /// killed, crashed or called `close()`): readable up to its last commit. Nil for a clean finish.
  public var cutShortAt: Double?
  /// Audio missing inside the capture.
  public var gaps: [CaptureGap]
  /// What could not be read of a damaged file, and where reading stopped; nil when all of it read.
  public var unreadable: String?

  /// Creates a damage report.
  public init(cutShortAt: Double?, gaps: [CaptureGap], unreadable: String? = nil) {
    self.cutShortAt = cutShortAt
    self.gaps = gaps
    self.unreadable = unreadable
  }

  /// True when the capture finished cleanly with no audio missing.
  public var isNone: Bool { cutShortAt == nil && gaps.isEmpty && unreadable == nil }

  /// Frames missing in all.
  public var missingFrames: Int { gaps.reduce(0) { $0 + $1.frames } }

  /// `none`, or `cut short at 12.300 s (no clean finish); 2 gaps, 9600 frames missing`.
  public var description: String {
    var parts: [String] = []
    if let cutShortAt {
      parts.append(
        "cut short at \(cutShortAt.formatted(.number.precision(.fractionLength(3)))) s (no clean finish; readable up to its last commit)"
      )
    }
    if let unreadable { parts.append(unreadable) }
    if !gaps.isEmpty { parts.append("\(gaps.count) gap\(gaps.count == 1 ? "" : "s"), \(missingFrames) frames missing") }
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }
}
