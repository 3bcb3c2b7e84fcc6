import AudioPCM
import Foundation
import SpeechReplay

/// A scenario skeleton for a plain audio file from a user (`speech-replay scenario new`): the
/// device format from the file, one placeholder utterance per speech segment (or the given text
/// spread over the segments by their length), then start, play, stop.
///
/// With ``stopAt`` (a report such as "the last sentence is lost when I press stop before the
/// recording ends"), the user stops at that second of the file: segments that end before it keep
/// their finals, the segment it cuts gets volatile results up to the stop with `finalizeAs` (what
/// `finalize` makes of them), later segments are left out, and the steps play up to the stop, take
/// a snapshot and stop. A stack that stops without finalizing then fails (the volatile words are
/// lost) where a correct one passes; finals alone cannot tell the two apart.
public struct ScenarioSkeleton: Sendable {
  /// The audio file.
  public var audioPath: String
  /// What was said, when known.
  public var text: String?
  /// The second of the file at which the user taps stop; nil plays the whole file.
  public var stopAt: Double?
  /// The detector that finds the segments.
  public var detector = VoiceActivityDetector()

  /// Creates a skeleton for an audio file.
  /// - Parameters:
  ///   - audioPath: The user's recording.
  ///   - text: What was said, spread over the speech segments by their length.
  ///   - stopAt: The second of the file at which the user taps stop (`--stop-at`).
  public init(audioPath: String, text: String? = nil, stopAt: Double? = nil) {
    self.audioPath = audioPath
    self.text = text
    self.stopAt = stopAt
  }

  /// How long before the stop the last volatile result is heard, so it shows when stop is tapped:
  /// two tap callbacks of 100 ms plus the converter's few milliseconds of look-ahead.
  static let stopMargin = 0.25
  /// The spacing of the volatile results written for the segment the stop cuts.
  static let volatileSpacing = 0.5

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
  ///   rate is one a scenario's microphone cannot have (the skeleton would not run);
  ///   ``ScenarioSkeletonError`` when ``stopAt`` is not inside the recording.
  public func render(scenarioPath: String) throws -> (text: String, segments: [SpeechSegment]) {
    let file = try AudioFile(forReading: audioPath)
    let rate = file.fileFormat.sampleRate
    let channels = file.fileFormat.channelCount
    let fileSeconds = file.duration
    file.close()
    guard Self.microphoneRates.contains(rate) else {
      throw CaptureImportError(
        "\(audioPath): its sample rate is \(Int(rate)) Hz, but a scenario's microphone runs at 1000 to 384000 Hz; convert it first "
          + "(speech-replay audio convert \((audioPath as NSString).lastPathComponent) converted.wav --rate 48000) and write the scenario for that file"
      )
    }
    if let stopAt, !(stopAt > 0 && stopAt < fileSeconds) {
      throw ScenarioSkeletonError(
        "\(audioPath): --stop-at \(ScenarioText.duration(stopAt)) is not inside the recording, which lasts \(ScenarioText.duration(fileSeconds)); give a time after 0s and before its end"
      )
    }
    let detection = try detector.segments(ofFileAt: audioPath)
    let segments = detection.segments
    let texts = Self.spread(text, over: segments)
    let name = ((scenarioPath as NSString).lastPathComponent as NSString).deletingPathExtension
    typealias K = ScenarioKeys
    let description =
      stopAt == nil
      ? "A user's recording, one utterance per speech segment; edit the texts, the model's behaviour and the expectation."
      : "A user's recording stopped at \(ScenarioText.duration(stopAt!)): the words showing as volatile at the stop must be committed, not lost; edit the texts, the model's behaviour and the expectation."
    // Segments heard whole get a final at their end; with a stop, the one it cuts gets volatile results.
    let plan = Self.plan(segments: segments, texts: texts, stopAt: stopAt)
    var writer = ScenarioWriter()
    writer.comment(
      "Written by `speech-replay scenario new` from \((audioPath as NSString).lastPathComponent): \(segments.count) speech segment\(segments.count == 1 ? "" : "s") found"
    )
    writer.comment(
      "(noise floor \(Int(detection.noiseFloor.rounded())) dBFS, threshold \(Int(detection.threshold.rounded())) dBFS; Documentation/Captures.md, voice-activity detection)."
    )
    if let stopAt, plan.cut == nil {
      writer.comment(
        "The stop at \(ScenarioText.duration(stopAt)) cuts no speech segment (none is heard \(ScenarioText.duration(Self.stopMargin)) before it): this scenario cannot tell a stack that loses the last words from one that keeps them."
      )
    }
    writer.value(K.schema, "1")
    writer.value(K.name, ScenarioText.quoted(name))
    writer.value(K.description, ScenarioText.quoted(description))
    writer.value(K.audio, ScenarioText.quoted(Self.relative(audioPath, from: scenarioPath)))
    writer.section(K.device) {
      $0.value(
        K.Device.microphone,
        ScenarioWriter.flow([(K.Microphone.sampleRate, "\(Int(rate))"), (K.Microphone.channels, "\(min(2, channels))")])
      )
    }
    writer.section(K.model) { model in
      model.value(K.Model.locale, "en-US")
      if plan.finals.isEmpty && plan.cut == nil {
        model.value(
          K.Model.results, "[]",
          comment: "no speech found\(stopAt == nil ? "" : " before the stop"): the file is silent or very quiet")
      } else {
        model.section(K.Model.results) { list in
          for final in plan.finals {
            let segment = segments[final.index]
            let result = ScenarioWriter.flow([
              (K.Result.at, ScenarioText.duration(segment.end)), (K.Result.final, ScenarioText.quoted(final.text)),
              (
                K.Result.range,
                ScenarioWriter.list([ScenarioText.duration(segment.start), ScenarioText.duration(segment.end)])
              ),
            ])
            list.item(result, comment: final.placeholder ? "placeholder: write what was said" : nil)
          }
          if let cut = plan.cut {
            list.comment(
              "Segment \(cut.index + 1) (\(segments[cut.index])) is cut by the stop: volatile guesses, and what finalize makes of the last one."
            )
            for (offset, volatile) in cut.volatiles.enumerated() {
              let last = offset == cut.volatiles.count - 1
              var entries: [(ScenarioKey, String)] = [
                (K.Result.at, ScenarioText.duration(volatile.at)), (K.Result.text, ScenarioText.quoted(volatile.text)),
              ]
              if last { entries.append((K.Result.finalizeAs, ScenarioText.quoted(cut.finalized))) }
              list.item(
                ScenarioWriter.flow(entries),
                comment: cut.placeholder && last ? "placeholder: write what was said before the stop" : nil)
            }
          }
        }
      }
    }
    let committed = (plan.finals.map(\.text) + (plan.cut.map { [$0.finalized] } ?? [])).joined(separator: " ")
    writer.section(K.steps) {
      $0.item(ScenarioWriter.step(K.Step.start))
      if let stopAt {
        $0.item(ScenarioWriter.step(K.Step.play, ScenarioText.duration(stopAt)))
        $0.item(ScenarioWriter.step(K.Step.snapshot, "before-stop"))
      } else {
        $0.item(ScenarioWriter.step(K.Step.play, "end"))
        $0.item(ScenarioWriter.step(K.Step.wait, "1s"))
      }
      $0.item(ScenarioWriter.step(K.Step.stop))
    }
    writer.section(K.expect) { expect in
      if stopAt != nil {
        expect.value(
          K.Expect.trap,
          ScenarioText.quoted(
            "the last words are lost at stop: stop() must finalize so the volatile words showing at the stop are committed"
          ))
        expect.section(K.Expect.snapshots) {
          let committedBefore = plan.finals.map(\.text).joined(separator: " ")
          $0.value(
            ScenarioKey.snapshotName("before-stop"),
            ScenarioWriter.flow([
              (K.State.committed, ScenarioText.quoted(committedBefore)),
              (K.State.volatile, ScenarioText.quoted(plan.cut?.volatiles.last?.text ?? "")),
            ]))
        }
      }
      expect.comment("What the model above makes the reference stack show; edit it into what the user should see.")
      expect.value(
        K.Expect.final,
        ScenarioWriter.flow([
          (K.State.committed, ScenarioText.quoted(committed)), (K.State.volatile, "\"\""), (K.State.phase, "idle"),
        ]))
    }
    return (writer.text, segments)
  }

  /// What the model says: a final per segment heard whole, and for the segment a stop cuts, volatile
  /// results up to ``stopMargin`` before the stop (every ``volatileSpacing``, the words in proportion
  /// to the time heard) and the text `finalize` makes of the last one.
  struct Plan: Equatable {
    struct Final: Equatable {
      var index: Int
      var text: String
      var placeholder: Bool
    }
    struct Cut: Equatable {
      var index: Int
      var volatiles: [(at: Double, text: String)]
      var finalized: String
      var placeholder: Bool
      static func == (a: Cut, b: Cut) -> Bool {
        a.index == b.index && a.finalized == b.finalized && a.placeholder == b.placeholder
          && a.volatiles.map(\.at) == b.volatiles.map(\.at) && a.volatiles.map(\.text) == b.volatiles.map(\.text)
      }
    }
    var finals: [Final] = []
    var cut: Cut?
  }

  /// The results for `segments` (with their spread `texts`) when the user stops at `stopAt` (nil: never).
  static func plan(segments: [SpeechSegment], texts: [String], stopAt: Double?) -> Plan {
    var plan = Plan()
    for (index, segment) in segments.enumerated() {
      let placeholder = texts[index].isEmpty
      guard let stopAt, segment.end > stopAt - stopMargin else {
        plan.finals.append(
          .init(index: index, text: placeholder ? "Segment \(index + 1)." : texts[index], placeholder: placeholder))
        continue
      }
      // The first segment still being spoken at the stop; it and everything after are not finished.
      let lastHeard = stopAt - stopMargin
      guard lastHeard > segment.start + 0.05 else { break }  // the stop comes too early in it to show a word
      let count = max(1, Int(((lastHeard - segment.start) / volatileSpacing).rounded(.up)))
      let words = placeholder ? [] : texts[index].split(whereSeparator: \.isWhitespace).map(String.init)
      var volatiles: [(at: Double, text: String)] = []
      for step in 1...count {
        let at = segment.start + (lastHeard - segment.start) * Double(step) / Double(count)
        let text: String
        if placeholder {
          text = "segment \(index + 1) until the stop"
        } else {
          let heard = min(
            words.count, max(1, Int((Double(words.count) * (at - segment.start) / segment.duration).rounded())))
          text = words.prefix(heard).map(Self.volatileWord).joined(separator: " ")
        }
        if volatiles.last?.text != text { volatiles.append((at, text)) } else { volatiles[volatiles.count - 1].at = at }
      }
      let finalized =
        placeholder
        ? "Segment \(index + 1) until the stop."
        : words.prefix(volatiles.last!.text.split(separator: " ").count).joined(separator: " ")
      plan.cut = .init(index: index, volatiles: volatiles, finalized: finalized, placeholder: placeholder)
      break
    }
    return plan
  }

  /// A word as a volatile guess shows it: without the sentence punctuation a final adds.
  static func volatileWord(_ word: String) -> String {
    var word = Substring(word)
    while let last = word.last, ".,;:!?".contains(last) { word = word.dropLast() }
    return word.isEmpty ? "…" : String(word)
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
      let upTo =
        index == segments.count - 1
        ? words.count : min(words.count, Int((Double(words.count) * elapsed / total).rounded()))
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
