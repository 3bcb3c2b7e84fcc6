extension LiveTranscriber {
  /// How making sure the model is installed ended (``ensureModel(for:locale:generation:)``).
  enum ModelReadiness: Equatable {
    /// The model is installed: go on starting.
    case ready
    /// `stop()` ended the waiting: end quietly.
    case cancelled
    /// The model cannot be had: fail with this message for the user.
    case failed(String)
  }
}
