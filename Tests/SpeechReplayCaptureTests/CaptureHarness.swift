import AVFAudioTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayCapture
import SpeechReplayTestSupport
import Synchronization

@testable import LiveTranscription

/// Devices from the fixtures, temporary capture files, and the test's adapter that adds a
/// recorder around the reference stack without changing it.
enum CaptureHarness {
  static let fixtures = TestFiles.audio

  static let header = CaptureHeader(
    deviceModel: "iPhone17,1", osVersion: "iOS 26.1 (simulated)", locale: "en-US", appVersion: "1.0 (1)")

  /// A device whose microphone plays `fixture` and whose model is scripted from its words.
  static func device(
    _ fixture: String, microphone: SimulatedDevice.MicrophoneConfiguration? = nil
  ) throws -> SimulatedDevice {
    let table = try String(contentsOf: fixtures.appendingPathComponent("\(fixture).words.tsv"), encoding: .utf8)
    let script = ModelScript(transcript: try TimedWord.parseTable(table, source: "\(fixture).words.tsv"))
    var configuration = SimulatedDevice.Configuration(
      microphone: .init(audioFile: fixtures.appendingPathComponent("\(fixture).wav").path))
    if let microphone { configuration.microphone = microphone }
    return SimulatedDevice(configuration: configuration, model: ScriptedModelBackend(script: script))
  }

  /// A new capture path in a fresh temporary folder.
  static func newCaptureURL(_ name: String = "test") throws -> URL {
    try TemporaryFolder(prefix: "SpeechReplayCaptureTests").url.appendingPathComponent("\(name).speechcapture")
  }

  /// The bytes of a buffer, plane after plane, as the tap received them.
  static func bytes(of buffer: AVAudioPCMBuffer) -> Data {
    var data = Data()
    let planes = buffer.format.isInterleaved ? 1 : Int(buffer.format.channelCount)
    let planeBytes = Int(buffer.frameLength) * buffer.stride * 4
    guard let channels = buffer.floatChannelData else { return data }
    for plane in 0..<planes { data.append(Data(bytes: channels[plane], count: planeBytes)) }
    return data
  }
}

/// What the app's tap received, copied as it arrived.
final class TapLog: Sendable {
  struct Entry: Sendable, Equatable {
    var data: Data
    var frames: Int
    var sampleTime: Int64
    var hostTime: UInt64
    var format: CaptureFormat
  }
  let entries = Mutex<[Entry]>([])

  func append(_ buffer: AVAudioPCMBuffer, _ time: AVAudioTime) {
    let entry = Entry(
      data: CaptureHarness.bytes(of: buffer), frames: Int(buffer.frameLength), sampleTime: time.sampleTime,
      hostTime: time.hostTime,
      format: CaptureFormat(buffer.format))
    entries.withLock { $0.append(entry) }
  }
}

extension CaptureUIState {
  /// The reference stack's UI state as an app would report it.
  init(_ state: TranscriptionUIState) {
    self.init(
      committed: state.committedText, volatile: state.volatileText, phase: state.phase.description,
      microphone: state.isMicrophoneOffered ? "offered" : "hidden")
  }
}

/// The test's adapter: the reference stack as an app embeds it, with the recorder's calls where an
/// app would put them — around the stack's own tap, on its UI changes, the user's actions and the
/// audio notifications. With no recorder it does the same things minus the recording, so the two
/// runs can be compared.
@MainActor final class RecordingApp {
  let transcriber: LiveTranscriber
  let recorder: CaptureRecorder?
  let taps = TapLog()
  private(set) var states: [TranscriptionUIState] = []
  private var observers: [any NSObjectProtocol] = []

  init(recorder: CaptureRecorder?) {
    self.recorder = recorder
    transcriber = LiveTranscriber(
      locale: Locale(identifier: "en-US"),
      configuration: LiveTranscriber.Configuration(clock: Simulation.current!.clock))
    let engine = AVAudioEngine()
    transcriber.engine = engine  // the app's engine, so the adapter can wrap the tap the stack installs
    let taps = self.taps
    engine.inputNode.wrapTaps { block in
      { buffer, time in
        taps.append(buffer, time)
        recorder?.recordTap(buffer, at: time)
        block(buffer, time)
      }
    }
    transcriber.onStateChange = { [weak self] state in
      self?.states.append(state)
      recorder?.recordUIState(CaptureUIState(state))
    }
    let center = NotificationCenter.default
    observers = [
      center.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) { notification in
        let format = (notification.object as? AVAudioEngine)?.inputNode.outputFormat(forBus: 0)
        recorder?.recordConfigurationChange(hardwareFormat: format)
      },
      center.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { notification in
        let reason = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
        recorder?.recordRouteChange(reason: reason.map { "reason \($0)" } ?? "unknown")
      },
      center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { notification in
        let type = notification.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
        let options = AVAudioSession.InterruptionOptions(
          rawValue: notification.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        recorder?.recordInterruption(
          began: type == AVAudioSession.InterruptionType.began.rawValue, shouldResume: options.contains(.shouldResume))
      },
    ]
  }

  func start() async {
    recorder?.recordPermission(AVAudioApplication.shared.recordPermission)
    recorder?.recordAction(.start)
    await transcriber.start()
  }

  func stop() async {
    recorder?.recordAction(.stop)
    await transcriber.stop()
  }

  func removeObservers() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
  }
}
