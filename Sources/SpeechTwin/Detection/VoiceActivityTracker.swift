import CoreMediaTwin
import Foundation

/// The speech detector's voice-activity detection: frame energy against an adaptive noise floor,
/// with an onset check and a hangover. It cuts the timeline into contiguous speech / no-speech
/// segments and reports each segment once it is decided.
///
/// Written here rather than taken from a library: no voice-activity detector is among the packages
/// the project may use, and an energy detector is a few dozen lines.
///
/// - Frames are 20 ms. A frame's level is its mean-square energy in dBFS.
/// - The noise floor starts at the first frame's level, follows quieter frames at once and rises
///   towards louder non-speech frames slowly (2 % of the difference per frame, about 1 s).
/// - A frame is voiced when its level exceeds both `noise floor + margin` and an absolute minimum.
/// - Speech starts at the first of `onsetFrames` consecutive voiced frames; it ends at the end of
///   the last voiced frame once `hangover` has passed without one (so short pauses between words
///   stay inside one segment).
struct VoiceActivityTracker {
  /// What the sensitivity level sets.
  struct Parameters: Equatable {
    var marginDecibels: Double
    var absoluteMinimumDecibels: Double
    var hangover: CMTime
    var onsetFrames: Int

    init(_ level: SpeechDetector.SensitivityLevel) {
      switch level {
      case .low: self.init(margin: 6, minimum: -60, hangoverMilliseconds: 400, onsetFrames: 1)
      case .medium: self.init(margin: 9, minimum: -55, hangoverMilliseconds: 300, onsetFrames: 2)
      case .high: self.init(margin: 12, minimum: -50, hangoverMilliseconds: 200, onsetFrames: 3)
      }
    }

    init(margin: Double, minimum: Double, hangoverMilliseconds: Int64, onsetFrames: Int) {
      marginDecibels = margin
      absoluteMinimumDecibels = minimum
      hangover = CMTime(value: hangoverMilliseconds, timescale: 1000)
      self.onsetFrames = onsetFrames
    }
  }

  /// A decided stretch of the timeline.
  struct Segment: Equatable {
    var start: CMTime
    var end: CMTime
    var speech: Bool
  }

  static let frameSeconds = 0.02
  let parameters: Parameters

  private var sampleRate: Int32 = 0
  private var frameLength = 0
  private var frame: [Float] = []
  private var frameStart = CMTime.zero
  private var expectedNext: CMTime?
  private var noiseFloor: Double?
  private var inSpeech = false
  private var segmentStart = CMTime.zero
  private var candidateStart: CMTime?
  private var candidateFrames = 0
  private var lastVoicedEnd = CMTime.zero
  private(set) var analyzedEnd = CMTime.zero

  init(_ parameters: Parameters) { self.parameters = parameters }

  /// Analyses `samples` covering `range`; returns the segments this decided.
  mutating func analyze(_ samples: UnsafeBufferPointer<Float>, range: CMTimeRange) -> [Segment] {
    let seconds = range.duration.seconds
    guard !samples.isEmpty, seconds.isFinite, seconds > 0 else { return [] }
    let rate = Int32((Double(samples.count) / seconds).rounded())
    guard rate > 0 else { return [] }
    if rate != sampleRate {
      sampleRate = rate
      frameLength = max(1, Int((Double(rate) * Self.frameSeconds).rounded()))
      frame.removeAll(keepingCapacity: true)
      frame.reserveCapacity(frameLength)
    }
    // a gap: drop the partial frame
    if let expectedNext, expectedNext != range.start { frame.removeAll(keepingCapacity: true) }
    var decided: [Segment] = []
    for (index, sample) in samples.enumerated() {
      if frame.isEmpty { frameStart = range.start + CMTime(value: Int64(index), timescale: rate) }
      frame.append(sample)
      if frame.count == frameLength { processFrame(into: &decided) }
    }
    expectedNext = range.end
    return decided
  }

  /// Decides everything up to `time` (bounded by the audio analysed): closes the open segment there.
  mutating func finalize(through time: CMTime) -> [Segment] {
    var decided: [Segment] = []
    if !frame.isEmpty { processFrame(into: &decided) }  // the short last frame counts too
    let end = min(time, analyzedEnd)
    guard end > segmentStart else { return decided }
    if inSpeech {
      if lastVoicedEnd >= end {
        decided.append(Segment(start: segmentStart, end: end, speech: true))
      } else {
        if lastVoicedEnd > segmentStart {
          decided.append(Segment(start: segmentStart, end: lastVoicedEnd, speech: true))
        }
        decided.append(Segment(start: max(segmentStart, lastVoicedEnd), end: end, speech: false))
        inSpeech = false
      }
    } else {
      decided.append(Segment(start: segmentStart, end: end, speech: false))
    }
    segmentStart = end
    if let start = candidateStart, start < end { candidateStart = end }
    return decided
  }

  private mutating func processFrame(into decided: inout [Segment]) {
    var energy = 0.0
    for sample in frame { energy += Double(sample) * Double(sample) }
    // A frame with NaN or infinite samples (a broken source) counts as silence, so the noise floor
    // stays finite and detection carries on with the next good frame.
    let level = energy.isFinite ? 10 * log10(energy / Double(frame.count) + 1e-12) : -120
    let end = frameStart + CMTime(value: Int64(frame.count), timescale: sampleRate)
    frame.removeAll(keepingCapacity: true)
    analyzedEnd = end

    let floor = noiseFloor ?? level
    let voiced = level > max(floor + parameters.marginDecibels, parameters.absoluteMinimumDecibels)
    if voiced {
      if inSpeech {
        lastVoicedEnd = end
      } else {
        let start = candidateStart ?? frameStart
        candidateStart = start
        candidateFrames += 1
        if candidateFrames >= parameters.onsetFrames {
          if start > segmentStart { decided.append(Segment(start: segmentStart, end: start, speech: false)) }
          segmentStart = max(segmentStart, start)
          inSpeech = true
          lastVoicedEnd = end
          candidateStart = nil
          candidateFrames = 0
        }
      }
      noiseFloor = floor
    } else {
      candidateStart = nil
      candidateFrames = 0
      // Quieter frames pull the floor down at once; louder non-speech frames raise it slowly.
      noiseFloor = level < floor ? level : floor + 0.02 * (level - floor)
      if inSpeech && end - lastVoicedEnd >= parameters.hangover {
        decided.append(Segment(start: segmentStart, end: lastVoicedEnd, speech: true))
        segmentStart = lastVoicedEnd
        inSpeech = false
      }
    }
  }
}
