/// The outcome of one scenario run: the record every reporter (console, JUnit XML, JSON, history)
/// is written from. Worker processes print it as JSON; the parent collects it.
public struct ScenarioResult: Sendable, Hashable, Codable {
  /// How the run ended.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Every expectation held.
    case passed
    /// The scenario ran and at least one expectation failed, or the file is invalid.
    case failed
    /// The process running the scenario crashed or trapped; ``ScenarioResult/output`` has what it printed.
    case crashed
    /// Not run (filtered out, in another shard, or the run was interrupted first).
    case skipped
    /// The process running the scenario went past the wall-clock timeout (`run --timeout`) and was killed.
    case timedOut
  }

  /// The scenario's name (its `name:` key, or the file name without extension).
  public var name: String
  /// The scenario file as the user named it.
  public var file: String
  /// How the run ended.
  public var status: Status
  /// The seed the run used.
  public var seed: UInt64
  /// Why it failed; empty when it passed.
  public var failures: [ScenarioFailure]
  /// Wall-clock seconds the run took.
  public var wallSeconds: Double
  /// Virtual seconds the simulation covered.
  public var virtualSeconds: Double
  /// The stable hash of the run's event trace (same scenario and seed ⇒ same hash).
  public var traceHash: String
  /// Typed figures (timings, counts, metrics), for reports and history; `figures["name"]` is a value.
  public var figures: Figures
  /// What the scenario printed or, for a crash, the worker's output.
  public var output: String
  /// What looked wrong but did not fail the run (a cut-short audio file, a play past its end), located.
  public var warnings: [ScenarioFailure]
  /// The subject it ran against, when a run had several (`run --subject a,b`); nil when the run had
  /// one. Reports group by it and the history keys results by it.
  public var subject: String?
  /// The scenario's own `expect.tolerances` (figure or pattern → tolerance as written), carried to
  /// the history so `compare` judges its figures by them; nil when it set none.
  public var tolerances: [String: String]?
  /// The seed of the schedule the run took (`schedule: { seed: N }`, `run --schedules`); nil for
  /// the default first-in first-out order.
  public var scheduleSeed: UInt64? = nil

  /// Creates a result.
  public init(
    name: String, file: String, status: Status, seed: UInt64, failures: [ScenarioFailure] = [], wallSeconds: Double = 0,
    virtualSeconds: Double = 0, traceHash: String = "", figures: Figures = Figures(), output: String = "",
    warnings: [ScenarioFailure] = [], subject: String? = nil
  ) {
    self.name = name
    self.file = file
    self.status = status
    self.seed = seed
    self.failures = failures
    self.wallSeconds = wallSeconds
    self.virtualSeconds = virtualSeconds
    self.traceHash = traceHash
    self.figures = figures
    self.output = output
    self.warnings = warnings
    self.subject = subject
  }

  private enum CodingKeys: String, CodingKey {
    case name, file, status, seed, failures, wallSeconds, virtualSeconds, traceHash, figures, output, warnings, subject
    case tolerances, scheduleSeed
  }

  /// Decodes a result; `warnings`, `subject`, `tolerances` and `scheduleSeed` may be missing
  /// (results written before they existed, and results of scenarios that set no tolerances).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    file = try container.decode(String.self, forKey: .file)
    status = try container.decode(Status.self, forKey: .status)
    seed = try container.decode(UInt64.self, forKey: .seed)
    failures = try container.decode([ScenarioFailure].self, forKey: .failures)
    wallSeconds = try container.decode(Double.self, forKey: .wallSeconds)
    virtualSeconds = try container.decode(Double.self, forKey: .virtualSeconds)
    traceHash = try container.decode(String.self, forKey: .traceHash)
    figures = try container.decode(Figures.self, forKey: .figures)
    output = try container.decode(String.self, forKey: .output)
    warnings = try container.decodeIfPresent([ScenarioFailure].self, forKey: .warnings) ?? []
    subject = try container.decodeIfPresent(String.self, forKey: .subject)
    tolerances = try container.decodeIfPresent([String: String].self, forKey: .tolerances)
    scheduleSeed = try container.decodeIfPresent(UInt64.self, forKey: .scheduleSeed)
  }

  /// The scenario's identity in a run: its file, and its subject when the run had several
  /// (`app-live: Scenarios/x.yaml`), and its schedule when it took a seeded one
  /// (`Scenarios/x.yaml [schedule 3]`). Reports and the history tell results apart by it.
  public var key: String {
    let scheduled = scheduleSeed.map { "\(file) [schedule \($0)]" } ?? file
    return subject.map { "\($0): \(scheduled)" } ?? scheduled
  }
}
