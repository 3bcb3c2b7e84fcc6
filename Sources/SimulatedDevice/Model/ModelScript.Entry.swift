import CoreMediaTwin

extension ModelScript {
  /// One scripted result: published once the analyzer has consumed audio up to ``at``.
  public struct Entry: Sendable, Hashable {
    /// Whether the result may still change.
    public enum Kind: String, Sendable, Hashable {
      /// A tentative result that a later one replaces.
      case volatile
      /// A result that commits its range.
      case final
    }

    /// Volatile or final.
    public var kind: Kind
    /// The audio time that must be consumed before the result is published.
    public var at: CMTime
    /// The transcriptions, best first; an empty best text withdraws a volatile result.
    public var alternatives: [RecognizedText]
    /// The audio the result covers; by default from the end of the last final to ``at``.
    public var range: CMTimeRange?
    /// Publication delay for this entry; the script's latency when nil.
    public var delay: Duration?
    /// For a volatile result: what `finalize(through:)` makes of it; the volatile text when nil.
    public var finalizeAs: RecognizedText?
    /// For a volatile result: what `finalize(through:)` makes of it when that is several finals
    /// (one per sentence, as a scenario skeleton writes held sentences); overrides ``finalizeAs``
    /// when not empty. The pending range is shared out between them by their word counts.
    public var finalizeAsResults: [RecognizedText] = []

    /// Creates an entry.
    public init(
      kind: Kind, at: CMTime, alternatives: [RecognizedText], range: CMTimeRange? = nil, delay: Duration? = nil,
      finalizeAs: RecognizedText? = nil
    ) {
      self.kind = kind
      self.at = at
      self.alternatives = alternatives.isEmpty ? [RecognizedText(words: [])] : alternatives
      self.range = range
      self.delay = delay
      self.finalizeAs = finalizeAs
    }

    /// A volatile result.
    public static func volatile(
      _ text: RecognizedText, at: CMTime, range: CMTimeRange? = nil, delay: Duration? = nil,
      finalizeAs: RecognizedText? = nil
    ) -> Entry {
      Entry(kind: .volatile, at: at, alternatives: [text], range: range, delay: delay, finalizeAs: finalizeAs)
    }

    /// A final result.
    public static func final(
      _ text: RecognizedText, at: CMTime, range: CMTimeRange? = nil, delay: Duration? = nil
    ) -> Entry {
      Entry(kind: .final, at: at, alternatives: [text], range: range, delay: delay)
    }

    /// An empty volatile result: withdraws what is shown for its range.
    public static func withdrawal(at: CMTime, range: CMTimeRange? = nil, delay: Duration? = nil) -> Entry {
      Entry(kind: .volatile, at: at, alternatives: [RecognizedText(words: [])], range: range, delay: delay)
    }
  }
}
