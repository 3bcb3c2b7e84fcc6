import Foundation
import SimulatedDevice
import Simulation

/// Builds custom language models from training data — the twin of Apple's `SFSpeechLanguageModel`.
///
/// Preparing a model is a timed step on the simulated device: it takes
/// `SimulatedDevice.Configuration.customLanguageModelPreparation` of virtual time, reads the
/// training data ``SFCustomLanguageModelData/export(to:)`` wrote, writes the model file the
/// configuration names, and records the step in the trace. Recognition that names the
/// configuration (``SFSpeechRecognitionRequest/customizedLanguageModel``,
/// ``DictationTranscriber/ContentHint/customizedLanguage(modelConfiguration:)``) then records
/// whether the model was used (the model script's `usesCustomLanguageModel`).
public final class SFSpeechLanguageModel: Sendable {
  private init() {}

  /// Creates a language model from custom training data; `completion` is called once, with nil or
  /// the error.
  public class func prepareCustomLanguageModel(
    for asset: URL, clientIdentifier: String, configuration: Configuration,
    completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    prepareCustomLanguageModel(
      for: asset, clientIdentifier: clientIdentifier, configuration: configuration, ignoresCache: false,
      completion: completion)
  }

  /// As ``prepareCustomLanguageModel(for:clientIdentifier:configuration:completion:)``; with
  /// `ignoresCache` the model is built again even if it was prepared before.
  public class func prepareCustomLanguageModel(
    for asset: URL, clientIdentifier: String, configuration: Configuration, ignoresCache: Bool,
    completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    Task {
      do {
        try await prepareCustomLanguageModel(
          for: asset, clientIdentifier: clientIdentifier, configuration: configuration, ignoresCache: ignoresCache)
        completion(nil)
      } catch {
        completion(error)
      }
    }
  }

  /// Creates a language model from custom training data.
  public class func prepareCustomLanguageModel(
    for asset: URL, clientIdentifier: String, configuration: Configuration
  ) async throws {
    try await prepareCustomLanguageModel(
      for: asset, clientIdentifier: clientIdentifier, configuration: configuration, ignoresCache: false)
  }

  /// Creates a language model from custom training data (the newer form without a client identifier).
  public class func prepareCustomLanguageModel(
    for asset: URL, configuration: Configuration, completion: @escaping @Sendable ((any Error)?) -> Void
  ) {
    prepareCustomLanguageModel(
      for: asset, clientIdentifier: "", configuration: configuration, ignoresCache: false, completion: completion)
  }

  /// Creates a language model from custom training data (the newer form without a client identifier).
  public class func prepareCustomLanguageModel(for asset: URL, configuration: Configuration) async throws {
    try await prepareCustomLanguageModel(
      for: asset, clientIdentifier: "", configuration: configuration, ignoresCache: false)
  }

  /// As ``prepareCustomLanguageModel(for:clientIdentifier:configuration:)``; with `ignoresCache`
  /// the model is built again even if it was prepared before.
  public class func prepareCustomLanguageModel(
    for asset: URL, clientIdentifier: String, configuration: Configuration, ignoresCache: Bool
  ) async throws {
    let device = SimulatedDevice.current
    let model = configuration.languageModel.path
    if !ignoresCache && device.isLanguageModelPrepared(at: model) && FileManager.default.fileExists(atPath: model) {
      Simulation.current?.trace.record(.languageModelPrepared, ["model": model, "duration": "0", "outcome": "cached"])
      return
    }
    let data: SFCustomLanguageModelData.Exported
    do {
      data = try SFCustomLanguageModelData.Exported.read(from: asset)
    } catch {
      Simulation.current?.trace.record(.languageModelPrepared, ["model": model, "duration": "0", "outcome": "failed"])
      throw SFSpeechError(
        .malformedSupplementalModel,
        message:
          "The training data at \(asset.lastPathComponent) cannot be read: \(error.localizedDescription); write it with SFCustomLanguageModelData.export(to:)"
      )
    }
    let duration = device.configuration.customLanguageModelPreparation
    if Simulation.current != nil { try await VirtualClock(owner: "SFSpeechLanguageModel").sleep(for: duration) }
    let summary =
      "speech-replay custom language model\nlocale \(data.locale)\nidentifier \(data.identifier)\nversion \(data.version)\nphrases \(data.phrases.count)\nterms \(data.terms.count)\n"
    try Data(summary.utf8).write(to: configuration.languageModel)
    if let vocabulary = configuration.vocabulary {
      try Data(data.terms.map { "\($0.grapheme)\t\($0.phonemes.joined(separator: " "))\n" }.joined().utf8).write(
        to: vocabulary)
    }
    device.languageModelPrepared(at: model)
    Simulation.current?.trace.record(
      .languageModelPrepared,
      [
        "model": model, "duration": "\(duration.components.seconds)", "outcome": "prepared", "client": clientIdentifier,
      ])
  }
}
