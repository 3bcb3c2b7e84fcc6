import AudioPCM
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Yams

extension Scenario {
  /// The top-level keys of schema 1, in the order messages list them.
  static let topLevelKeys = ScenarioKeys.all

  /// Reads and checks a scenario file.
  ///
  /// Paths inside it (`audio`, `model.transcript`) are relative to the file's folder.
  /// - Parameters:
  ///   - path: The file, as the user names it (kept as written in messages).
  ///   - limits: The runner's limits on virtual time and steps (the scenario's `limits:` can raise them).
  /// - Returns: The scenario.
  /// - Throws: ``ScenarioError`` with `file:line:column`, what is wrong and how to fix it: an
  ///   unreadable file, YAML syntax, a file too large or an alias bomb, an unknown key, a wrong type,
  ///   a bad duration, a missing audio file, steps that add up to more than the limits.
  public static func load(fileAt path: String, limits: Limits = .standard) throws(ScenarioError) -> Scenario {
    let text: String
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
      size > YAMLLimits.standard.maximumBytes
    {
      throw ScenarioError(
        "the scenario file is \(size) bytes, more than the \(YAMLLimits.standard.maximumBytes) a scenario file may have; is it the right file?",
        at: SourceLocation(file: path, line: 1, column: 1))
    }
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ScenarioError(
        "cannot read the scenario file: \(FileProblem.describe(error, path: path)); check the path and that the file is UTF-8 text",
        at: SourceLocation(file: path, line: 1, column: 1))
    }
    let folder = (path as NSString).deletingLastPathComponent
    let scenario = try parse(yaml: text, file: path, relativeTo: folder.isEmpty ? "." : folder)
    try scenario.checkLimits(limits)
    return scenario
  }

  /// Reads and checks a scenario from YAML text.
  /// - Parameters:
  ///   - yaml: The scenario's text.
  ///   - file: The name messages give the file.
  ///   - folder: The folder relative paths start from.
  /// - Returns: The scenario.
  /// - Throws: ``ScenarioError`` as ``load(fileAt:limits:)`` does.
  public static func parse(yaml: String, file: String, relativeTo folder: String) throws(ScenarioError) -> Scenario {
    try YAMLLimits.standard.check(yaml, file: file)
    let root: Node
    do {
      // UTF-8 named, not `Parser.Encoding.default`: that one copies the whole environment into a
      // dictionary on every call (a few percent of a short run, parsed once in each process).
      // The basic resolver, not `.default`: the decoder reads every scalar as written
      // (`ScenarioNode`), never by its resolved tag, and the default one compiles seven regular
      // expressions at its first use (ICU, 2 % of a 60 s scenario's CPU) and runs them on every
      // mapping key for the duplicate-key check. Keys are duplicates when their text is the same,
      // as before (a plain `1` and a quoted `"1"` now count as the same key, as the decoder reads them).
      guard let node = try Yams.compose(yaml: yaml, .basic, .default, .utf8) else {
        throw ScenarioError(
          "the scenario file is empty; start it with 'schema: 1' and 'steps:'",
          at: SourceLocation(file: file, line: 1, column: 1))
      }
      root = node
    } catch let error as ScenarioError {
      throw error
    } catch {
      throw yamlError(error, file: file)
    }
    return try ScenarioDecoder(file: file, folder: folder).scenario(ScenarioNode(node: root, file: file, path: ""))
  }

  /// A Yams syntax error as a located scenario error.
  private static func yamlError(_ error: any Error, file: String) -> ScenarioError {
    func located(_ problem: String, _ mark: Mark, _ context: YamlError.Context?) -> ScenarioError {
      // libyaml's own bound (a thousand levels), met before YAMLLimits' when its scanner reads a
      // run of `[` ahead: the same refusal, not libyaml's text naming its C function.
      if problem.hasPrefix("Maximum nesting level") {
        return ScenarioError(
          YAMLLimits.tooDeep(YAMLLimits.standard.maximumDepth),
          at: SourceLocation(file: file, line: mark.line, column: mark.column))
      }
      let contextText = context.map { " (\($0.text))" } ?? ""
      return ScenarioError(
        "YAML syntax error: \(problem)\(contextText); check indentation, colons and quotes",
        at: SourceLocation(file: file, line: mark.line, column: mark.column))
    }
    switch error as? YamlError {
    case .scanner(let context, let problem, let mark, _): return located(problem, mark, context)
    case .parser(let context, let problem, let mark, _): return located(problem, mark, context)
    case .composer(let context, let problem, let mark, _): return located(problem, mark, context)
    case .reader(_, let offset?, let value, let yaml):
      return readerError(at: offset, value: value, in: yaml, file: file)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ScenarioError(
        "the key '\(duplicates.joined(separator: "', '"))' appears twice; keep one",
        at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column))
    default:
      return ScenarioError("the file is not valid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
    }
  }

  /// libyaml's reader refuses a character YAML does not allow (a control character such as NUL or
  /// ESC): located at it, naming it, rather than at 1:1 with libyaml's text and the raw line.
  /// - Parameters:
  ///   - offset: Characters from the start of `yaml` to the refused one.
  ///   - value: The refused character's code, or -1.
  private static func readerError(at offset: Int, value: Int32, in yaml: String, file: String) -> ScenarioError {
    let lines = yaml.prefix(offset).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    let code = String(format: "%04X", max(0, value))
    return ScenarioError(
      "the file holds the character U+\(code) here, a control character YAML does not allow; remove it, or write it as an escape inside double quotes (\"\\u\(code)\")",
      at: SourceLocation(file: file, line: lines.count, column: (lines.last?.count ?? 0) + 1))
  }
}
