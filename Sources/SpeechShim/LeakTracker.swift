#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Simulation
#endif

/// Marks an app object for speech-replay's dismiss (leak) check: give a class one as a stored
/// property, and a scenario that ends with its screen dismissed fails when an instance outlives it.
///
/// ```swift
/// final class AudioPipeline {
///   private let leakTracker = LeakTracker(AudioPipeline.self)
/// }
/// ```
///
/// It compiles wherever `SpeechShim` does. On iOS, tvOS and visionOS (where the shim is Apple's
/// frameworks) it does nothing and holds nothing; in the simulation it counts the live instances
/// of the type per run, as the twins count their analyzers and transcribers.
public final class LeakTracker: Sendable {
  #if !SPEECH_REPLAY_APPLE_FRAMEWORKS
    private let tracker: LiveObjectTracker
  #endif

  /// Counts one more live instance of `type` until this tracker is deallocated (nothing on a device).
  /// - Parameter type: The owning class.
  public init<Owner>(_ type: Owner.Type) {
    #if !SPEECH_REPLAY_APPLE_FRAMEWORKS
      tracker = LiveObjectTracker(type)
    #endif
  }
}
