import AudioPCM
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplay

/// A scenario skeleton for a plain audio file from a user (`speech-replay scenario new`): a
/// device's microphone (48 kHz iPhone by default, the file resampled to it), one utterance per
/// speech segment (the given sentences kept whole, one line per segment, or a placeholder), then
/// start, play, stop.
///
/// The skeleton's model holds finals the way Apple's does (``ModelProfile/speechTranscriber2026``):
/// a final only after a long pause, everything else volatile until `finalize`. With ``stopAt`` (a
/// report such as "when I press stop right after the last word, the last word never shows up"),
/// the user stops at that second of the file, and every word heard before it is expected
/// committed after the stop: a stack that cancels instead of finalizing, or stops without
/// finalizing, loses words and fails, where a correct one passes, at any stop time.
public struct ScenarioSkeleton: Sendable {
  /// The audio file.
  public var audioPath: String
  /// What was said, when known: its sentences are kept whole and mapped to the segments.
  public var text: String?
  /// What was said, one line per segment (`--text-file`); overrides ``text``.
  public var lines: [String]?
  /// The speech segments (`--segments`); nil finds them with ``detector``.
  public var segments: [SpeechSegment]?
  /// The second of the file at which the user taps stop; nil plays the whole file.
  public var stopAt: Double?
  /// The device the recording is replayed on.
  public var device = SkeletonDevice.iphone
  /// How the skeleton's model behaves.
  public var profile = ModelProfile.speechTranscriber2026
  /// The detector that finds the segments.
  public var detector = VoiceActivityDetector()

  /// Creates a skeleton for an audio file.
  /// - Parameters:
  ///   - audioPath: The user's recording.
  ///   - text: What was said; its sentences are mapped whole to the speech segments.
  ///   - stopAt: The second of the file at which the user taps stop (`--stop-at`).
  public init(audioPath: String, text: String? = nil, stopAt: Double? = nil) {
    self.audioPath = audioPath
    self.text = text
    self.stopAt = stopAt
  }

  /// How long before the stop a final must be due to surely show when stop is tapped: the
  /// converter's few milliseconds of look-ahead and a tap callback.
  static let stopMargin = 0.25

  /// The spacing of the volatile results the skeleton writes: coarser than a model's cadence, so
  /// the file stays short enough to edit by hand.
  static let volatileSpacing = 0.5

  /// The sample rates a scenario's microphone accepts (`device.microphone.sampleRate`), in Hz.
  public static let microphoneRates: ClosedRange<Double> = 1_000...384_000

  /// What reading the audio file warned about (a file cut short), as `audio info` prints it.
  public func warnings() throws -> [AudioFileWarning] {
    let file = try AudioFile(forReading: audioPath)
    defer { file.close() }
    return file.warnings
  }

  /// The audio file's figures a skeleton needs.
  struct Recording {
    var rate: Double
    var channels: Int
    var seconds: Double
  }

  /// The scenario text for a file written at `scenarioPath` (the audio path is made relative to its folder).
  /// - Throws: ``AudioFileError`` when the audio cannot be read; ``CaptureImportError`` when its
  ///   rate is one a scenario's microphone cannot have (the skeleton would not run);
  ///   ``ScenarioSkeletonError`` when ``stopAt`` is not inside the recording, or the segments or
  ///   lines do not fit it.
  public func render(scenarioPath: String) throws -> (text: String, segments: [SpeechSegment]) {
    let recording = try read()
    var detection: VoiceActivityDetector.Detection?
    var found = segments ?? []
    if segments == nil {
      detection = try detector.segments(ofFileAt: audioPath)
      found = detection!.segments
    }
    try checkSegments(found, recording: recording)
    let (mapped, texts) = try SegmentTexts.map(text: text, lines: lines, onto: found, audioPath: audioPath)
    let timing = self.timing(recording)
    let plan = Self.plan(segments: mapped, texts: texts, timing: timing)
    var writer = ScenarioWriter()
    header(&writer, segments: mapped, detection: detection, plan: plan, scenarioPath: scenarioPath)
    deviceSection(&writer, recording: recording)
    modelSection(&writer, plan: plan, segments: mapped)
    stepsSection(&writer)
    expectSection(&writer, plan: plan, timing: timing)
    return (writer.text, mapped)
  }

  /// Reads the file's format and length, refusing what a scenario cannot replay.
  func read() throws -> Recording {
    let file = try AudioFile(forReading: audioPath)
    let recording = Recording(
      rate: file.fileFormat.sampleRate, channels: file.fileFormat.channelCount, seconds: file.duration)
    file.close()
    guard Self.microphoneRates.contains(recording.rate) else {
      throw CaptureImportError(
        "\(audioPath): its sample rate is \(Int(recording.rate)) Hz, but a scenario's microphone runs at 1000 to 384000 Hz; convert it first "
          + "(speech-replay audio convert \((audioPath as NSString).lastPathComponent) converted.wav --rate 48000) and write the scenario for that file"
      )
    }
    if let stopAt, !(stopAt > 0 && stopAt < recording.seconds) {
      throw ScenarioSkeletonError(
        "\(audioPath): --stop-at \(ScenarioText.duration(stopAt)) is not inside the recording, which lasts \(ScenarioText.duration(recording.seconds)); give a time after 0s and before its end"
      )
    }
    return recording
  }

  /// Segments given by the user must lie inside the recording.
  func checkSegments(_ segments: [SpeechSegment], recording: Recording) throws {
    for (index, segment) in segments.enumerated() where segment.end > recording.seconds + 0.001 {
      throw ScenarioSkeletonError(
        "\(audioPath): segment \(index + 1) (\(segment)) ends after the recording, which lasts \(ScenarioText.duration(recording.seconds)); give segments inside it"
      )
    }
  }

  /// The audio the analyzer has by the stop, and the finals that surely show by then. The tap
  /// callbacks come every tap period from the start; the one due at the stop itself comes after
  /// the microphone stopped hearing, so the last audio delivered ends at the last tap boundary
  /// before the stop (the stack drains its converter at stop, so all of it reaches the analyzer).
  func timing(_ recording: Recording) -> Timing {
    let period = device.tapPeriod(fileRate: recording.rate)
    let heardEnd: Double
    if let stopAt {
      heardEnd = ((stopAt / period - 1e-6).rounded(.up) - 1) * period - 0.005
    } else {
      heardEnd = recording.seconds
    }
    let finalsBy = (stopAt ?? recording.seconds) - Self.stopMargin - profile.finalizeDelay.seconds
    return Timing(
      heardEnd: heardEnd, finalsBy: finalsBy, finalAfterSilence: profile.finalAfterSilence.seconds,
      volatileSpacing: Self.volatileSpacing)
  }

  /// A word as a volatile guess shows it: without the sentence punctuation a final adds.
  static func volatileWord(_ word: String) -> String {
    var word = Substring(word)
    while let last = word.last, ".,;:!?".contains(last) { word = word.dropLast() }
    return word.isEmpty ? "…" : String(word)
  }

  /// `path` relative to the folder of `file` when both are under one folder; else absolute.
  static func relative(_ path: String, from file: String) -> String {
    let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
    let base = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().pathComponents
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    guard common > 1 else { return URL(fileURLWithPath: path).standardizedFileURL.path }
    return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
  }
}
