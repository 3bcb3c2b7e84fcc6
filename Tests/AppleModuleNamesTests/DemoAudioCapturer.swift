// The microphone half of the demo ReusableAnalyzerSession.swift mirrors: tap events handed on as
// an `AsyncStream` of (buffer, time) pairs. As in the demo, `@preconcurrency import AVFAudio` is what
// lets the tap send `AVAudioPCMBuffer` and `AVAudioTime` (not `Sendable`) into the stream; with a
// plain import the Swift 6 mode refuses it, against Apple's SDK and here.
@preconcurrency import AVFAudio
import Foundation

/// The demo's microphone: tap events as an `AsyncStream` of (buffer, time) pairs.
final class DemoAudioCapturer: @unchecked Sendable {
  // @unchecked: the engine is driven from one task; the tap reaches only the continuation.
  enum Failure: Error { case permissionDenied, builtInMicNotFound, inputNotEnabled }

  let tapEvents: AsyncStream<(AVAudioPCMBuffer, AVAudioTime)>
  private let continuation: AsyncStream<(AVAudioPCMBuffer, AVAudioTime)>.Continuation
  private let engine = AVAudioEngine()
  private let session = AVAudioSession.sharedInstance()

  init() throws {
    (tapEvents, continuation) = AsyncStream.makeStream(of: (AVAudioPCMBuffer, AVAudioTime).self)
    try session.setCategory(
      .playAndRecord, mode: .measurement, options: [.duckOthers, .defaultToSpeaker, .allowBluetoothHFP])
    try session.setActive(true, options: .notifyOthersOnDeactivation)
    guard let mic = session.availableInputs?.first(where: { $0.portType == .builtInMic }) else {
      throw Failure.builtInMicNotFound
    }
    try session.setPreferredInput(mic)
  }

  func start() async throws {
    switch AVAudioApplication.shared.recordPermission {
    case .undetermined: if !(await AVAudioApplication.requestRecordPermission()) { throw Failure.permissionDenied }
    case .denied: throw Failure.permissionDenied
    case .granted: break
    @unknown default: throw Failure.permissionDenied
    }
    engine.reset()
    let input = engine.inputNode
    let hardware = input.inputFormat(forBus: 0)
    guard !hardware.sampleRate.isZero, hardware.channelCount > 0 else { throw Failure.inputNotEnabled }
    input.removeTap(onBus: 0)
    input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) {
      (buffer: AVAudioPCMBuffer, time: AVAudioTime) in
      self.continuation.yield((buffer, time))
    }
    engine.prepare()
    try engine.start()
  }

  func pause() { engine.pause() }
  func resume() throws { try engine.start() }

  func stop() {
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    engine.reset()
    continuation.finish()
  }

  /// The tap time in seconds, from the host clock when it is valid, as the demo shows elapsed time.
  static func seconds(_ time: AVAudioTime) -> TimeInterval {
    time.isHostTimeValid ? AVAudioTime.seconds(forHostTime: time.hostTime) : Double(time.sampleTime) / time.sampleRate
  }
}
