import ArgumentParser

/// The history flags of a command that records a run (`run`, `merge`): the database, the label, and
/// `--no-history`.
struct HistoryRecordingOptions: ParsableArguments {
  @OptionGroup var database: HistoryDatabaseOption

  @Option(
    help:
      "Record the run in the history under this label (a version, a branch); the trend page names runs by it. Default: the git commit's first 12 digits, when there is one."
  )
  var label: String?

  @Flag(help: "Do not record the run in the history.")
  var noHistory = false

  /// The database the run is recorded in; nil with `--no-history`.
  var path: String? { HistoryLocation.path(option: database.history, disabled: noHistory) }
}
