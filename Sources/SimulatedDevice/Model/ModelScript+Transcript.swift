import CoreMediaTwin

extension ModelScript {
  /// How a script is generated from a word-timed transcript.
  public struct TranscriptOptions: Sendable, Hashable {
    /// How finals are written.
    public enum FinalStyle: String, Sendable, Hashable {
      /// Exactly the words as timed.
      case asSpoken
      /// First letter capitalised and a full stop at the end, as a transcriber punctuates.
      case sentence
    }

    /// A volatile result is considered this often while someone speaks (published when it changed).
    public var volatileInterval: Duration
    /// Silence after the last word of an utterance before its final is published; also the gap
    /// that separates utterances.
    public var finalAfterSilence: Duration
    /// Publication delay of every result.
    public var latency: Duration
    /// How finals are written.
    public var finalStyle: FinalStyle
    /// Wrong first guesses: the word at this index (0-based, over the whole transcript) appears
    /// first as the given text, and is corrected by the next volatile result.
    public var rewrites: [Int: String]
    /// Confidence given to every word of a final (volatile words get 60 % of it).
    public var confidence: Double
    /// The profile whose finalize and first-result timing the script takes; nil: none (no delays).
    public var profile: ModelProfile?

    /// Creates options; the defaults give volatile results every 200 ms, finals after 800 ms of
    /// silence and no latency.
    public init(
      volatileInterval: Duration = .milliseconds(200), finalAfterSilence: Duration = .milliseconds(800),
      latency: Duration = .zero, finalStyle: FinalStyle = .sentence, rewrites: [Int: String] = [:],
      confidence: Double = 0.9
    ) {
      self.volatileInterval = volatileInterval
      self.finalAfterSilence = finalAfterSilence
      self.latency = latency
      self.finalStyle = finalStyle
      self.rewrites = rewrites
      self.confidence = confidence
    }
  }

  /// Generates a script from a word-timed transcript: volatile results that grow word by word while
  /// someone speaks (with any wrong first guesses corrected by the next one), and a final per
  /// utterance once `finalAfterSilence` of silence follows it. Utterances are split where the gap
  /// between words is at least `finalAfterSilence`. A word is heard once its audio has ended.
  ///
  /// - Parameters:
  ///   - transcript: The words with their audio spans, in order.
  ///   - options: Cadence, latency, style and rewrites.
  public init(transcript: [TimedWord], options: TranscriptOptions = TranscriptOptions()) {
    var entries: [Entry] = []
    let interval = CMTime(options.volatileInterval)
    let silence = CMTime(options.finalAfterSilence)
    var index = 0
    while index < transcript.count {
      var last = index
      while last + 1 < transcript.count && transcript[last + 1].start - transcript[last].end < silence { last += 1 }
      let utterance = Array(transcript[index...last])
      let finalText = Self.finalText(utterance, style: options.finalStyle, confidence: options.confidence)

      var shown: RecognizedText?
      var heardCount = 0
      var heard = 0
      var tick = utterance[0].start + interval
      // One tick past the last word lets a misheard last word be corrected; none reaches the final.
      let finalAt = utterance[utterance.count - 1].end + silence
      let stop = utterance[utterance.count - 1].end + interval + interval
      while tick <= stop && tick < finalAt {
        // The words whose audio ended by now: a prefix that only grows as the tick moves on.
        while heard < utterance.count && utterance[heard].end <= tick { heard += 1 }
        var words = utterance.prefix(heard).map {
          RecognizedWord($0.text, range: $0.range, confidence: options.confidence * 0.6)
        }
        if heard > heardCount, let wrong = options.rewrites[index + heard - 1] {
          words[heard - 1].text = wrong  // the newest word is misheard at first
        }
        heardCount = heard
        let text = RecognizedText(words: words)
        if heard > 0 && text != shown {
          // Finalizing now commits what has been heard so far, correctly spelled and punctuated.
          let finalizeAs =
            heard == utterance.count
            ? finalText
            : Self.finalText(Array(utterance.prefix(heard)), style: options.finalStyle, confidence: options.confidence)
          entries.append(.volatile(text, at: tick, finalizeAs: finalizeAs))
          shown = text
        }
        tick = tick + interval
      }
      entries.append(.final(finalText, at: finalAt))
      index = last + 1
    }
    self.init(entries: entries, latency: options.latency)
    if let profile = options.profile { apply(profile) }
  }

  private static func finalText(
    _ words: [TimedWord], style: TranscriptOptions.FinalStyle, confidence: Double
  ) -> RecognizedText {
    var result = words.map { RecognizedWord($0.text, range: $0.range, confidence: confidence) }
    if style == .sentence, !result.isEmpty {
      result[0].text = result[0].text.prefix(1).uppercased() + result[0].text.dropFirst()
      result[result.count - 1].text += "."
    }
    return RecognizedText(words: result)
  }
}

extension ModelScript.TranscriptOptions {
  /// Options with a profile's cadence and timing (and the defaults for the rest).
  public static func following(_ profile: ModelProfile, latency: Duration = .zero) -> Self {
    var options = Self(
      volatileInterval: profile.volatileInterval, finalAfterSilence: profile.finalAfterSilence, latency: latency)
    options.profile = profile
    return options
  }
}
