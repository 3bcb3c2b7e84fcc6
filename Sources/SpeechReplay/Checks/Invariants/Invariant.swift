/// A rule every run's timeline must keep, whatever the scenario: each one catches a trap a live
/// transcription stack falls into. Identified by a stable name that scenario files and reports use.
public enum Invariant: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// Committed text is only ever appended to (a new session may start from empty).
  case committedAppendOnly = "committed-append-only"
  /// The volatile text never starts with the words just committed (the stutter trap).
  case noStutter = "no-stutter"
  /// Once a final result for a range is shown, the volatile text no longer shows that range's guess.
  case volatileClearedWhenFinal = "volatile-cleared-when-final"
  /// The volatile words showing when the user taps stop end up committed (finalize before finishing).
  case nothingLostAtStop = "nothing-lost-at-stop"
  /// Every buffer the analyzer receives is in its format (convert the microphone's format).
  case analyzerInputFormat = "analyzer-input-format"
  /// After a stop, sessions, engines, taps, downloads and tasks are back to their counts before the first start.
  case ledgerBaselineAfterStop = "ledger-baseline-after-stop"
  /// The analyzer's input queue stays within its bound (or the analyzer within a lag bound).
  case inputBounded = "input-bounded"
  /// No main-actor job holds the thread longer than the hang bound (wall time): blocking work on
  /// the main actor is invisible in virtual time but freezes the UI on a device.
  case mainActorResponsive = "main-actor-responsive"
  /// While the UI shows listening (no interruption under way), tap buffers arrive and reach the
  /// analyzer within a bound: the screen never says listening while nothing is heard.
  case listeningHearsAudio = "listening-hears-audio"
  /// The committed text is the model's finals joined in order, each once: never a volatile guess,
  /// never a final twice.
  case committedIsFinals = "committed-is-finals"
  /// After an analysis fails, the stack restarts it at most a bounded number of times per second of
  /// virtual time without a tap by the user (`expect.invariants.maximumRestartsPerSecond`, 3 by
  /// default): a model error is not answered by a restart storm.
  case restartBackoff = "restart-backoff"
  /// The audio buffers a stack still holds grow at most a bounded amount per minute of audio over a
  /// long session (`expect.invariants.bufferGrowthPerMinute`, 1 MiB by default): a stack that keeps
  /// every buffer runs out of memory in an hour's dictation.
  case memoryBounded = "memory-bounded"

  /// The stable identifier.
  public var description: String { rawValue }

  /// The trap a break of this invariant points at, in a phrase for failure messages.
  public var trap: String {
    switch self {
    case .committedAppendOnly:
      "the stack rewrites committed text; append finals to it and keep guesses in the volatile text"
    case .noStutter:
      "the stutter trap: volatile results are appended instead of replacing the volatile text, or the volatile text is built from text already committed"
    case .volatileClearedWhenFinal:
      "the stack does not clear (or replace) the volatile text when a final result arrives for its range"
    case .nothingLostAtStop:
      "the stack stops without finalizing; call finalizeAndFinishThroughEndOfInput() (or finalize(through:)) before ending the session"
    case .analyzerInputFormat:
      "the stack feeds the microphone's format; convert every buffer with AVAudioConverter to SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith:)"
    case .ledgerBaselineAfterStop:
      "the stack leaks on stop; stop the engine, remove the tap, finish the analyzer and end every task it started"
    case .inputBounded:
      "unbounded input buffering; bound the analyzer's input stream (bufferingNewest) so a slow model cannot grow memory without limit"
    case .mainActorResponsive:
      "blocking work on the main actor (a synchronous wait, a long loop, file or model work); move it off the main actor or make it asynchronous"
    case .listeningHearsAudio:
      "a stack that shows listening without hearing: after an interruption ends (with shouldResume), the route or the engine's configuration changes (AVAudioEngineConfigurationChange, whatever the format) or the system deactivates the session, restart the engine and reinstall the tap that feeds the analyzer, or show that listening stopped"
    case .committedIsFinals:
      "the stack commits text that is not the model's final: commit each final result's text once, when it arrives, and keep volatile guesses out of the committed text"
    case .restartBackoff:
      "restarts without backoff after an error: wait longer before each retry (0.5 s, 1 s, 2 s…), give up after a few and show the failure"
    case .memoryBounded:
      "a stack that keeps every buffer: let go of tap and converted buffers once the analyzer has them; keep only what the screen shows"
    }
  }

  /// The invariant named `text`, with a suggestion when the name is close to one.
  static func named(_ text: String) -> Invariant? { Invariant(rawValue: text) }
}
