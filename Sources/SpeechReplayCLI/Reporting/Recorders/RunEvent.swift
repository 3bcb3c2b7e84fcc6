import SpeechReplay

/// What happens while a run goes on, in the order it happens, as ``RunRecorder``s hear it.
enum RunEvent {
  /// A subject's scenarios are about to run: its name when the run has several subjects, else nil.
  case subjectStarted(String?)
  /// A scenario's worker started (its index in suite order).
  case scenarioStarted(Int)
  /// A scenario finished with this result (its index in suite order).
  case scenarioFinished(Int, ScenarioResult)
  /// Every scenario of one of several subjects finished (not sent for a run of one subject, nor
  /// for a subject an interruption kept from starting).
  case subjectFinished(String, [ScenarioResult])
}
