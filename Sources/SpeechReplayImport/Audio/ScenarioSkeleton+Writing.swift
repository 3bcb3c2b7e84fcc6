import Foundation
import SpeechReplay

extension ScenarioSkeleton {
  typealias K = ScenarioKeys

  /// The comments that say where the skeleton came from, then name, description and audio.
  func header(
    _ writer: inout ScenarioWriter, segments: [SpeechSegment], detection: VoiceActivityDetector.Detection?,
    plan: Plan, scenarioPath: String
  ) {
    let file = (audioPath as NSString).lastPathComponent
    let count = "\(segments.count) speech segment\(segments.count == 1 ? "" : "s")"
    if let detection {
      writer.comment("Written by `speech-replay scenario new` from \(file): \(count) found")
      writer.comment(
        "(noise floor \(Int(detection.noiseFloor.rounded())) dBFS, threshold \(Int(detection.threshold.rounded())) dBFS; Documentation/Captures.md, voice-activity detection)."
      )
    } else {
      writer.comment("Written by `speech-replay scenario new` from \(file): \(count) given with --segments.")
    }
    writer.comment(
      "Device: \(device.summary); model: \(profile.name) (finals only after \(DurationText.text(profile.finalAfterSilence)) of silence or on finalize; Documentation/ModelBehaviour.md)."
    )
    if stopAt != nil, plan.pending == nil {
      writer.comment(
        "Nothing is volatile at the stop (a final came in a long pause before it): this scenario cannot tell a stack that cancels from one that finalizes."
      )
    }
    let name = ((scenarioPath as NSString).lastPathComponent as NSString).deletingPathExtension
    let description =
      stopAt.map {
        "A user's recording stopped at \(ScenarioText.duration($0)): every word heard before the stop must be committed after it (stop must finalize, not cancel); edit the texts, the model's behaviour and the expectation."
      }
      ?? "A user's recording, one utterance per speech segment; edit the texts, the model's behaviour and the expectation."
    writer.value(K.schema, "1")
    writer.value(K.name, ScenarioText.quoted(name))
    writer.value(K.description, ScenarioText.quoted(description))
    writer.value(K.audio, ScenarioText.quoted(Self.relative(audioPath, from: scenarioPath)))
  }

  /// `device.microphone`: the device profile's rate and tap size (the file is resampled to it).
  func deviceSection(_ writer: inout ScenarioWriter, recording: Recording) {
    var microphone: [(ScenarioKey, String)] = [
      (K.Microphone.sampleRate, "\(Int(device.sampleRate ?? recording.rate))"),
      (K.Microphone.channels, "\(min(2, device.sampleRate == nil ? recording.channels : 1))"),
    ]
    if let tapFrames = device.tapFrames { microphone.append((K.Microphone.tapFrames, "\(tapFrames)")) }
    writer.section(K.device) { $0.value(K.Device.microphone, ScenarioWriter.flow(microphone)) }
  }

  /// `model:` with the plan's results.
  func modelSection(_ writer: inout ScenarioWriter, plan: Plan, segments: [SpeechSegment]) {
    writer.section(K.model) { model in
      model.value(K.Model.locale, "en-US")
      model.value(
        K.Model.profile, profile.name, comment: "finalize and first-result timing (Documentation/ModelBehaviour.md)")
      guard !plan.results.isEmpty else {
        model.value(
          K.Model.results, "[]",
          comment: "no speech found\(stopAt == nil ? "" : " before the stop"): the file is silent or very quiet")
        return
      }
      model.section(K.Model.results) { list in
        if let cut = plan.cutIndex {
          list.comment(
            "The stop cuts segment \(cut + 1) (\(segments[cut])); the last volatile result holds the words heard before it."
          )
        }
        for result in plan.results { list.item(Self.resultText(result), comment: Self.resultComment(result)) }
      }
    }
  }

  static func resultText(_ result: Plan.Result) -> String {
    if result.isFinal {
      return ScenarioWriter.flow([
        (K.Result.at, ScenarioText.duration(result.at)), (K.Result.final, ScenarioText.quoted(result.text)),
        (
          K.Result.range,
          ScenarioWriter.list([
            ScenarioText.duration(result.range?.start ?? 0), ScenarioText.duration(result.range?.end ?? result.at),
          ])
        ),
      ])
    }
    let finalizeAs =
      result.finalizeAs.count == 1
      ? ScenarioText.quoted(result.finalizeAs[0]) : ScenarioWriter.list(result.finalizeAs.map(ScenarioText.quoted))
    return ScenarioWriter.flow([
      (K.Result.at, ScenarioText.duration(result.at)), (K.Result.text, ScenarioText.quoted(result.text)),
      (K.Result.finalizeAs, finalizeAs),
    ])
  }

  static func resultComment(_ result: Plan.Result) -> String? {
    result.placeholder ? "placeholder: write what was said" : nil
  }

  /// Start, play (to the stop, or the whole file and a second more), stop.
  func stepsSection(_ writer: inout ScenarioWriter) {
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
  }

  /// The trap (with a stop), what was committed before the stop, and the final state.
  func expectSection(_ writer: inout ScenarioWriter, plan: Plan, timing: Timing) {
    writer.section(K.expect) { expect in
      if stopAt != nil {
        expect.value(
          K.Expect.trap,
          ScenarioWriter.flow([
            (
              K.Trap.says,
              ScenarioText.quoted(
                "the last words are lost at stop: stop() must finalize (not cancel) so every word heard before the stop is committed"
              )
            ),
            (K.Trap.checks, ScenarioWriter.list(["state", "invariant.nothing-lost-at-stop"])),
          ]))
        expect.section(K.Expect.snapshots) {
          $0.value(
            ScenarioKey.snapshotName("before-stop"),
            ScenarioWriter.flow([(K.State.committed, ScenarioText.quoted(plan.finals.joined(separator: " ")))]))
        }
      }
      expect.comment(
        "Every word heard\(stopAt == nil ? "" : " before the stop") is committed once stop has finalized; edit it into what the user should see."
      )
      expect.value(
        K.Expect.final,
        ScenarioWriter.flow([
          (K.State.committed, ScenarioText.quoted(plan.committed)), (K.State.volatile, "\"\""), (K.State.phase, "idle"),
        ]))
    }
  }
}
