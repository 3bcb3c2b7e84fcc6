internal import CYaml
import Foundation

/// Bounds on a scenario file's YAML, checked on libyaml's event stream before Yams builds nodes.
///
/// Yams shares an anchored node between its aliases, so a small file of nested aliases (an "alias
/// bomb") stands for billions of values; reading it, or comparing its keys, takes time and memory
/// without bound. The scan counts each alias as the values it stands for, in one pass with memory
/// proportional to the file, and refuses the file at the first place that goes past a bound.
struct YAMLLimits: Sendable {
  /// The largest file, in bytes.
  var maximumBytes = 4 << 20
  /// The most values (scalars, lists and mappings) the file may stand for once aliases are expanded.
  ///
  /// Reading is linear in it: 250 000 values (about 80 000 steps, or an hour-long capture's
  /// results) load in about a second in a debug build; a million took 5 s and 215 MB. What is
  /// accepted stays quick, and what would be slow is refused at once.
  var maximumNodes = 250_000
  /// The most aliases (`*name`).
  var maximumAliases = 10_000
  /// The deepest nesting of lists and mappings.
  var maximumDepth = 100

  static let standard = YAMLLimits()

  /// Checks `text` against the bounds.
  /// - Throws: ``ScenarioError`` at the place that goes past a bound. A syntax error ends the scan
  ///   quietly: Yams reports it with its place.
  func check(_ text: String, file: String) throws(ScenarioError) {
    let bytes = text.utf8.count
    guard bytes <= maximumBytes else {
      throw ScenarioError(
        "the scenario file is \(bytes) bytes, more than the \(maximumBytes) a scenario file may have; is it the right file? keep transcripts and results in a .words.tsv file",
        at: SourceLocation(file: file, line: 1, column: 1))
    }
    let utf8 = Array(text.utf8)
    if utf8.isEmpty { return }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return }
    defer { yaml_parser_delete(&parser) }
    var refusal: ScenarioError?
    utf8.withUnsafeBufferPointer { buffer in
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      do { try scan(&parser, file: file) } catch { refusal = error as? ScenarioError }
    }
    if let refusal { throw refusal }
  }

  private func scan(_ parser: inout yaml_parser_t, file: String) throws(ScenarioError) {
    // Per open list or mapping: the values it stands for so far, and its anchor.
    var open: [(count: Int, anchor: String?)] = []
    var anchors: [String: Int] = [:]
    var total = 0
    var aliases = 0
    func location(_ mark: yaml_mark_t) -> SourceLocation {
      SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
    func add(_ count: Int, at mark: yaml_mark_t, alias: String?) throws(ScenarioError) {
      let (sum, overflow) = total.addingReportingOverflow(count)
      total = overflow ? Int.max : sum
      if !open.isEmpty { open[open.count - 1].count = min(Int.max / 2, open[open.count - 1].count + count) }
      guard total <= maximumNodes else {
        throw tooManyValues(alias: alias, standingFor: count, aliases: aliases, at: location(mark))
      }
    }
    while true {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else { return }
      defer { yaml_event_delete(&event) }
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return
      case YAML_SCALAR_EVENT:
        try add(1, at: event.start_mark, alias: nil)
        if let anchor = Self.text(event.data.scalar.anchor) { anchors[anchor] = 1 }
      case YAML_ALIAS_EVENT:
        aliases += 1
        guard aliases <= maximumAliases else {
          throw ScenarioError(
            "the file has more than \(maximumAliases) aliases (*name), more than a scenario needs; write the values out",
            at: location(event.start_mark))
        }
        let name = Self.text(event.data.alias.anchor) ?? ""
        try add(anchors[name] ?? 1, at: event.start_mark, alias: name)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        try add(1, at: event.start_mark, alias: nil)
        let anchor =
          event.type == YAML_SEQUENCE_START_EVENT
          ? Self.text(event.data.sequence_start.anchor) : Self.text(event.data.mapping_start.anchor)
        open.append((1, anchor))
        guard open.count <= maximumDepth else {
          throw ScenarioError(Self.tooDeep(maximumDepth), at: location(event.start_mark))
        }
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let closed = open.popLast() else { continue }
        // The parent's count already includes the children, added as they came.
        if let anchor = closed.anchor { anchors[anchor] = closed.count }
      default:
        continue
      }
    }
  }

  /// The file holds more than ``maximumNodes`` values at `location` (the alias there, when one brought it over).
  private func tooManyValues(
    alias: String?, standingFor count: Int, aliases: Int, at location: SourceLocation
  ) -> ScenarioError {
    if let alias {
      return ScenarioError(
        "the alias '*\(alias)' here stands for \(count) values and brings the file to more than \(maximumNodes) values once aliases are expanded, more than a scenario may have; write the values out instead of nesting aliases",
        at: location)
    }
    return ScenarioError(
      "the file reaches more than \(maximumNodes) values here\(aliases > 0 ? " once aliases are expanded" : ""), more than a scenario may have (loading it would be slow); "
        + "use a cycle for repeated steps, keep long result lists in a .words.tsv transcript, or split the scenario",
      at: location)
  }

  /// The refusal of lists and mappings nested deeper than `depth`.
  static func tooDeep(_ depth: Int) -> String {
    "lists and mappings nest more than \(depth) deep here, deeper than a scenario needs; check the indentation and brackets"
  }

  private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
  }
}
