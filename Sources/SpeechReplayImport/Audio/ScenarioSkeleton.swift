import Foundation
import AudioPCM
import SpeechReplay

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

  /// The scenario text for a file written at `scenarioPath` (the audio path is made relative to its folder).
  /// - Throws: ``AudioFileError`` when the audio cannot be read.
  public func render(scenarioPath: String) throws -> (text: String, segments: [SpeechSegment]) {
    let file = try AudioFile(forReading: audioPath)
    let rate = file.fileFormat.sampleRate
    let channels = file.fileFormat.channelCount
    file.close()
    let detection = try detector.segments(ofFileAt: audioPath)
    let segments = detection.segments
    let texts = Self.spread(text, over: segments)
    let name = ((scenarioPath as NSString).lastPathComponent as NSString).deletingPathExtension
    typealias K = ScenarioKeys
    var writer = ScenarioWriter()
    writer.comment(
      "Written by `speech-replay scenario new` from \((audioPath as NSString).lastPathComponent): \(segments.count) speech segment\(segments.count == 1 ? "" : "s") found")
    writer.comment(
      "(noise floor \(Int(detection.noiseFloor.rounded())) dBFS, threshold \(Int(detection.threshold.rounded())) dBFS; Documentation/Captures.md, voice-activity detection).")
    writer.value(K.schema, "1")
    writer.value(K.name, ScenarioText.quoted(name))
    writer.value(K.description, ScenarioText.quoted("A user's recording, one utterance per speech segment; edit the texts, the model's behaviour and the expectation."))
    writer.value(K.audio, ScenarioText.quoted(Self.relative(audioPath, from: scenarioPath)))
    writer.section(K.device) {
      $0.value(K.Device.microphone, ScenarioWriter.flow([(K.Microphone.sampleRate, "\(Int(rate))"), (K.Microphone.channels, "\(min(2, channels))")]))
    }
    writer.section(K.model) { model in
      model.value(K.Model.locale, "en-US")
      if segments.isEmpty {
        model.value(K.Model.results, "[]", comment: "no speech found: the file is silent or very quiet")
      } else {
        model.section(K.Model.results) { list in
          for (index, segment) in segments.enumerated() {
            let placeholder = texts[index].isEmpty
            let words = placeholder ? "Segment \(index + 1)." : texts[index]
            let result = ScenarioWriter.flow([
              (K.Result.at, ScenarioText.duration(segment.end)), (K.Result.final, ScenarioText.quoted(words)),
              (K.Result.range, ScenarioWriter.list([ScenarioText.duration(segment.start), ScenarioText.duration(segment.end)])),
            ])
            list.item(result, comment: placeholder ? "placeholder: write what was said" : nil)
          }
        }
      }
    }
    writer.section(K.steps) {
      $0.item(ScenarioWriter.step(K.Step.start))
      $0.item(ScenarioWriter.step(K.Step.play, "end"))
      $0.item(ScenarioWriter.step(K.Step.wait, "1s"))
      $0.item(ScenarioWriter.step(K.Step.stop))
    }
    writer.section(K.expect) {
      $0.comment("What the model above makes the reference stack show; edit it into what the user should see.")
      let committed = segments.indices.map { texts[$0].isEmpty ? "Segment \($0 + 1)." : texts[$0] }.joined(separator: " ")
      $0.value(
        K.Expect.final, ScenarioWriter.flow([(K.State.committed, ScenarioText.quoted(committed)), (K.State.volatile, "\"\""), (K.State.phase, "idle")]))
    }
    return (writer.text, segments)
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
