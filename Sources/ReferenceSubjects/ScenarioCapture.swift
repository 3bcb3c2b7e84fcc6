import Foundation
import LiveTranscription
import Simulation
import SpeechReplay
import SpeechReplayCapture
import SpeechShim

/// `speech-replay run --capture DIR`: the capture recorder around the reference stack, placed
/// where an app places it (the tap, the results loop, the UI state, the user's actions), so every
/// scenario run leaves a `.speechcapture` file as a device would. The recorder only observes: the
/// trace of a run does not change.
@MainActor
package final class ScenarioCapture: CaptureInProgress {
  /// The environment variable that names the folder captures go to when the runner names none.
  nonisolated static let folderVariable = sessionCaptureFolderVariable

  /// The subject option that names the folder for one run (tests set it instead of the
  /// process-wide environment variable); wins over the variable.
  nonisolated static let folderOption = "speechReplayCaptureFolder"

  /// Bug-zoo faults named in `SPEECH_REPLAY_BUG_ZOO_FAULTS` (comma-separated), switched on in the
  /// reference stack so `fixtures/captures/make-capture` can record a capture of an app with a
  /// known bug. Empty by default.
  /// - Parameter environment: The process's environment (the default) or another.
  /// - Throws: ``BugZooFaultsError`` naming every name that is not a fault: a misspelt fault would
  ///   otherwise record a capture of the correct stack, which then looks like the bug was fixed.
  ///   `speech-replay` checks it in the parent, before any worker starts (``checkEnvironment(_:)``).
  nonisolated package static func demonstrationFaults(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(BugZooFaultsError) -> Set<LiveTranscriber.Fault> {
    let names = environment[BugZooFaultsError.variable] ?? ""
    var faults: Set<LiveTranscriber.Fault> = []
    var unknown: [String] = []
    for name in names.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
      if let fault = LiveTranscriber.Fault(rawValue: name) { faults.insert(fault) } else { unknown.append(name) }
    }
    guard unknown.isEmpty else { throw BugZooFaultsError(names: unknown) }
    return faults
  }

  /// Checks the variables only the reference subjects read (`SPEECH_REPLAY_BUG_ZOO_FAULTS`): what
  /// `speech-replay` gives ``SpeechReplayCLI`` to check in the parent, before any worker starts.
  /// - Parameter environment: The environment to check.
  /// - Throws: ``BugZooFaultsError`` naming every name that is not a fault.
  nonisolated package static func checkEnvironment(_ environment: [String: String]) throws {
    _ = try demonstrationFaults(environment)
  }

  let recorder: CaptureRecorder
  let url: URL

  private init(recorder: CaptureRecorder, url: URL) {
    self.recorder = recorder
    self.url = url
  }

  /// Starts recording the reference live stack when captures were asked for (the scenario's subject
  /// option, else the runner's settings, else the environment variable); nil otherwise.
  static func attach(
    to reference: ReferenceSubject, scenario: Scenario, settings: SessionCaptureSettings?
  ) -> ScenarioCapture? {
    guard
      let folder = scenario.subject.options[folderOption] ?? settings?.folder
        ?? ProcessInfo.processInfo.environment[folderVariable],
      !folder.isEmpty
    else { return nil }
    let name = settings?.name ?? ((scenario.file as NSString).lastPathComponent as NSString).deletingPathExtension
    let url = URL(fileURLWithPath: folder).appendingPathComponent("\(name.isEmpty ? "scenario" : name).speechcapture")
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      // the previous run's
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
      let header = CaptureHeader(
        deviceModel: "simulated device", osVersion: sessionCaptureOSVersion, locale: scenario.subject.locale,
        appVersion: "LiveTranscription (reference stack)")
      let capture = ScenarioCapture(recorder: try CaptureRecorder(url: url, header: header), url: url)
      capture.adopt(reference)
      return capture
    } catch {
      CaptureProblems.record(
        "\(url.path): cannot record the capture (\(reason(error, folder: folder))); check that the capture folder (--capture, or \(folderVariable)) is a writable folder with free space"
      )
      return nil
    }
  }

  /// Why the capture could not be started, in words: Foundation's text names its error domains.
  private static func reason(_ error: any Error, folder: String) -> String {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
      return "\(folder) is a file, not a folder"
    }
    let nsError = error as NSError
    for candidate in [nsError, nsError.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
    where candidate.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(candidate.code)))
    }
    return "\(error)"
  }

  /// Records `reference` from now on: its tap, results and UI (what the UI shows before anything happens first).
  func adopt(_ reference: ReferenceSubject) {
    reference.capture = self
    wrap(reference.transcriber)
    record(reference.uiState)
  }

  private func wrap(_ transcriber: LiveTranscriber) {
    let recorder = recorder
    let engine = transcriber.engine ?? AVAudioEngine()
    transcriber.engine = engine
    engine.inputNode.wrapTaps { block in
      { buffer, time in
        // A replay runs far faster than real time: commit rather than drop when the ring is full.
        Simulation.harnessWork { recorder.recordTapCommittingWhenFull(buffer, at: time) }
        block(buffer, time)
      }
    }
    transcriber.onSpeechResult = { recorder.recordResult($0) }
    transcriber.onDictationResult = { recorder.recordResult($0) }
  }

  /// Records a UI state as the harness sees it.
  func record(_ state: UIState) {
    recorder.recordUIState(
      CaptureUIState(
        committed: state.committed, volatile: state.volatile, phase: state.phase.description,
        microphone: state.microphoneOffered ? "offered" : "hidden"))
  }

  /// Records the user's action.
  func record(_ action: CaptureAction) { recorder.recordAction(action) }

  /// Stops recording `reference` (its screen was dismissed): the closures it holds drop the recorder.
  func release(_ reference: ReferenceSubject) {
    reference.transcriber.onSpeechResult = nil
    reference.transcriber.onDictationResult = nil
  }

  /// Finishes the file.
  package func finish() {
    // The harness's I/O (a ten-minute capture folds 115 MB of WAL), not the app's main-actor work.
    do { try Simulation.harnessWork { try recorder.finish() } } catch {
      CaptureProblems.record(
        "\(url.path): the capture could not be finished (\(error)); check that the --capture folder is writable and has free space"
      )
    }
  }
}
