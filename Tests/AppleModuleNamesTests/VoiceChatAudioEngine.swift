// App code in Apple's names, as an on-device voice-chat example writes its audio engine: a player
// node attached and connected to the output, a tap typed as a `@Sendable` closure installed with a
// nil format, the microphone muted through `isVoiceProcessingInputMuted`, configuration changes and
// interruptions observed with `for await` over `NotificationCenter.notifications(named:)`, the
// interruption's type, reason and options read from `userInfo` as `UInt`s, `isOtherAudioPlaying`
// checked before resuming, tap times checked with Core Media's macro names, and speech played
// back with a `.dataConsumed` completion. AppCodeSweep2Tests runs it on the simulated device.
@preconcurrency import AVFoundation
import CoreMedia

/// The voice-chat engine: the microphone in, synthesized speech out.
@MainActor
final class VoiceChatAudioEngine {
  private let engine = AVAudioEngine()
  private let player = AVAudioPlayerNode()
  private var observers: [Task<Void, Never>] = []
  /// What the app logged, in order.
  private(set) var log: [String] = []
  private(set) var heardBuffers = 0
  private(set) var heardWhileMuted = 0
  private(set) var invalidTapTimes = 0
  private(set) var playedBuffers = 0

  var isMicrophoneMuted: Bool {
    get { engine.inputNode.isVoiceProcessingInputMuted }
    set { engine.inputNode.isVoiceProcessingInputMuted = newValue }
  }

  init() { engine.attach(player) }

  func setUp() throws {
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker])
    try session.setActive(true)
    observe()
    engine.connect(player, to: engine.outputNode, format: nil)
    let tap: @Sendable (AVAudioPCMBuffer, AVAudioTime) -> Void = { [weak self] buffer, when in
      let start = CMTime(value: when.sampleTime, timescale: CMTimeScale(when.sampleRate))
      let valid = when.isSampleTimeValid && CMTIME_IS_NUMERIC(start)
      Task { @MainActor [weak self] in self?.heard(buffer, validTime: valid) }
    }
    engine.inputNode.installTap(onBus: 0, bufferSize: 4_800, format: nil, block: tap)
    engine.prepare()
  }

  func start() throws {
    guard !engine.isRunning else { return }
    try engine.start()
    log.append("started")
  }

  func stop() {
    for observer in observers { observer.cancel() }
    observers = []
    player.stop()
    engine.inputNode.removeTap(onBus: 0)
    if engine.isRunning { engine.stop() }
  }

  /// Plays one buffer of speech; counts it when the player has consumed it.
  func speak(_ samples: [Float]) throws {
    let format = engine.outputNode.inputFormat(forBus: 0)
    let frames = AVAudioFrameCount(samples.count)
    guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames) else { return }
    buffer.frameLength = frames
    let bytes = samples.withUnsafeBufferPointer { Data(buffer: $0) }
    let bytesPerFrame = Int(format.streamDescription.pointee.mBytesPerFrame)
    _ = bytes.withUnsafeBytes { raw in
      memcpy(buffer.floatChannelData![0], raw.baseAddress!, min(raw.count, Int(frames) * bytesPerFrame))
    }
    let done: @Sendable (AVAudioPlayerNodeCompletionCallbackType) -> Void = { [weak self] _ in
      Task { @MainActor [weak self] in self?.playedBuffers += 1 }
    }
    player.scheduleBuffer(buffer, completionCallbackType: .dataConsumed, completionHandler: done)
    player.play()
  }

  private func heard(_ buffer: AVAudioPCMBuffer, validTime: Bool) {
    if !validTime { invalidTapTimes += 1 }
    guard !isMicrophoneMuted else {
      heardWhileMuted += 1
      return
    }
    heardBuffers += 1
  }

  private func observe() {
    observers.append(
      Task { [weak self] in
        for await _ in NotificationCenter.default.notifications(named: .AVAudioEngineConfigurationChange) {
          self?.configurationChanged()
        }
      })
    let session = AVAudioSession.sharedInstance()
    observers.append(
      Task { [weak self] in
        for await note in NotificationCenter.default.notifications(
          named: AVAudioSession.interruptionNotification, object: session)
        {
          self?.interrupted(note.userInfo ?? [:])
        }
      })
  }

  private func configurationChanged() {
    log.append("configuration changed")
    if !engine.isRunning { try? start() }
  }

  private func interrupted(_ info: [AnyHashable: Any]) {
    guard let raw = info[AVAudioSessionInterruptionTypeKey] as? UInt,
      let type = AVAudioSession.InterruptionType(rawValue: raw)
    else { return }
    let session = AVAudioSession.sharedInstance()
    switch type {
    case .began:
      let reason = (info[AVAudioSessionInterruptionReasonKey] as? UInt).flatMap(AVAudioSession.InterruptionReason.init)
      log.append("began \(reason.map { "\($0.rawValue)" } ?? "-") other \(session.isOtherAudioPlaying)")
    case .ended:
      let options = AVAudioSession.InterruptionOptions(
        rawValue: info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
      log.append("ended resume \(options.contains(.shouldResume)) other \(session.isOtherAudioPlaying)")
      guard options.contains(.shouldResume), !session.secondaryAudioShouldBeSilencedHint else { return }
      try? session.setActive(true)
      try? start()
    @unknown default: break
    }
  }
}
