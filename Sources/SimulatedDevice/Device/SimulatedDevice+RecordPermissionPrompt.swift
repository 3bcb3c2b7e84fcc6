import Simulation

extension SimulatedDevice {
  /// Asks the simulated user for the record permission the way the system's prompt does on a first
  /// launch: when the permission is undetermined and the configuration gives the prompt a delay
  /// (``RecordPermission/answersAfter``), the answer comes only once the user has answered, that
  /// much virtual time later; a request made while the prompt is showing waits for the same answer
  /// (the system shows one prompt). Decided permissions, and undetermined ones without a delay,
  /// answer at once as ``requestRecordPermission()`` does.
  ///
  /// A permission changed while the prompt shows (a `permission:` step) wins: the prompt's answer
  /// applies only to a permission still undetermined when it is given.
  /// - Returns: Whether recording is granted.
  public func requestRecordPermissionAfterPrompt() async -> Bool {
    // Cancelled while the prompt shows: not granted yet. The prompt stays, and a request after the
    // user answered it gets the answer at once.
    guard await recordPromptAnswered() else { return recordPermission == .granted }
    return requestRecordPermission()
  }

  /// Shows the record-permission prompt when a request would (undetermined, with a delay) and waits
  /// until the user answered it, without asking for the permission itself.
  /// - Returns: False when the waiting task was cancelled before the answer.
  public func recordPromptAnswered() async -> Bool {
    let clock = Simulation.current?.clock ?? VirtualClock()
    guard let deadline = recordPromptDeadline(now: clock.now) else { return true }
    do {
      try await clock.sleep(until: deadline)
      return true
    } catch {
      return false
    }
  }
}
