import ArgumentParser

/// The report flags `run` and `merge` share: `--junit`, `--json`, `--html` (argument-parser's
/// option groups: declared once, read by each command as `reports.junit`…).
struct ReportOptions: ParsableArguments {
  @Option(help: "Write a JUnit XML report to this file.")
  var junit: String?

  @Option(help: "Write a JSON report to this file.")
  var json: String?

  @Option(
    help:
      "Write an HTML report into this folder: index.html and, for `run`, one timeline page per scenario (see Documentation/Reports.md)."
  )
  var html: String?

  /// Checks every report's path against the run's inputs and each other, before anything runs.
  /// - Parameters:
  ///   - outputs: The paths checked so far (the inputs).
  ///   - force: `--force`: a report may take a name that looks like an input's.
  func check(_ outputs: inout OutputPaths, force: Bool) throws {
    if let junit { try outputs.checkReport(junit, option: "--junit", force: force) }
    if let json { try outputs.checkReport(json, option: "--json", force: force) }
    if let html { try outputs.checkFolder(html, option: "--html", files: ["index.html"]) }
  }
}
