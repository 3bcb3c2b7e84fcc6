import ArgumentParser
import AudioPCM
import Foundation

/// The one rule every command's outputs follow, checked before the command starts its work:
///
/// 1. No output is any input of the same command — compared as files (device and inode, through
///    symbolic and hard links), so no spelling of a path hides it. `--force` never changes this.
/// 2. A report (`--junit`, `--json`, `--html FILE`) is not written to a name that is clearly not a
///    report — an audio file, a scenario, a capture or a database — unless `--force` is given.
/// 3. An existing file a command would replace that a person may have written by hand (a scenario,
///    its audio) is kept unless `--force`.
/// 4. Every output can be written: its folder exists (or can be created) and accepts a new file.
///
/// Each breach is a usage error (exit status 64) naming the option, the path and what to do.
///
/// ```swift
/// var paths = OutputPaths()
/// paths.input(scenarioFile, what: "scenario")
/// try paths.checkReport(json, option: "--json", force: force)
/// ```
struct OutputPaths {
  /// What an output is, which decides the name rule (2) and the keep rule (3).
  enum Kind {
    /// A report a tool regenerates at will: replaced without asking, but only under a report's name.
    case report
    /// A file a person may have edited (a scenario, its audio): replaced only with `--force`.
    case edited
    /// Any other generated file: replaced without asking.
    case generated
  }

  /// File name endings that are never a report's: audio, scenarios, captures, databases.
  static let notReportExtensions: [String: String] = {
    var kinds: [String: String] = [:]
    for ext in [
      "wav", "wave", "caf", "aif", "aiff", "aifc", "flac", "mp3", "ogg", "oga", "opus", "m4a", "w64", "rf64", "au",
      "snd",
    ] { kinds[ext] = "an audio file" }
    for ext in ["yaml", "yml"] { kinds[ext] = "a scenario file" }
    kinds["speechcapture"] = "a capture"
    for ext in ["sqlite", "sqlite3", "db"] { kinds[ext] = "a database" }
    kinds["swift"] = "a source file"
    // Transcripts (.words.tsv), tap schedules and observed timelines: tables scenarios read.
    kinds["tsv"] = "a table a scenario reads"
    return kinds
  }()

  /// A file's identity: device and inode, through links.
  private struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  // Indexed by identity, so a suite of thousands of scenarios and captures checks in linear time.
  private var inputs: [FileID: (path: String, what: String)] = [:]
  private var outputs: [String: String] = [:]
  private var outputIDs: [FileID: (path: String, option: String)] = [:]

  /// Creates an empty set of paths.
  init() {}

  /// Declares a file the command reads.
  /// - Parameters:
  ///   - path: The file.
  ///   - what: What it is, for the message (`the scenario`, `the capture`).
  mutating func input(_ path: String, what: String) {
    // An input that does not exist cannot be written over (its command reports it as missing).
    guard let id = FileID(path), inputs[id] == nil else { return }
    inputs[id] = (path, what)
  }

  /// Declares several files the command reads.
  mutating func inputs(_ paths: some Sequence<String>, what: String) {
    for path in paths { input(path, what: what) }
  }

  /// Checks a file output.
  /// - Parameters:
  ///   - path: The file to be written.
  ///   - option: The option or argument that named it (`--json`, `OUT`).
  ///   - kind: What it is (see ``Kind``).
  ///   - force: Whether the user gave `--force` (rules 2 and 3 only).
  /// - Throws: `ValidationError` naming the option, the path and what to do.
  mutating func check(_ path: String, option: String, kind: Kind, force: Bool = false) throws {
    try check(path, option: option, kind: kind, force: force, probeFolder: true)
  }

  private mutating func check(_ path: String, option: String, kind: Kind, force: Bool, probeFolder: Bool) throws {
    if path.isEmpty { throw ValidationError("\(option) is an empty path; name a file") }
    try checkNotInput(path, option: option)
    try checkNotOtherOutput(path, option: option)
    if kind == .report, !force, let what = Self.notReportExtensions[Self.fileExtension(path)] {
      throw ValidationError(
        "\(option) \(path) is named like \(what), not a report; name the report .\(option == "--junit" ? "xml" : option == "--json" || option == "--perfetto" ? "json" : "html"), or give --force to write it there"
      )
    }
    // A folder is named before "the file exists … give --force", which --force would not cure.
    var isFolder: ObjCBool = false
    if kind == .edited, !force, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      if isFolder.boolValue { throw ValidationError("\(option) \(path) is a folder; name a file") }
      throw ValidationError(
        "\(option) \(path): the file exists; choose another \(option) or give --force to replace it")
    }
    if probeFolder { try PathCheck.checkWritable(path, option: option) }
    outputs[URL(fileURLWithPath: path).standardizedFileURL.path] = option
    if let id = FileID(path) { outputIDs[id] = (path, option) }
  }

  /// Checks a report output (``Kind/report``).
  mutating func checkReport(_ path: String, option: String, force: Bool = false) throws {
    try check(path, option: option, kind: .report, force: force)
  }

  /// Checks an output folder and the files the command will write into it.
  ///
  /// The folder is not created here: the nearest folder that exists must accept a new file.
  ///
  /// - Parameters:
  ///   - folder: The folder to be written into (created when missing).
  ///   - option: The option that named it.
  ///   - files: Names of files the command will write in it, each checked as an output of `kind`.
  ///   - kind: What those files are.
  ///   - force: Whether the user gave `--force`.
  /// - Throws: `ValidationError` naming the option, the path and what to do.
  mutating func checkFolder(
    _ folder: String, option: String, files: [String] = [], kind: Kind = .generated, force: Bool = false
  ) throws {
    if folder.isEmpty { throw ValidationError("\(option) is an empty path; name a folder (. for this one)") }
    try checkNotInput(folder, option: option)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw ValidationError("\(option) \(folder) is a file; name a folder") }
    }
    // The nearest folder that exists must take a new file (or the folder that will be created in it).
    var existing = URL(fileURLWithPath: folder).standardizedFileURL
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    if !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder) || !isFolder.boolValue {
      throw ValidationError(
        "\(option) \(folder): \(existing.path) is a file, so the folder cannot be created; name another folder")
    }
    let probe = existing.appendingPathComponent(".speech-replay-check-\(getpid())-\(UUID().uuidString.prefix(8))").path
    let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    if descriptor < 0 {
      let reason =
        errno == EACCES || errno == EPERM
        ? "permission denied" : errno == EROFS ? "a read-only file system" : "no file can be created there"
      throw ValidationError(
        "\(option) \(folder) cannot be written (\(existing.path): \(reason)); name a folder you can write to")
    }
    close(descriptor)
    unlink(probe)
    for file in files {
      // The folder (or the one it will be created in) takes new files: checked once above.
      let path = (folder as NSString).appendingPathComponent(file)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        throw ValidationError(
          "\(option) \(folder) holds a folder \(file) where a file is written; remove it or name another folder")
      }
      try check(path, option: option, kind: kind, force: force, probeFolder: false)
    }
  }

  /// Throws when `path` is one of the inputs: never overridden.
  func checkNotInput(_ path: String, option: String) throws {
    if let id = FileID(path), let input = inputs[id] {
      if let same = SameFile(input.path, path) {
        throw ValidationError(
          "\(option) \(path) is \(input.what) \(input.path)\(same.how), which this command reads; write to another path (--force does not change this)"
        )
      }
    }
  }

  private func checkNotOtherOutput(_ path: String, option: String) throws {
    let other =
      outputs[URL(fileURLWithPath: path).standardizedFileURL.path] ?? FileID(path).flatMap { outputIDs[$0]?.option }
    if let other {
      throw ValidationError("\(option) \(path) is also \(other); give each output its own file")
    }
  }

  /// The lowercased extension of the last path component, or empty.
  static func fileExtension(_ path: String) -> String {
    (path as NSString).pathExtension.lowercased()
  }
}
