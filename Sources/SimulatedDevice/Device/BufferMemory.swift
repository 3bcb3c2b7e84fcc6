import Simulation
import Synchronization

/// The bytes of audio buffers alive on a device, and how they went while the microphone delivered:
/// what a long session's `memory-bounded` invariant judges.
///
/// The audio-buffer twins (`AVAudioPCMBuffer`) count themselves here while they live, whoever holds
/// them — the stack, or a twin on its behalf (the analyzer's input queue). The engine samples the
/// count at a tap delivery at most once per second of virtual time, so the samples span the time
/// the microphone delivered and nothing else. Counted from the twins, not the process heap: the
/// heap is shared with the harness (its trace grows with every minute) and differs by machine,
/// while these counts are the same for a seed on every machine.
public final class BufferMemory: Sendable {
  private let live = Atomic<Int>(0)
  private let state = Mutex<(samples: [BufferMemorySample], next: Duration?)>(([], nil))

  /// Creates an empty account.
  public init() {}

  /// Counts a buffer of `bytes` that came alive.
  public func allocated(_ bytes: Int) { live.add(bytes, ordering: .relaxed) }

  /// Counts a buffer of `bytes` that was freed.
  public func freed(_ bytes: Int) { live.subtract(bytes, ordering: .relaxed) }

  /// The bytes of buffers alive now.
  public var liveBytes: Int { live.load(ordering: .relaxed) }

  /// Samples ``liveBytes`` at `time` unless a sample was taken less than a second before.
  /// - Parameter time: The virtual time now.
  public func sample(at time: Duration) {
    let bytes = liveBytes
    state.withLock { state in
      if let next = state.next, time < next { return }
      state.samples.append(BufferMemorySample(time: time, bytes: bytes))
      state.next = time + .seconds(1)
    }
  }

  /// The samples taken, in time order.
  public var samples: [BufferMemorySample] { state.withLock { $0.samples } }
}

/// The bytes of audio buffers alive on a device at one moment of virtual time (``BufferMemory``).
public struct BufferMemorySample: Sendable, Hashable {
  /// When the sample was taken.
  public var time: Duration
  /// The bytes of audio buffers alive then.
  public var bytes: Int

  /// Creates a sample.
  public init(time: Duration, bytes: Int) {
    self.time = time
    self.bytes = bytes
  }
}
