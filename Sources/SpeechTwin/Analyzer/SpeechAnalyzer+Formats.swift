import AVFAudioTwin
import Foundation
import SimulatedDevice
import Simulation

extension SpeechAnalyzer {
  /// The best format every module takes, using installed assets: 16 kHz mono Int16 interleaved on
  /// the simulated device; nil when a module's assets must be installed first.
  public static func bestAvailableAudioFormat(compatibleWith modules: [any SpeechModule]) async -> AVAudioFormat? {
    await bestAvailableAudioFormat(compatibleWith: modules, considering: nil)
  }

  /// As ``bestAvailableAudioFormat(compatibleWith:)``; the twin's modules take one format, so the
  /// natural format does not change the answer.
  public static func bestAvailableAudioFormat(
    compatibleWith modules: [any SpeechModule], considering naturalFormat: AVAudioFormat?
  ) async -> AVAudioFormat? {
    for module in modules {
      if await module.availableCompatibleAudioFormats.isEmpty {
        diagnoseMissingModel(module)
        return nil
      }
    }
    return AnalyzerFormats.transcription
  }

  /// A nil format is easy to miss in an app (it shows as a failed first recording); say why it came.
  private static func diagnoseMissingModel(_ module: any SpeechModule) {
    guard let assets = module as? any ModuleAssets, assets.isSupportedOnDevice,
      let locale = assets.requiredAssetLocale
    else { return }
    SimulatedDevice.current.diagnose(
      "SpeechAnalyzer",
      "bestAvailableAudioFormat(compatibleWith:) returned nil: the \(locale) model is not installed yet, and on a device the answer is nil until AssetInventory has installed it; ask for the format after installing the model (AssetInventory.assetInstallationRequest(supporting:) and downloadAndInstall()), or the first recording on a new device fails"
    )
  }

  /// Replaces the modules. Added modules only see audio that arrives afterwards; removed ones'
  /// results end. Ignored after the session finished.
  public func setModules(_ newModules: [any SpeechModule]) async throws {
    guard phase != .finished else {
      device.diagnose(
        "SpeechAnalyzer",
        "setModules(_:) was called after the session finished; Apple's analyzer refuses module changes then")
      return
    }
    let kept = newModules.map { $0 as AnyObject }
    // Every removed module's results end now — transcribers and detectors, whether or not the
    // analysis had started using them (Apple: removed modules' results sequences end).
    for module in moduleList where !kept.contains(where: { $0 === module as AnyObject }) {
      (module as? any TranscriptionModule)?.finishResults(throwing: nil)
      (module as? any AudioAnalysisModule)?.finishResults(throwing: nil)
    }
    transcribers.removeAll { slot in !kept.contains { $0 === slot.module } }
    detectors.removeAll { detector in !kept.contains { $0 === detector } }
    moduleList = newModules
    if phase == .running && consumedThrough != nil { try prepareModules() }
  }

  /// Loads the models now instead of when the first audio arrives.
  /// - Throws: The error analysis would fail with (a module whose assets are not installed).
  public func prepareToAnalyze(in audioFormat: AVAudioFormat?) async throws {
    try await prepareToAnalyze(in: audioFormat, withProgressReadyHandler: nil)
  }

  /// Loads the models now; `progressReadyHandler` receives a progress that is complete at once on
  /// the simulated device.
  public func prepareToAnalyze(
    in audioFormat: AVAudioFormat?, withProgressReadyHandler progressReadyHandler: sending ((Progress) -> Void)?
  ) async throws {
    guard phase != .finished else { return }
    if transcribers.isEmpty && detectors.isEmpty { try prepareModules() }
    let progress = Progress(totalUnitCount: 1)
    progress.completedUnitCount = 1
    progressReadyHandler?(progress)
    trace(.analyzerPrepare)
  }
}
