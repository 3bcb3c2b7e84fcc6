extension TimelineLanes {
  /// One UI text a lane shows: when it appeared, its committed and volatile text, and its tooltip.
  struct ShownText: Sendable, Hashable {
    /// Virtual seconds when it was shown.
    var time: Double
    /// The committed text.
    var committed: String
    /// The volatile text.
    var volatile: String
    /// What hovering it shows.
    var tip: String
  }
}
