extension Microphone {
  /// A registration made with ``Microphone/observe(as:_:)``; cancelling it, or releasing it, stops
  /// the calls.
  public final class Observation: Sendable {
    private weak let microphone: Microphone?
    private let id: Int

    init(microphone: Microphone, id: Int) {
      self.microphone = microphone
      self.id = id
    }

    /// Stops the calls; calling it again does nothing.
    public func cancel() { microphone?.removeObserver(id) }

    deinit { microphone?.removeObserver(id) }
  }
}
