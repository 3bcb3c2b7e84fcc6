import CoreMediaTwin

extension ModelScript {
  /// What ``init(transcript:options:)`` would generate from a transcript, bounded from above and
  /// found without generating it, so a scenario loader can refuse a transcript that would be slow.
  ///
  /// Each volatile result repeats its utterance's words heard so far, so one long utterance (no
  /// pause of `finalAfterSilence`) generates words quadratic in its length: 2,000 words without
  /// a pause are about four million words of results.
  public struct TranscriptSize: Sendable, Hashable {
    /// At most this many words over every generated result (volatile text, its `finalizeAs`, finals).
    public var words: Int
    /// At most this many volatile ticks are considered (one per `volatileInterval` while someone speaks).
    public var ticks: Int
    /// The word indexes of the utterance that generates the most words.
    public var largestUtterance: Range<Int>

    /// The bound for `transcript` generated with `options`, in one pass over the words.
    public init(transcript: [TimedWord], options: TranscriptOptions) {
      words = 0
      ticks = 0
      largestUtterance = 0..<0
      let interval = max(CMTime(options.volatileInterval).seconds, 1e-12)
      let silence = CMTime(options.finalAfterSilence)
      var largest = -1
      var index = 0
      while index < transcript.count {
        var last = index
        while last + 1 < transcript.count && transcript[last + 1].start - transcript[last].end < silence { last += 1 }
        let count = last - index + 1
        let rewrites = options.rewrites.keys.filter { (index...last).contains($0) }.count
        // Every heard prefix once as volatile text and once as what finalizing it gives, each
        // rewrite one prefix more, and the final.
        let utteranceWords = Self.saturating(Double(count) * Double(count + 1) + Double(count + 2 * rewrites * count))
        let spoken =
          (transcript[last].end + CMTime(options.volatileInterval) + CMTime(options.volatileInterval)).seconds
          - transcript[index].start.seconds
        ticks = Self.saturating(Double(ticks) + max(0, spoken / interval))
        words = Self.saturating(Double(words) + Double(utteranceWords))
        if utteranceWords > largest {
          largest = utteranceWords
          largestUtterance = index..<(last + 1)
        }
        index = last + 1
      }
    }

    private static func saturating(_ value: Double) -> Int {
      value.isFinite && value < Double(Int.max / 2) ? Int(value) : Int.max / 2
    }
  }
}
