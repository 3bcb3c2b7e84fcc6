import Foundation

/// A strict reader of the Trace Event Format (JSON object form), written from Google's
/// "Trace Event Format" document, that the Perfetto export is checked against.
///
/// Strict means: a key the format does not define is an error, as is a missing required key, a
/// value of the wrong type, a phase this reader does not know, an instant without a valid scope, a
/// negative or non-finite time, a counter argument that is not a number, or a metadata event the
/// format does not name. Chosen over a JSON Schema file because no JSON Schema validator is among
/// the packages this project may use; the rules are the same ones a schema would state, in code.
enum TraceEventFormat {
  /// What the format says is wrong with a file.
  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  /// One event as the format defines it.
  struct Event: Equatable {
    var name: String
    var cat: String?
    var ph: String
    var ts: Double?
    var dur: Double?
    var pid: Int
    var tid: Int?
    var s: String?
    var args: [String: Any]

    static func == (lhs: Event, rhs: Event) -> Bool {
      lhs.name == rhs.name && lhs.ph == rhs.ph && lhs.ts == rhs.ts && lhs.dur == rhs.dur && lhs.pid == rhs.pid
        && lhs.tid == rhs.tid
    }
  }

  /// The keys an event may carry (the format's "Event Descriptions" section).
  static let eventKeys: Set<String> = [
    "name", "cat", "ph", "ts", "tts", "dur", "tdur", "pid", "tid", "s", "args", "id", "bp", "cname", "sf", "stack",
    "esf", "estack",
  ]
  /// The keys the JSON object form may carry.
  static let fileKeys: Set<String> = [
    "traceEvents", "displayTimeUnit", "systemTraceEvents", "otherData", "stackFrames", "samples", "metadata",
  ]
  /// The phases this reader accepts (the ones the export uses, and the duration pair).
  static let phases: Set<String> = ["X", "B", "E", "i", "I", "C", "M"]
  /// The metadata events the format names.
  static let metadataNames: Set<String> = [
    "process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index",
  ]

  /// Reads and checks a trace file.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: Its events, in file order.
  /// - Throws: ``Violation`` naming the first rule broken (with the event's index).
  static func read(_ data: Data) throws -> (events: [Event], displayTimeUnit: String?, otherData: [String: String]) {
    guard let file = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Violation(description: "the top level is not an object")
    }
    if let unknown = Set(file.keys).subtracting(fileKeys).first {
      throw Violation(description: "unknown top-level key \(unknown)")
    }
    guard let list = file["traceEvents"] as? [Any] else {
      throw Violation(description: "traceEvents is missing or not an array")
    }
    let unit = file["displayTimeUnit"].map { $0 as? String }
    if let unit, unit == nil || !["ms", "ns"].contains(unit!) {
      throw Violation(description: "displayTimeUnit must be \"ms\" or \"ns\"")
    }
    var other: [String: String] = [:]
    if let data = file["otherData"] {
      guard let map = data as? [String: Any] else { throw Violation(description: "otherData is not an object") }
      for (key, value) in map {
        guard let text = value as? String else { throw Violation(description: "otherData.\(key) is not a string") }
        other[key] = text
      }
    }
    return (try list.enumerated().map { try event($1, index: $0) }, unit ?? nil, other)
  }

  static func event(_ value: Any, index: Int) throws -> Event {
    func fail(_ text: String) -> Violation { Violation(description: "event \(index): \(text)") }
    guard let object = value as? [String: Any] else { throw fail("not an object") }
    if let unknown = Set(object.keys).subtracting(eventKeys).first { throw fail("unknown key \(unknown)") }
    guard let name = object["name"] as? String else { throw fail("name is missing or not a string") }
    guard let ph = object["ph"] as? String, phases.contains(ph) else {
      throw fail("ph is missing or not one of \(phases.sorted())")
    }
    guard let pid = integer(object["pid"]) else { throw fail("pid is missing or not an integer") }
    let tid = integer(object["tid"])
    if object["tid"] != nil, tid == nil { throw fail("tid is not an integer") }
    if let cat = object["cat"], !(cat is String) { throw fail("cat is not a string") }
    let args = object["args"].map { $0 as? [String: Any] }
    if let args, args == nil { throw fail("args is not an object") }
    let ts = number(object["ts"]), dur = number(object["dur"])
    if object["ts"] != nil, ts == nil { throw fail("ts is not a number") }
    if object["dur"] != nil, dur == nil { throw fail("dur is not a number") }
    if let ts, !(ts.isFinite && ts >= 0) { throw fail("ts \(ts) is negative or not finite") }
    if ph != "M" {
      guard ts != nil else { throw fail("a \(ph) event needs ts") }
      guard tid != nil else { throw fail("a \(ph) event needs tid") }
    }
    if dur != nil, ph != "X" { throw fail("dur belongs only to X events") }
    let scope = object["s"]
    if scope != nil, !(ph == "i" || ph == "I") { throw fail("s belongs only to instant events") }
    switch ph {
    case "X":
      guard let dur, dur.isFinite, dur >= 0 else { throw fail("an X event needs a finite dur of 0 or more") }
    case "i", "I":
      if let scope {
        guard let text = scope as? String, ["t", "p", "g"].contains(text) else { throw fail("s must be t, p or g") }
      }
    case "C":
      guard let args = args ?? nil, !args.isEmpty else { throw fail("a counter needs args") }
      for (key, value) in args where number(value) == nil { throw fail("counter argument \(key) is not a number") }
    case "M":
      guard metadataNames.contains(name) else { throw fail("unknown metadata event \(name)") }
      guard let args = args ?? nil else { throw fail("metadata needs args") }
      if name.hasSuffix("_name"), !(args["name"] is String) { throw fail("\(name) needs args.name as a string") }
      if name.hasSuffix("_sort_index"), integer(args["sort_index"]) == nil {
        throw fail("\(name) needs args.sort_index as an integer")
      }
    default: break
    }
    return Event(
      name: name, cat: object["cat"] as? String, ph: ph, ts: ts, dur: dur, pid: pid, tid: tid, s: scope as? String,
      args: (args ?? nil) ?? [:])
  }

  /// A JSON number.
  static func number(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber, !(value is String) else { return nil }
    return number.doubleValue
  }

  static func integer(_ value: Any?) -> Int? {
    guard let double = number(value), double == double.rounded(), abs(double) < 1e15 else { return nil }
    return Int(double)
  }
}
