internal import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

/// A node of an audio engine's graph — the twin of `AVAudioNode`: taps, one per bus, installed with
/// ``installTap(onBus:bufferSize:format:block:)``, and the node's place in the engine's graph
/// (``AVAudioEngine/attach(_:)``, ``AVAudioEngine/connect(_:to:format:)``).
///
/// Apple's traps are kept: a second tap on a bus, or a tap whose format's sample rate differs from
/// the bus's, ends the process with Apple's exception text (after a diagnostic is recorded).
/// Only the input node's bus 0 receives audio in the twin; taps elsewhere are accepted and silent.
open class AVAudioNode: NSObject {
  /// What a tap holds: the request, the block, its ledger lease, and a converter when the requested
  /// format differs from the bus's in layout or channels (not rate).
  final class Tap {
    let bufferSize: AVAudioFrameCount
    let format: AVAudioFormat?
    let block: AVAudioNodeTapBlock
    let lease: LedgerLease?
    var converter: SampleRateConverter?
    var reportedSize = false
    /// The format object of the last buffer handed to the block and what it describes: the next
    /// buffer of the same format shares it (one object per tap and format, not one per buffer,
    /// each of which built its description).
    private var bufferFormat: (format: AudioFormat, object: AVAudioFormat)?

    /// `storage` as the buffer the block receives, with the tap's format object for its format.
    func buffer(adopting storage: PCMBuffer) -> AVAudioPCMBuffer? {
      if let bufferFormat, bufferFormat.format == storage.format {
        return AVAudioPCMBuffer(adopting: storage, format: bufferFormat.object)
      }
      guard let object = AVAudioFormat(storage.format) else { return nil }
      bufferFormat = (storage.format, object)
      return AVAudioPCMBuffer(adopting: storage, format: object)
    }

    init(
      bufferSize: AVAudioFrameCount, format: AVAudioFormat?, block: @escaping AVAudioNodeTapBlock, lease: LedgerLease?
    ) {
      self.bufferSize = bufferSize
      self.format = format
      self.block = block
      self.lease = lease
    }

    // A tap still installed when its node goes away goes with it, as on a device.
    deinit { if let lease, !lease.isReleased { try? lease.release() } }
  }

  private let lock = NSLock()  // NSLock: Mutex would demand `sending` results for these non-Sendable nodes
  private var taps: [AVAudioNodeBus: Tap] = [:]
  private var renderTime: AVAudioTime?
  private weak var owner: AVAudioEngine?
  private var tapWrapper: (@Sendable (@escaping AVAudioNodeTapBlock) -> AVAudioNodeTapBlock)?

  init(engine: AVAudioEngine?) {
    self.owner = engine
    self.nodeName = _typeName(Self.self, qualified: false)  // no conformance searches (LiveObjectTracker)
  }

  /// The engine the node belongs to, or nil once the engine is gone.
  public var engine: AVAudioEngine? { lock.withLock { owner } }

  /// The time of the last buffer the node rendered, or nil before the first.
  public var lastRenderTime: AVAudioTime? { lock.withLock { renderTime } }

  /// The format of a bus's input; the base node has the engine's standard format.
  /// - Parameter bus: The bus index.
  /// - Returns: The bus's format.
  open func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { AVAudioNode.standardOutputFormat }

  /// The format of a bus's output; the base node has the engine's standard format.
  /// - Parameter bus: The bus index.
  /// - Returns: The bus's format.
  open func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { AVAudioNode.standardOutputFormat }

  /// 48 kHz stereo Float32 deinterleaved: the format of mixer and output buses in the twin.
  static let standardOutputFormat = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)!  // valid literal

  /// Installs a tap: the implementation of `installTap(onBus:bufferSize:format:block:)`, which apps
  /// reach through module `AVFAudioTwinTapAPI` (compiled as Apple's Objective-C interface is seen,
  /// without strict concurrency, so Swift 6 checks a main-actor closure's isolation when it is called).
  ///
  /// `bufferSize` is only a hint: the hardware's callback size is what arrives (a diagnostic notes
  /// the difference once). `format` nil means the bus's format. A second tap on the same bus, or a
  /// format whose sample rate is not the bus's, ends the process as Apple's exception does.
  /// - Parameters:
  ///   - bus: The output bus to tap (0 for the input node).
  ///   - bufferSize: The requested frames per call.
  ///   - format: The format of the buffers, or nil for the bus's format.
  ///   - tapBlock: Called with each buffer and the time of its first frame, as on the audio render thread.
  package func installTwinTap(
    onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
    block tapBlock: @escaping AVAudioNodeTapBlock
  ) {
    switch tapRefusal(onBus: bus, format: format, in: "installTap") {
    case .busTaken: AVFAudioException.raise("required condition is false: nullptr == Tap()")
    case .rateMismatch: AVFAudioException.raise("required condition is false: format.sampleRate == hwFormat.sampleRate")
    case nil: addTap(onBus: bus, bufferSize: bufferSize, format: format, block: tapBlock)
    }
  }

  /// Why a tap cannot go on `bus` with `format`, after a diagnostic that says what Apple does; nil
  /// when it can.
  func tapRefusal(onBus bus: AVAudioNodeBus, format: AVAudioFormat?, in method: String) -> TapRefusal? {
    let device = SimulatedDevice.current
    let outcome =
      method == "installTap"
      ? "Apple's framework raises an uncatchable exception and the app ends"
      : "installAudioTap throws and installs nothing"
    if lock.withLock({ taps[bus] != nil }) {
      device.diagnose(
        "AVAudioNode",
        "\(method) was called on bus \(bus) of \(nodeName), which already has a tap; \(outcome). Call removeTap(onBus:) first."
      )
      return .busTaken
    }
    let busFormat = outputFormat(forBus: bus)
    if let format, format.sampleRate != busFormat.sampleRate {
      device.diagnose(
        "AVAudioNode",
        "a tap on \(nodeName) asked for \(format) but the hardware delivers \(busFormat); \(outcome). Pass nil or outputFormat(forBus: 0), and convert after the tap."
      )
      return .rateMismatch
    }
    return nil
  }

  /// Why a tap was refused.
  enum TapRefusal {
    /// The bus has a tap already.
    case busTaken
    /// The requested format's sample rate is not the bus's.
    case rateMismatch
  }

  /// Installs a tap that ``tapRefusal(onBus:format:in:)`` accepted.
  func addTap(
    onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
    block tapBlock: @escaping AVAudioNodeTapBlock
  ) {
    let busFormat = outputFormat(forBus: bus)
    var converter: SampleRateConverter?
    // Same rate, other layout or channel count: the engine converts for the tap (no rate change).
    if let format, format != busFormat, let input = busFormat.audioFormat, let output = format.audioFormat {
      converter = try? SampleRateConverter(
        from: input, to: output, quality: .fastest, engine: SimulatedDevice.resamplingEngine)
    }
    let lease = Simulation.current?.ledger.acquire(.installedTaps, label: "\(nodeName) bus \(bus)")
    let block = lock.withLock { tapWrapper }.map { $0(tapBlock) } ?? tapBlock
    let tap = Tap(bufferSize: bufferSize, format: format, block: block, lease: lease)
    tap.converter = converter
    lock.withLock { taps[bus] = tap }
    Simulation.current?.trace.record(
      .tapInstall, ["node": nodeName, "bus": String(bus), "bufferSize": String(bufferSize)])
  }

  /// Twin-only test seam (package access, invisible to apps): wraps every tap block installed on
  /// this node from now on, so a test's adapter can watch what an app's own tap receives (for
  /// example a capture recorder around the reference stack) without changing the app. The
  /// wrapper's block is called in the app's place and should call the app's block. Records
  /// nothing in the trace.
  package func wrapTaps(_ wrapper: @escaping @Sendable (@escaping AVAudioNodeTapBlock) -> AVAudioNodeTapBlock) {
    lock.withLock { tapWrapper = wrapper }
  }

  /// Removes the bus's tap; its block is not called again. Nothing happens when there is none.
  /// - Parameter bus: The bus whose tap goes.
  public func removeTap(onBus bus: AVAudioNodeBus) {
    let removed = lock.withLock { taps.removeValue(forKey: bus) }
    guard let removed else { return }
    try? removed.lease?.release()
    Simulation.current?.trace.record(.tapRemove, ["node": nodeName, "bus": String(bus)])
  }

  /// Clears the node's rendering state (its last render time).
  public func reset() {
    lock.withLock { renderTime = nil }
  }

  /// The node's class name, for diagnostics and the trace.
  /// Worked out once: the engine names the node for every buffer it delivers to a tap.
  let nodeName: String

  /// The tap on `bus`, if any.
  func tap(onBus bus: AVAudioNodeBus) -> Tap? { lock.withLock { taps[bus] } }

  /// Records the time of the buffer just rendered.
  func didRender(at time: AVAudioTime) {
    lock.withLock { renderTime = time }
  }

  /// Forgets the engine (it is being deallocated, or detached the node).
  func detach() {
    lock.withLock { owner = nil }
  }

  /// Joins an engine (``AVAudioEngine/attach(_:)``).
  func attach(to engine: AVAudioEngine) {
    lock.withLock { owner = engine }
  }
}
