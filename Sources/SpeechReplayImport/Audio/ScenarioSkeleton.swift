import Foundation
import AudioPCM

/// A scenario skeleton for a plain audio file from a user (`speech-replay scenario new`): the
/// device format from the file, one placeholder utterance per speech segment (or the given text
/// spread over the segments by their length), then start, play, stop.
public struct ScenarioSkeleton: Sendable {
  /// The audio file.
  public var audioPath: String
  /// What was said, when known.
  public var text: String?
  /// The detector that finds the segments.
  public var detector = VoiceActivityDetector()

  /// Creates a skeleton for an audio file.
  public init(audioPath: String, text: String? = nil) {
    self.audioPath = audioPath
    self.text = text
  }

  /// The sample rates a scenario's microphone accepts (`device.microphone.sampleRate`), in Hz.
  public static let microphoneRates: ClosedRange<Double> = 1_000...384_000

  /// What reading the audio file warned about (a file cut short), as `audio info` prints it.
  public func warnings() throws -> [AudioFileWarning] {
    let file = try AudioFile(forReading: audioPath)
    defer { file.close() }
    return file.warnings
  }

  /// The scenario text for a file written at `scenarioPath` (the audio path is made relative to its folder).
  /// - Throws: ``AudioFileError`` when the audio cannot be read; ``CaptureImportError`` when its
  ///   rate is one a scenario's microphone cannot have (the skeleton would not run).
  public func render(scenarioPath: String) throws -> (text: String, segments: [SpeechSegment]) {
    let file = try AudioFile(forReading: audioPath)
    let rate = file.fileFormat.sampleRate
    let channels = file.fileFormat.channelCount
    file.close()
    guard Self.microphoneRates.contains(rate) else {
      throw CaptureImportError(
        "\(audioPath): its sample rate is \(Int(rate)) Hz, but a scenario's microphone runs at 1000 to 384000 Hz; convert it first "
          + "(speech-replay audio convert \((audioPath as NSString).lastPathComponent) converted.wav --rate 48000) and write the scenario for that file")
    }
    let detection = try detector.segments(ofFileAt: audioPath)
    let segments = detection.segments
    let texts = Self.spread(text, over: segments)
    let name = ((scenarioPath as NSString).lastPathComponent as NSString).deletingPathExtension
    var lines = [
      "# Written by `speech-replay scenario new` from \((audioPath as NSString).lastPathComponent): \(segments.count) speech segment\(segments.count == 1 ? "" : "s") found",
      "# (noise floor \(Int(detection.noiseFloor.rounded())) dBFS, threshold \(Int(detection.threshold.rounded())) dBFS; Documentation/Captures.md, voice-activity detection).",
      "schema: 1",
      "name: \(ScenarioText.quoted(name))",
      "description: \(ScenarioText.quoted("A user's recording, one utterance per speech segment; edit the texts, the model's behaviour and the expectation."))",
      "audio: \(ScenarioText.quoted(Self.relative(audioPath, from: scenarioPath)))",
      "device:",
      "  microphone: { sampleRate: \(Int(rate)), channels: \(min(2, channels)) }",
      "model:",
      "  locale: en-US",
    ]
    if segments.isEmpty {
      lines.append("  results: []  # no speech found: the file is silent or very quiet")
    } else {
      lines.append("  results:")
      for (index, segment) in segments.enumerated() {
        let placeholder = texts[index].isEmpty
        let words = placeholder ? "Segment \(index + 1)." : texts[index]
        lines.append(
          "    - { at: \(ScenarioText.duration(segment.end)), final: \(ScenarioText.quoted(words)), range: [\(ScenarioText.duration(segment.start)), \(ScenarioText.duration(segment.end))] }"
            + (placeholder ? "  # placeholder: write what was said" : ""))
      }
    }
    lines += ["steps:", "  - start", "  - play: end", "  - wait: 1s", "  - stop", "expect:"]
    lines.append("  # What the model above makes the reference stack show; edit it into what the user should see.")
    let committed = segments.indices.map { texts[$0].isEmpty ? "Segment \($0 + 1)." : texts[$0] }.joined(separator: " ")
    lines.append("  final: { committed: \(ScenarioText.quoted(committed)), volatile: \"\", phase: idle }")
    return (lines.joined(separator: "\n") + "\n", segments)
  }

  /// The words of `text` spread over the segments in proportion to their lengths (empty texts without words).
  static func spread(_ text: String?, over segments: [SpeechSegment]) -> [String] {
    guard let text, !segments.isEmpty else { return segments.map { _ in "" } }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let total = segments.reduce(0) { $0 + $1.duration }
    guard total > 0 else { return [words.joined(separator: " ")] + segments.dropFirst().map { _ in "" } }
    var result: [String] = []
    var taken = 0
    var elapsed = 0.0
    for (index, segment) in segments.enumerated() {
      elapsed += segment.duration
      let upTo = index == segments.count - 1 ? words.count : min(words.count, Int((Double(words.count) * elapsed / total).rounded()))
      result.append(words[taken..<max(taken, upTo)].joined(separator: " "))
      taken = max(taken, upTo)
    }
    return result
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
