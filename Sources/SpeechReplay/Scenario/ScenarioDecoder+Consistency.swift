import Foundation
import SimulatedDevice

/// Checks across keys that each read fine alone: locales the device knows, results within the
/// audio, plays within the file. What cannot work is an error; what may be meant is a warning.
extension ScenarioDecoder {
  /// Every locale identifier Foundation knows, with `-` separators (`en-US`, `ko-KR`).
  private static let knownLocales: Set<String> = Set(Locale.availableIdentifiers.map(AssetCatalogue.canonical))

  /// A locale: a BCP-47 identifier Foundation knows (`en-US`; `en_US` is read as `en-US`).
  func locale(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let text = try node.nonEmptyString()
    let canonical = Self.withoutExtensions(AssetCatalogue.canonical(text))
    guard Self.knownLocales.contains(canonical) else {
      let suggestions = Array(Self.knownLocales).sorted()
      throw node.error(
        "'\(text)' is not a locale; write a BCP-47 identifier such as en-US, de-DE or ja-JP\(ScenarioNode.suggestion(canonical, suggestions))"
      )
    }
    return text
  }

  /// A BCP-47 identifier without its extensions: `en-US-u-rg-eszzzz` (English, region set to
  /// Spain in Settings) is `en-US` with a preference, a locale `supportedLocale(equivalentTo:)` maps.
  static func withoutExtensions(_ identifier: String) -> String {
    let parts = identifier.split(separator: "-")
    guard let singleton = parts.firstIndex(where: { $0.count == 1 }), singleton > 0 else { return identifier }
    return parts[..<singleton].joined(separator: "-")
  }

  /// A list of locales.
  func locales(_ node: ScenarioNode) throws(ScenarioError) -> [String] {
    var result: [String] = []
    for item in try node.list() { result.append(try locale(item)) }
    return result
  }

  /// An installed or reserved locale must be one the device supports.
  func checkSupported(_ node: ScenarioNode, _ supported: [String], role: String) throws(ScenarioError) {
    let known = Set(supported.map(AssetCatalogue.canonical))
    for item in try node.list() where !known.contains(AssetCatalogue.canonical(try item.string())) {
      throw item.error(
        "the locale '\(try item.string())' is \(role) but not among the supported locales (\(supported.joined(separator: ", "))); "
          + "add it to device.locales.supported")
    }
  }

  /// A warning when no locale the device supports is equivalent to the one the subject transcribes
  /// (the stack then reports it unavailable, which some scenarios test on purpose).
  ///
  /// Equivalent as `supportedLocale(equivalentTo:)` finds it: the same language, whatever the region
  /// or extensions (en-GB on an en-US device, `en-US-u-rg-eszzzz`). A stack that asks that function
  /// finds a model for such a locale, so the lint says nothing; one that compares identifiers
  /// exactly does not, and that is the stack's bug for the run to show, not the scenario's.
  func localeWarnings(
    _ top: ScenarioMapping, device: SimulatedDevice.Configuration, subject: SubjectOptions
  ) throws(ScenarioError) -> [ScenarioFailure] {
    let supported = device.assets.supportedLocales
    let wanted = Self.withoutExtensions(AssetCatalogue.canonical(subject.locale))
    let language = Self.language(of: wanted)
    guard !supported.map({ Self.language(of: AssetCatalogue.canonical($0)) }).contains(language) else { return [] }
    var node = try top[ScenarioKeys.subject]?.mapping(keys: ScenarioKeys.Subject.all)[ScenarioKeys.Subject.locale]
    if node == nil { node = try top[ScenarioKeys.model]?.mapping(keys: Self.modelKeys)[ScenarioKeys.Model.locale] }
    return [
      ScenarioFailure(
        "the subject transcribes '\(subject.locale)', and the device supports no locale of its language (\(supported.joined(separator: ", "))), so even supportedLocale(equivalentTo:) will find no model; "
          + "if that is not the point of the scenario, add it to device.locales.supported",
        check: CheckID(.scenario, "locale"), at: node?.location ?? SourceLocation(file: file, line: 1, column: 1))
    ]
  }

  /// The language subtag of a canonical identifier (`en` of `en-GB`).
  private static func language(of identifier: String) -> String {
    identifier.split(separator: "-").first.map(String.init) ?? identifier
  }

  /// Warnings for `play: 2s` steps that go past the end of the audio file (the rest is silence).
  func playsPastEnd(_ steps: [Scenario.Step], audioDuration: Double) -> [ScenarioFailure] {
    var tape = 0.0
    var warnings: [ScenarioFailure] = []
    walkPlays(steps, audio: audioDuration, tape: &tape, warnings: &warnings)
    return warnings
  }

  private func walkPlays(_ steps: [Scenario.Step], audio: Double, tape: inout Double, warnings: inout [ScenarioFailure])
  {
    for step in steps {
      switch step.action {
      case .play(.duration(let duration)):
        let seconds = DurationText.seconds(duration)
        if tape + seconds > audio + 0.0005, !warnings.contains(where: { $0.location == step.location }) {
          let left = max(0, audio - tape)
          warnings.append(
            ScenarioFailure(
              "this step plays \(DurationText.text(duration)) but only \(StepMeasure.text(left)) of the \(StepMeasure.text(audio)) audio file is left, so the microphone hears silence after it; "
                + "write play: end to play the rest, or a shorter duration",
              check: CheckID(.scenario, "plays-past-end"), at: step.location))
        }
        tape += seconds
      case .play(.toEnd):
        tape = max(tape, audio)
      case .cycle(let count, let inner):
        // The first pass is where a play first runs out; later passes repeat the same warning.
        let before = tape
        walkPlays(inner, audio: audio, tape: &tape, warnings: &warnings)
        if count > 1 { tape += (tape - before) * Double(count - 1) }
      default:
        break
      }
    }
  }

  /// `model.results`: an error for results out of time order, a warning for results after the audio ends.
  func resultWarnings(
    _ modelNode: ScenarioNode?, audioDuration: Double, hasAudio: Bool
  ) throws(ScenarioError) -> [ScenarioFailure] {
    guard let modelNode, case .mapping = modelNode.node,
      let results = try modelNode.mapping(keys: Self.modelKeys)[ScenarioKeys.Model.results]
    else { return [] }
    var warnings: [ScenarioFailure] = []
    var previous: (at: Duration, line: Int)?
    for item in try results.list() {
      guard let atNode = try item.mapping(keys: ScenarioKeys.Result.all)[ScenarioKeys.Result.at] else { continue }
      let at = try atNode.duration()
      if let previous, at < previous.at {
        throw atNode.error(
          "this result is at \(DurationText.text(at)), before the one at \(DurationText.text(previous.at)) on line \(previous.line); list results in time order"
        )
      }
      previous = (at, atNode.location.line)
      if hasAudio, DurationText.seconds(at) > audioDuration + 0.0005 {
        warnings.append(
          ScenarioFailure(
            "this result is at \(DurationText.text(at)), after the end of the \(StepMeasure.text(audioDuration)) audio file, so the model never hears that far; move it within the audio",
            check: CheckID(.scenario, "result-past-end"), at: atNode.location))
      }
    }
    return warnings
  }
}
