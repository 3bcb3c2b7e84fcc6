// Written the way an app team writes its transcriber's audio setup, with only `import SpeechShim`
// (as the app would `import Speech` and `import AVFoundation`). That this file compiles is the
// test: Foundation's types, the session's Bluetooth option and routes, the settings keys and
// Core Media's sample-buffer functions all resolve through SpeechShim.
import SpeechShim

/// An app's audio front end: configures the session, picks the input, describes the analyzer's
/// format as settings, and reads PCM out of sample buffers.
final class AppAudioSetup: @unchecked Sendable {
  // @unchecked: the app uses it from one thread (the simulation's); route changes arrive there too.
  /// How long the app waits for the first words (Foundation's TimeInterval through SpeechShim).
  let firstWordsTimeout: TimeInterval = 2.5
  private(set) var routeLog: [String] = []
  private var observer: (any NSObjectProtocol)?

  /// Configures the session for recording with Bluetooth headsets allowed, prefers the built-in
  /// microphone's front data source, and logs route changes with their previous route.
  func configureSession() throws -> AVAudioSessionRouteDescription {
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(
      .playAndRecord, mode: .measurement, options: [.duckOthers, .allowBluetoothHFP, .defaultToSpeaker])
    try session.setPreferredSampleRate(48_000)
    try session.setPreferredIOBufferDuration(0.02)
    try session.setActive(true, options: .notifyOthersOnDeactivation)
    if let builtIn = session.availableInputs?.first(where: { $0.portType == .builtInMic }) {
      if let front = builtIn.dataSources?.first(where: { $0.orientation == .front }) {
        if front.supportedPolarPatterns?.contains(.cardioid) == true { try front.setPreferredPolarPattern(.cardioid) }
        try builtIn.setPreferredDataSource(front)
      }
      try session.setPreferredInput(builtIn)
    }
    observer = NotificationCenter.default.addObserver(
      forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil
    ) { [weak self] note in
      guard let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
        let reason = AVAudioSession.RouteChangeReason(rawValue: raw)
      else { return }
      let previous = note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
      let from = previous?.inputs.first?.portType.rawValue ?? "?"
      let to = AVAudioSession.sharedInstance().currentRoute.inputs.first?.portType.rawValue ?? "?"
      self?.routeLog.append("\(reason.rawValue) \(from)->\(to)")
    }
    return session.currentRoute
  }

  /// The analyzer's format as an app's settings dictionary, and back.
  func analyzerFormat() -> AVAudioFormat? {
    let settings: [String: Any] = [
      AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 16_000, AVNumberOfChannelsKey: 1,
      AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
      AVLinearPCMIsNonInterleaved: false,
    ]
    return AVAudioFormat(settings: settings)
  }

  /// Copies the PCM of a sample buffer (from AVCaptureAudioDataOutput or AVAssetReader) into an
  /// AVAudioPCMBuffer, the way apps feed an AnalyzerInput from capture output.
  func pcmBuffer(from sampleBuffer: CMSampleBuffer) -> AVAudioPCMBuffer? {
    guard let description = CMSampleBufferGetFormatDescription(sampleBuffer),
      let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description),
      let format = AVAudioFormat(streamDescription: asbd)
    else { return nil }
    let frames = CMSampleBufferGetNumSamples(sampleBuffer)
    var needed = 0
    CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: &needed, bufferListOut: nil, bufferListSize: 0, blockBufferAllocator: nil,
      blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: nil)
    let source = AudioBufferList.allocate(maximumBuffers: format.isInterleaved ? 1 : Int(format.channelCount))
    defer { source.unsafeMutablePointer.deallocate() }
    var blockBuffer: CMBlockBuffer?
    let status = CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
      sampleBuffer, bufferListSizeNeededOut: nil, bufferListOut: source.unsafeMutablePointer, bufferListSize: needed,
      blockBufferAllocator: nil, blockBufferMemoryAllocator: nil,
      flags: kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment,
      blockBufferOut: &blockBuffer)
    guard status == noErr, let copy = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames))
    else { return nil }
    copy.frameLength = AVAudioFrameCount(frames)
    let target = UnsafeMutableAudioBufferListPointer(copy.mutableAudioBufferList)
    for (from, to) in zip(source, target) {
      guard let data = from.mData, let destination = to.mData else { return nil }
      destination.copyMemory(from: data, byteCount: Int(min(from.mDataByteSize, to.mDataByteSize)))
    }
    let seconds =
      CMTimeGetSeconds(CMSampleBufferGetPresentationTimeStamp(sampleBuffer))
      + CMTimeGetSeconds(CMSampleBufferGetDuration(sampleBuffer))
    return seconds > 0 ? copy : nil
  }

  deinit { observer.map(NotificationCenter.default.removeObserver) }
}
