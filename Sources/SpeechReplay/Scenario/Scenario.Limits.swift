extension Scenario {
  /// How much a scenario may ask for: virtual time, steps performed and wall-clock time of a run.
  ///
  /// A scenario's `limits:` block and the runner's configuration (the CLI's `--max-virtual-time`)
  /// each give limits; a run uses the larger of the two for each, so either can raise a limit.
  /// The totals are computed when the scenario is loaded (waits, plays and interruptions add up,
  /// cycles multiply), so a scenario that would run for days is refused at once, at the step that
  /// goes past the limit, instead of running until a watchdog.
  public struct Limits: Sendable, Hashable {
    /// The most virtual time the steps may add up to; nil leaves it to the other side.
    public var virtualTime: Duration?
    /// The most steps the run may perform (a cycle's steps count once per pass); nil leaves it to the other side.
    public var steps: Int?
    /// The most wall-clock time one run may take; nil leaves it to the other side.
    public var wallClock: Duration?

    /// Creates limits.
    public init(virtualTime: Duration? = nil, steps: Int? = nil, wallClock: Duration? = nil) {
      self.virtualTime = virtualTime
      self.steps = steps
      self.wallClock = wallClock
    }

    /// The runner's defaults, sized for CI: 2 hours of virtual time, 100 000 steps, 120 s of wall-clock time.
    public static let standard = Limits(virtualTime: .seconds(2 * 3600), steps: 100_000, wallClock: .seconds(120))

    /// The larger of the two limits for each kind (a limit only one side gives is kept).
    public func raised(by other: Limits) -> Limits {
      func larger<T: Comparable>(_ a: T?, _ b: T?) -> T? {
        switch (a, b) {
        case (let a?, let b?): Swift.max(a, b)
        case (let a?, nil): a
        case (nil, let b): b
        }
      }
      return Limits(
        virtualTime: larger(virtualTime, other.virtualTime), steps: larger(steps, other.steps),
        wallClock: larger(wallClock, other.wallClock))
    }
  }

  /// What the steps add up to, computed when the scenario is loaded.
  public struct Totals: Sendable, Hashable {
    /// Virtual time the steps take at least (waits, plays, interruptions; `play: end` counts the audio left).
    public var virtualTime: Duration
    /// Steps performed, each pass of a cycle counted.
    public var steps: Int

    /// Creates totals.
    public init(virtualTime: Duration = .zero, steps: Int = 0) {
      self.virtualTime = virtualTime
      self.steps = steps
    }
  }
}
