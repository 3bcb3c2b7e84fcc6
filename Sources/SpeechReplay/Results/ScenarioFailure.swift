/// Why a scenario failed, as a value (swift-testing's `Issue` is the model): which check failed, when
/// in the run (virtual time, and audio time where it applies), the trap it points at when the check
/// knows one, where in the scenario file it comes from, and a message that says what went wrong
/// and what to do.
///
/// Readers compare ``check``, never the words of ``message``: the HTML report places its markers at
/// ``virtualTime``, the bug zoo asserts identities, and a scenario's `trap:` attaches to the failures
/// of the checks it names.
public struct ScenarioFailure: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What went wrong and how to fix it (with the trap's phrase, when there is one).
  public var message: String
  /// The step or expectation it comes from, when there is one.
  public var location: SourceLocation?
  /// The check that failed.
  public var check: CheckID
  /// Virtual seconds into the run at which it went wrong; nil when the failure is about the whole
  /// run (an expectation of the end, a file that could not load).
  public var virtualTime: Double?
  /// Seconds of the recording (the microphone's audio) it is about, when it is about audio.
  public var audioTime: Double?
  /// The known trap this failure points at, in a phrase ("the stutter trap: …"); nil when the
  /// evidence names none.
  public var trap: String?

  /// Creates a failure.
  /// - Parameters:
  ///   - message: What went wrong and how to fix it.
  ///   - check: The check that failed.
  ///   - location: The step or expectation in the scenario file.
  ///   - virtualTime: Virtual seconds at which it went wrong.
  ///   - audioTime: Seconds of the recording it is about.
  ///   - trap: The trap it points at.
  public init(
    _ message: String, check: CheckID, at location: SourceLocation? = nil, virtualTime: Double? = nil,
    audioTime: Double? = nil, trap: String? = nil
  ) {
    self.message = message
    self.check = check
    self.location = location
    self.virtualTime = virtualTime
    self.audioTime = audioTime
    self.trap = trap
  }

  /// `file:line:column: message`, or the message alone.
  public var description: String { location.map { "\($0): \(message)" } ?? message }

  private enum CodingKeys: String, CodingKey { case message, location, check, virtualTime, audioTime, trap }

  /// Decodes a failure; a result written before failures carried their check reads as `run.unknown`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try container.decode(String.self, forKey: .message)
    location = try container.decodeIfPresent(SourceLocation.self, forKey: .location)
    check = try container.decodeIfPresent(CheckID.self, forKey: .check) ?? CheckID(.run, "unknown")
    virtualTime = try container.decodeIfPresent(Double.self, forKey: .virtualTime)
    audioTime = try container.decodeIfPresent(Double.self, forKey: .audioTime)
    trap = try container.decodeIfPresent(String.self, forKey: .trap)
  }
}
