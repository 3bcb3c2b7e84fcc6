import AudioPCM

/// The project's own voice-activity detection: energy-based with hangover. Used by
/// `speech-replay audio segments` and `speech-replay scenario new`.
///
/// 1. The file is mixed to mono and cut into 20 ms frames; each frame's level is its RMS in dBFS.
/// 2. The noise floor is the 10th percentile of the frame levels; the speech threshold is
///    ``thresholdAboveFloor`` (12 dB) above it, but never below ``minimumThreshold`` (−55 dBFS), so
///    digital silence and a quiet room do not count as speech.
/// 3. Speech starts after ``onsetFrames`` (2, 40 ms) frames in a row above the threshold (a click
///    does not start a segment) and goes on until ``hangover`` (300 ms) has passed with no frame
///    above it, so short pauses between words stay inside one segment. The segment ends at the end
///    of its last loud frame, carried on over the frames right after it that stay within
///    ``releaseDrop`` (10 dB) of the threshold: a soft word ending ("man", "himself") is speech.
/// 4. Segments shorter than ``minimumSpeech`` (100 ms) are dropped.
///
/// The file is read once in 1-second pieces; memory is one level per frame (30 000 for 10 minutes).
public struct VoiceActivityDetector: Sendable {
  /// Frame length in seconds.
  public var frameDuration = 0.020
  /// dB above the noise floor a frame must reach to count as speech.
  public var thresholdAboveFloor = 12.0
  /// The lowest threshold in dBFS.
  public var minimumThreshold = -55.0
  /// Loud frames in a row that start speech.
  public var onsetFrames = 2
  /// Seconds of quiet after which speech ends.
  public var hangover = 0.300
  /// Shortest segment kept, in seconds.
  public var minimumSpeech = 0.100
  /// dB below the threshold that a segment's end still carries on over (a soft word ending).
  public var releaseDrop = 10.0

  /// A detector with the documented defaults.
  public init() {}

  /// The result: segments and what they were found with.
  public struct Detection: Sendable {
    /// The speech segments, in order.
    public var segments: [SpeechSegment]
    /// Seconds of audio in the file.
    public var duration: Double
    /// The noise floor and threshold used, in dBFS.
    public var noiseFloor: Double
    public var threshold: Double
    /// The file's warnings (a recording cut short, samples read as silence because they were NaN or infinite, …).
    public var warnings: [AudioFileWarning] = []
  }

  /// Finds the speech segments of an audio file.
  /// - Throws: ``AudioFileError`` when the file cannot be read (the message names it).
  public func segments(ofFileAt path: String) throws -> Detection {
    let file = try AudioFile(forReading: path)
    defer { file.close() }
    let rate = file.fileFormat.sampleRate
    let channels = file.fileFormat.channelCount
    let frameLength = max(1, Int((frameDuration * rate).rounded()))
    let piece = PCMBuffer(format: file.processingFormat, frameCapacity: max(frameLength, Int(rate)))
    var levels: [Double] = []
    levels.reserveCapacity(file.frameCount / frameLength + 1)
    var sum = 0.0
    var count = 0
    while true {
      let read = try file.read(into: piece)
      if read == 0 { break }
      guard let planes = piece.floatChannelData else { break }
      for frame in 0..<read {
        var sample: Float = 0
        for channel in 0..<channels { sample += planes[channel][frame] }
        let mono = Double(sample) / Double(channels)
        sum += mono * mono
        count += 1
        if count == frameLength {
          levels.append(Self.decibels(sum / Double(count)))
          sum = 0
          count = 0
        }
      }
    }
    if count > 0 { levels.append(Self.decibels(sum / Double(count))) }
    var detection = detect(
      levels: levels, frameSeconds: Double(frameLength) / rate, duration: Double(file.frameCount) / rate)
    detection.warnings = file.warnings
    return detection
  }

  /// Finds segments in per-frame levels (dBFS).
  func detect(levels: [Double], frameSeconds: Double, duration: Double) -> Detection {
    let sorted = levels.sorted()
    let floor = sorted.isEmpty ? -120 : sorted[min(sorted.count - 1, sorted.count / 10)]
    let threshold = max(minimumThreshold, floor + thresholdAboveFloor)
    let hangoverFrames = max(1, Int((hangover / frameSeconds).rounded()))
    var segments: [SpeechSegment] = []
    var run = 0
    var start: Int?
    var lastLoud = 0
    for (index, level) in levels.enumerated() {
      let loud = level >= threshold
      run = loud ? run + 1 : 0
      if let open = start {
        if loud { lastLoud = index }
        if index - lastLoud >= hangoverFrames {
          let end = release(levels, after: lastLoud, threshold: threshold, frames: hangoverFrames)
          segments.append(
            SpeechSegment(start: Double(open) * frameSeconds, end: min(duration, Double(end + 1) * frameSeconds)))
          start = nil
        }
      } else if run >= onsetFrames {
        start = index - run + 1
        lastLoud = index
      }
    }
    if let open = start {
      let end = release(levels, after: lastLoud, threshold: threshold, frames: hangoverFrames)
      segments.append(
        SpeechSegment(start: Double(open) * frameSeconds, end: min(duration, Double(end + 1) * frameSeconds)))
    }
    return Detection(
      segments: segments.filter { $0.duration >= minimumSpeech - 1e-9 }, duration: duration, noiseFloor: floor,
      threshold: threshold)
  }

  /// The last frame of a segment whose last loud frame is `last`: the quieter frames right after
  /// it that stay within ``releaseDrop`` of the threshold still belong to it (at most `frames`).
  func release(_ levels: [Double], after last: Int, threshold: Double, frames: Int) -> Int {
    var end = last
    while end + 1 < levels.count, end + 1 - last < frames, levels[end + 1] >= threshold - releaseDrop { end += 1 }
    return end
  }

  /// A level in dBFS, from −120 (silence) to +400, so a level is always a finite number.
  static func decibels(_ meanSquare: Double) -> Double {
    guard meanSquare.isFinite else { return meanSquare.isNaN ? -120 : 400 }
    return meanSquare > 1e-12 ? min(400, 10 * log10(meanSquare)) : -120
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
