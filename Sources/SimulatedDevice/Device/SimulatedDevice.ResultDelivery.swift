extension SimulatedDevice {
  /// When the results a `finalize…()` call publishes reach the app's `for try await` loop, relative
  /// to the call's return. Both orders are within what Apple documents: on return, the finalized
  /// results "have been published" to the modules' result streams, not necessarily consumed.
  ///
  /// The scenario key `device.resultDelivery` pins it; `speech-replay explore` draws the late order.
  public enum ResultDelivery: String, Sendable, Hashable, CaseIterable {
    /// The finalized results are yielded to the results streams before `finalize…()` returns, and
    /// the simulation's executor runs the reader they wake first, so a results loop on the caller's
    /// actor (the main actor, in an app) reads them (and, after a finish, the stream's end) before
    /// the call returns to its caller: the simulation's default order, and the order of every
    /// bundled scenario that does not pin another.
    case beforeFinalizeReturns
    /// The finalized results (and the stream's end after a finish) stay queued in the results
    /// stream until ``lateDeliveryLag`` after `finalize…()` returned: a stack that cancels its
    /// results task, tears down or reads the committed text right after the call loses the final.
    case afterFinalizeReturns

    /// How long, in virtual time, finalized results stay queued unread after `finalize…()` returned
    /// under ``afterFinalizeReturns``: longer than any step of a stack's teardown that does not wait
    /// for the results stream to end.
    public static let lateDeliveryLag: Duration = .milliseconds(20)
  }
}
