import Foundation
import Yams

/// A scenario file as YAML nodes, for the edits exploration makes: perturbations change keys and
/// insert steps, the shrinker drops and shortens steps, and the result is written back as an
/// ordinary scenario file.
///
/// Edits work on the YAML, not on the loaded ``Scenario``, so that what is run is exactly what a
/// reproducer file says. Every edited document is checked by ``Scenario/parse(yaml:file:relativeTo:)``
/// before it runs.
package struct ScenarioDocument: @unchecked Sendable, Hashable {
  // @unchecked: Yams does not mark `Node` Sendable; it is a value tree that no one mutates in place
  // (every edit here builds new nodes), so copies may cross tasks.
  /// The root mapping.
  package var root: Node
  /// The file it was read from, as the user named it.
  package var file: String
  /// The folder relative paths inside it start from.
  package var folder: String
  /// Seconds of audio in the scenario's `audio` file (0 without one).
  package var audioDuration: Double

  /// Reads a scenario file and checks it loads.
  /// - Parameter path: The scenario file.
  /// - Throws: ``ScenarioError`` when the file cannot be read or is not a valid scenario.
  package init(fileAt path: String) throws(ScenarioError) {
    let scenario = try Scenario.load(fileAt: path)
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw ScenarioError("cannot read the scenario file: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
    }
    let node: Node?
    do { node = try Yams.compose(yaml: text, .default, .default, .utf8) } catch {
      throw ScenarioError("the file is not valid YAML: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
    }
    guard let node, node.mapping != nil else {
      throw ScenarioError("a scenario file is a mapping of keys", at: SourceLocation(file: path, line: 1, column: 1))
    }
    let folder = (path as NSString).deletingLastPathComponent
    self.init(root: node, file: path, folder: folder.isEmpty ? "." : folder, audioDuration: scenario.audioDuration)
  }

  /// Wraps nodes already read.
  package init(root: Node, file: String, folder: String, audioDuration: Double) {
    self.root = root
    self.file = file
    self.folder = folder
    self.audioDuration = audioDuration
  }

  // MARK: Keys

  /// The node at a path of mapping keys (`[device, microphone, tapFrames]` of ``ScenarioKeys``), if present.
  package func value(at path: [ScenarioKey]) -> Node? {
    var node: Node? = root
    for key in path { node = node.flatMap { Self.child($0, key.name) } }
    return node
  }

  /// Sets (or, with nil, removes) the node at a path of mapping keys, creating mappings on the way.
  package mutating func set(_ value: Node?, at path: [ScenarioKey]) {
    root = Self.setting(value, at: path.names[...], in: root)
  }

  /// Sets a plain scalar (a number, a word or a duration) at a path.
  package mutating func set(scalar text: String, at path: [ScenarioKey]) {
    set(Node(text), at: path)
  }

  /// A flow mapping of keys and values, as perturbations write faults and route steps.
  package static func flow(_ entries: [(ScenarioKey, Node)]) -> Node {
    Node(entries.map { (Node($0.0.name), $0.1) }, .implicit, .flow)
  }

  private static func child(_ node: Node, _ key: String) -> Node? {
    node.mapping?.first { $0.key.string == key }?.value
  }

  private static func setting(_ value: Node?, at path: ArraySlice<String>, in node: Node) -> Node {
    guard let key = path.first else { return value ?? node }
    var pairs = node.mapping.map { Array($0).map { ($0.key, $0.value) } } ?? []
    let index = pairs.firstIndex { $0.0.string == key }
    let rest = path.dropFirst()
    if rest.isEmpty {
      switch (index, value) {
      case (let index?, let value?): pairs[index].1 = value
      case (let index?, nil): pairs.remove(at: index)
      case (nil, let value?): pairs.append((Node(key), value))
      case (nil, nil): break
      }
    } else {
      let existing = index.map { pairs[$0].1 } ?? Node([(Node, Node)]())
      let updated = setting(value, at: rest, in: existing.mapping == nil ? Node([(Node, Node)]()) : existing)
      if let index { pairs[index].1 = updated } else { pairs.append((Node(key), updated)) }
    }
    return Node(pairs, .implicit, node.mapping?.style ?? .block)
  }

  // MARK: Steps

  /// The top-level steps.
  package var steps: [Node] {
    get { value(at: [ScenarioKeys.steps])?.sequence.map(Array.init) ?? [] }
    set { set(Node(newValue, .implicit, .block), at: [ScenarioKeys.steps]) }
  }

  /// The step's word (`start`, `stop`) or its single key (`play`, `wait`, `route`…).
  package static func stepName(_ step: Node) -> String? {
    if let word = step.scalar?.string { return word }
    return step.mapping?.first?.key.string
  }

  /// The step's single value (`2s` of `play: 2s`).
  package static func stepValue(_ step: Node) -> Node? { step.mapping?.first?.value }

  /// A one-key step such as `wait: 500ms`.
  package static func step(_ kind: ScenarioKey, _ value: Node) -> Node {
    Node([(Node(kind.name), value)], .implicit, .flow)
  }

  /// A one-word step such as `start`.
  package static func step(_ kind: ScenarioKey) -> Node { Node(kind.name) }

  /// A duration as a scenario writes it, in whole milliseconds (at least 1 ms).
  package static func durationText(_ seconds: Double) -> String { "\(max(1, Int((seconds * 1000).rounded())))ms" }

  /// Seconds of a duration scalar, nil when it is not one.
  package static func seconds(_ node: Node?) -> Double? {
    guard let text = node?.scalar?.string, let duration = DurationText.parse(text) else { return nil }
    return DurationText.seconds(duration)
  }

  /// The virtual time the top-level steps take (`play`, `wait`, `interrupt`; a cycle counts once
  /// per pass), counting `play: end` as the audio left at that point.
  package var stepsDuration: Double {
    var elapsed = 0.0
    var played = 0.0
    for step in steps { Self.advance(step, elapsed: &elapsed, played: &played, audio: audioDuration) }
    return elapsed
  }

  static func advance(_ step: Node, elapsed: inout Double, played: inout Double, audio: Double) {
    typealias K = ScenarioKeys.Step
    switch stepName(step) {
    case K.play.name:
      let length = stepValue(step)?.scalar?.string == "end" ? max(0, audio - played) : (seconds(stepValue(step)) ?? 0)
      elapsed += length
      played += length
    case K.wait.name: elapsed += seconds(stepValue(step)) ?? 0
    // `interrupt: 1s`, or `interrupt: { duration: 1s, shouldResume: false }`.
    case K.interrupt.name:
      elapsed +=
        seconds(stepValue(step)) ?? seconds(stepValue(step).flatMap { child($0, ScenarioKeys.Interrupt.duration.name) })
        ?? 0
    case K.cycle.name:
      let count = stepValue(step).flatMap { child($0, ScenarioKeys.Cycle.count.name) }?.int ?? 1
      let inner = stepValue(step).flatMap { child($0, ScenarioKeys.Cycle.steps.name) }?.sequence.map(Array.init) ?? []
      for _ in 0..<max(0, min(count, 1000)) {
        for step in inner { advance(step, elapsed: &elapsed, played: &played, audio: audio) }
      }
    default: break
    }
  }

  /// Inserts steps at a moment of the run, `seconds` after the first step began: a `play` or `wait`
  /// that spans the moment is split in two around them (`play: end` keeps its second half as
  /// `play: end`); a moment past the last step appends them.
  package mutating func insert(_ inserted: [Node], atSeconds moment: Double) {
    var result: [Node] = []
    var elapsed = 0.0
    var played = 0.0
    var done = false
    for step in steps {
      if !done {
        let name = Self.stepName(step)
        let kind = [ScenarioKeys.Step.play, ScenarioKeys.Step.wait].first { $0.name == name }
        if moment <= elapsed + 1e-9 {
          result += inserted
          done = true
        } else if let kind {
          let isEnd = Self.stepValue(step)?.scalar?.string == "end"
          let length = isEnd ? max(0, audioDuration - played) : (Self.seconds(Self.stepValue(step)) ?? 0)
          if moment < elapsed + length - 0.001 {
            let first = moment - elapsed
            result.append(Self.step(kind, Node(Self.durationText(first))))
            result += inserted
            result.append(isEnd ? step : Self.step(kind, Node(Self.durationText(length - first))))
            done = true
            elapsed += length
            if kind == ScenarioKeys.Step.play { played += length }
            continue
          }
        }
      }
      Self.advance(step, elapsed: &elapsed, played: &played, audio: audioDuration)
      result.append(step)
    }
    if !done { result += inserted }
    steps = result
  }

  // MARK: Writing

  /// The YAML text, with the paths inside rewritten for a file in `folder` (relative to it when
  /// `absolute` is false, absolute otherwise).
  package func yaml(forFileIn destination: String, absolute: Bool = false) -> String {
    var copy = self
    for path in Self.pathKeys {
      guard let text = value(at: path)?.scalar?.string else { continue }
      let target = Self.absolute(text.hasPrefix("/") ? text : (folder as NSString).appendingPathComponent(text))
      copy.set(scalar: absolute ? target : Self.relative(target, from: Self.absolute(destination)), at: path)
    }
    return copy.yaml()
  }

  /// The YAML text as it stands (paths as written, relative to ``folder``).
  package func yaml() -> String {
    (try? Yams.serialize(node: root, width: -1, sortKeys: false)) ?? ""
  }

  /// Keys that hold file paths relative to the scenario's folder.
  static let pathKeys: [[ScenarioKey]] = [
    [ScenarioKeys.audio], [ScenarioKeys.model, ScenarioKeys.Model.transcript],
    [ScenarioKeys.device, ScenarioKeys.Device.microphone, ScenarioKeys.Microphone.tapSchedule],
    [ScenarioKeys.observed, ScenarioKeys.Observed.timeline],
  ]

  private static func absolute(_ path: String) -> String {
    let full =
      path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    // `.` and `..` resolved by name, symbolic links kept (standardizingPath may resolve them).
    var parts: [Substring] = []
    for part in full.split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `target` relative to the folder `base` (both absolute).
  static func relative(_ target: String, from base: String) -> String {
    let targetParts = target.split(separator: "/").map(String.init)
    let baseParts = base.split(separator: "/").map(String.init)
    var common = 0
    while common < min(targetParts.count, baseParts.count), targetParts[common] == baseParts[common] { common += 1 }
    let ups = Array(repeating: "..", count: baseParts.count - common)
    let path = (ups + targetParts[common...]).joined(separator: "/")
    return path.isEmpty ? "." : path
  }
}
