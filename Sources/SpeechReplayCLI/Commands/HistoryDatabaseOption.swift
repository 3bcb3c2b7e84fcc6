import ArgumentParser

/// `--history FILE`, the history database: where `run` and `merge` record, what `history`, `compare`
/// and `report` read. Declared once, used by each as an option group.
struct HistoryDatabaseOption: ParsableArguments {
  @Option(
    help:
      "The history database (run and merge record into it). Default: $SPEECH_REPLAY_HISTORY, else .speech-replay/history.sqlite."
  )
  var history: String?
}
