import AudioPCM
import Foundation

/// Compares UI states with a scenario's golden files, writing them as the record mode says, and
/// the actual text of each mismatch to the artefacts folder.
///
/// Each scenario runs in its own worker process, so no two writers touch the same golden folder.
package struct GoldenSnapshotCheck: Sendable {
  /// The options: record mode, artefacts folder, obsolete files as failures.
  package var options: SnapshotOptions

  /// Creates a check.
  /// - Parameter options: The snapshot options.
  package init(options: SnapshotOptions) { self.options = options }

  /// Compares (or records) every golden snapshot a scenario asks for and reports obsolete files.
  /// - Parameters:
  ///   - golden: The names to compare (nil when the scenario asks for none; obsolete files are still reported).
  ///   - scenarioFile: The scenario's path (the golden folder is beside it).
  ///   - states: The UI states by name, with `final` for the state after the last step.
  ///   - restarted: The names of the states taken after a second start: compared with a shared
  ///     file, their committed text may leave out what earlier sessions committed.
  ///   - textOfKeptAudio: The scenario lets the stack drop audio (`expect.audio.maximumLost`):
  ///     compared with a shared file, the text is left out (it is what the recording stack's
  ///     queue kept), the phase and microphone are compared.
  /// - Returns: The report.
  package func check(
    _ golden: Scenario.GoldenSnapshots?, scenarioFile: String, states: [String: UIState],
    restarted: Set<String> = [], textOfKeptAudio: Bool = false
  ) -> GoldenSnapshotReport {
    let folder = GoldenFolder(scenarioFile: scenarioFile, variant: options.variant)
    // A subject with files of its own falls back to the shared ones where it has none.
    let shared = options.variant == nil ? nil : GoldenFolder(scenarioFile: scenarioFile)
    var report = GoldenSnapshotReport()
    for name in golden?.names ?? [] {
      guard let state = states[name] else {
        report.failures.append(
          ScenarioFailure(
            "the golden snapshot '\(name)' was never taken: the run ended before its step, so \(folder.file(for: name)) was not compared",
            check: CheckID(.golden, name), at: golden?.location))
        continue
      }
      compare(
        state.rendered, name: name, folder: folder, shared: shared,
        leniency: Leniency(restarted: restarted.contains(name), textOfKeptAudio: textOfKeptAudio),
        at: golden?.location, into: &report)
    }
    let compared = Set(golden?.names ?? [])
    let listed = shared.map { FileManager.default.fileExists(atPath: folder.path) ? folder : $0 } ?? folder
    report.obsolete = listed.storedNames().filter { !compared.contains($0) }.map { listed.file(for: $0) }
    if !report.obsolete.isEmpty {
      let text =
        "obsolete golden snapshot\(report.obsolete.count == 1 ? "" : "s") (no snapshot of the scenario uses \(report.obsolete.count == 1 ? "it" : "them")): \(report.obsolete.joined(separator: ", ")); delete \(report.obsolete.count == 1 ? "it" : "them") or add the snapshot steps back"
      if options.failOnObsolete {
        report.failures.append(
          ScenarioFailure(
            text + " (failing because of --fail-on-obsolete)", check: CheckID(.golden, "obsolete"), at: golden?.location
          ))
      } else {
        report.warnings.append("warning: " + text)
      }
    }
    return report
  }

  /// What a comparison with a shared file leaves to each stack, beyond a failure's wording.
  struct Leniency {
    /// Taken after a second start: the committed text may leave out what earlier sessions committed.
    var restarted = false
    /// The scenario lets the stack drop audio: the text lines are each stack's own.
    var textOfKeptAudio = false
  }

  private func compare(
    _ actual: String, name: String, folder: GoldenFolder, shared: GoldenFolder?, leniency: Leniency,
    at location: SourceLocation?, into report: inout GoldenSnapshotReport
  ) {
    let path = folder.file(for: name)
    let stored = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    if stored == nil, let shared,
      compareShared(
        actual, name: name, folder: folder, shared: shared, leniency: leniency, at: location, into: &report)
    {
      return
    }
    let matches = stored == actual
    if options.record.writes(missing: stored == nil, matches: matches) {
      record(actual, over: stored, name: name, folder: folder, at: location, into: &report)
      return
    }
    guard let stored else {
      report.failures.append(
        ScenarioFailure(
          "the golden snapshot '\(name)' has no file \(path); record it with \(recordHint(.missing, folder.scenarioFile)), review it and commit it",
          check: CheckID(.golden, name), at: location))
      return
    }
    guard !matches else {
      report.matched += 1
      return
    }
    reportDifference(actual, from: stored, name: name, folder: folder, at: location, into: &report)
  }

  /// A snapshot the subject has no file of its own for, against the shared golden file; false when
  /// there is none or the record mode writes the subject's own file.
  private func compareShared(
    _ actual: String, name: String, folder: GoldenFolder, shared: GoldenFolder, leniency: Leniency,
    at location: SourceLocation?, into report: inout GoldenSnapshotReport
  ) -> Bool {
    guard
      let fallback = FileManager.default.contents(atPath: shared.file(for: name)).map({
        String(decoding: $0, as: UTF8.self)
      })
    else { return false }
    // A file of the subject's own that would repeat the shared one byte for byte is never
    // written, in any record mode: the shared file already says it.
    if fallback == actual {
      report.matched += 1
      return true
    }
    let portableMatch =
      Self.portable(fallback) == Self.portable(actual)
      || (leniency.restarted
        && Self.portable(Self.droppingEarlierText(fallback, toMatch: actual)) == Self.portable(actual))
      || (leniency.textOfKeptAudio && Self.withoutText(fallback) == Self.withoutText(actual))
    guard !options.record.writes(missing: true, matches: portableMatch) else { return false }
    if portableMatch {
      report.matched += 1
    } else {
      report.failures.append(
        ScenarioFailure(
          "the snapshot '\(name)' differs from the shared golden file \(shared.file(for: name)) (compared on "
            + (leniency.textOfKeptAudio
              ? "microphone and the kind of phase, not text, as the scenario lets the stack drop audio; "
              : "text, microphone and the kind of phase, as ")
            + "the subject has no file of its own in \(folder.path)):\n"
            + LineDiff(expected: Self.portable(fallback), actual: Self.portable(actual)).rendered
            + "If this subject rightly shows something else, record its own file with \(recordHint(.missing, folder.scenarioFile)) and commit it",
          check: CheckID(.golden, name), at: location))
    }
    return true
  }

  /// Writes the snapshot to its golden file (a record mode); a change recorded is a failure to review.
  private func record(
    _ actual: String, over stored: String?, name: String, folder: GoldenFolder, at location: SourceLocation?,
    into report: inout GoldenSnapshotReport
  ) {
    let path = folder.file(for: name)
    do {
      try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
      try FileReplacement.write(Data(actual.utf8), to: path)
    } catch {
      report.failures.append(
        ScenarioFailure(
          "cannot write the golden snapshot \(path) (\((error as? AudioFileError)?.message ?? "\(error)")); check that the scenario's folder is writable",
          check: CheckID(.golden, name), at: location))
      return
    }
    if stored == actual {
      report.matched += 1
      return
    }
    report.recorded.append(path)
    let change =
      stored == nil
      ? "it did not exist" : "it differed:\n" + LineDiff(expected: stored ?? "", actual: actual).rendered
    report.failures.append(
      ScenarioFailure(
        "recorded the golden snapshot '\(name)' to \(path) (record mode \(options.record)); \(change)\nreview it, commit it and run again without recording",
        check: CheckID(.golden, name), at: location))
  }

  /// A snapshot that differs from its golden file: the diff, and the actual text kept beside it.
  private func reportDifference(
    _ actual: String, from stored: String, name: String, folder: GoldenFolder, at location: SourceLocation?,
    into report: inout GoldenSnapshotReport
  ) {
    let path = folder.file(for: name)
    let artifact = artifactPath(folder: folder, name: name)
    var message =
      "the snapshot '\(name)' differs from its golden file \(path):\n"
      + LineDiff(expected: stored, actual: actual).rendered
    do {
      try FileManager.default.createDirectory(
        atPath: (artifact as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileReplacement.write(Data(actual.utf8), to: artifact)
      message += "the actual text is in \(artifact); compare with `diff \(path) \(artifact)`. "
    } catch {
      message +=
        "the actual text could not be written to \(artifact) (\((error as? AudioFileError)?.message ?? "\(error)")). "
    }
    message +=
      "If the change is intended, record it with \(recordHint(.failed, folder.scenarioFile)) and commit the golden file"
    report.failures.append(ScenarioFailure(message, check: CheckID(.golden, name), at: location))
  }

  /// What every correct stack must show of a rendered state: the phase line keeps only the kind of
  /// phase (`failed`, `preparing`, `unavailable`…), since a failure's wording and a progress figure
  /// are each stack's own; text and microphone lines stay as they are.
  /// `expected` with the start of its committed text left out where `actual`'s committed text is
  /// the rest of it from a word boundary (or empty): after a restart the shared file's stack kept
  /// what earlier sessions committed, another correct stack clears it (found adopting an app whose
  /// failed restart showed an empty transcript). Unchanged otherwise.
  static func droppingEarlierText(_ expected: String, toMatch actual: String) -> String {
    let prefix = "committed: "
    func committed(_ text: String) -> (index: Int, value: String)? {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
      return (index, String(lines[index].dropFirst(prefix.count)))
    }
    guard let kept = committed(expected), let shown = committed(actual), kept.value != shown.value else {
      return expected
    }
    // Both are quoted: compare inside the quotes.
    let keptText = kept.value.dropFirst().dropLast(), shownText = shown.value.dropFirst().dropLast()
    guard keptText.hasSuffix(shownText),
      shownText.isEmpty || keptText.dropLast(shownText.count).last == " "
    else { return expected }
    var lines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[kept.index] = prefix + shown.value
    return lines.joined(separator: "\n")
  }

  /// The portable lines of a rendered state without its committed and volatile text.
  static func withoutText(_ rendered: String) -> String {
    portable(rendered).split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("committed: ") && !$0.hasPrefix("volatile: ") }.joined(separator: "\n")
  }

  static func portable(_ rendered: String) -> String {
    var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let first = lines.first, first.hasPrefix("phase: ") {
      let phase = first.dropFirst("phase: ".count)
      let kind = phase.prefix { $0 != ":" && $0 != " " }
      lines[0] = "phase: \(kind)"
    }
    return lines.joined(separator: "\n")
  }

  /// How to record in `mode`: the command that ran (``SnapshotOptions/command``) with `--record`, or
  /// the environment variable when no command is known (a test run).
  func recordHint(_ mode: SnapshotRecordMode, _ scenarioFile: String) -> String {
    let variable = "\(SnapshotRecordMode.environmentVariable)=\(mode)"
    guard let command = options.command else {
      return "`\(variable)` (in a test: the .recordingSnapshots(.\(mode)) trait)"
    }
    return "`\(command) --record \(mode) \(scenarioFile)` (or \(variable))"
  }

  /// `<artefacts>/<scenario stem>[/<variant>]/<name>.txt`.
  func artifactPath(folder: GoldenFolder, name: String) -> String {
    let stem = folder.scenarioStem + (options.variant.map { "/" + $0 } ?? "")
    return ((options.artifactsFolder as NSString).appendingPathComponent(stem) as NSString).appendingPathComponent(
      "\(name).\(GoldenFolder.fileExtension)")
  }
}
