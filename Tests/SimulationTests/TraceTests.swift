import Simulation
import Testing

@Suite struct TraceTests {
  @Test func canonicalLineEscapesValues() {
    let event = TraceEvent(
      sequence: 3, time: .milliseconds(1500), kind: "ui.state",
      fields: [.init("text", "the \"quick\"\nfox"), .init("phase", "listening"), .init("empty", "")])
    #expect(event.canonicalLine == #"#3 1.500000000 ui.state text="the \"quick\"\nfox" phase=listening empty="""#)
    #expect(event["phase"] == "listening")
    #expect(event["missing"] == nil)
  }

  @Test func stableHashIsFNV1a64() {
    var empty = StableHash()
    #expect(empty.hexDigest == "cbf29ce484222325")
    empty.combine("a")
    #expect(empty.hexDigest == "af63dc4c8601ec8c")
  }

  /// The trace hash streams fields into the hash; it must equal hashing the canonical lines, so
  /// hashes in existing histories stay comparable.
  @Test func streamedHashEqualsHashingTheCanonicalLines() {
    let awkward = [
      "", "plain", "two words", "a=b", "quote\"d", "back\\slash", "tab\tcr\rnl\n", "ünïcødé", "e\u{301} =",
      " \u{301}", "=\u{301}", "\"\u{301}", "🎙️ mic", "x\u{0}y", "\r\n",
    ]
    var events: [TraceEvent] = []
    for (index, value) in awkward.enumerated() {
      events.append(
        TraceEvent(
          sequence: index * 997, time: .nanoseconds(Int64(index) * 1_234_567_891 - 3_000_000_000),
          kind: TraceEvent.Kind(rawValue: "kind.\(index)"),
          fields: [.init("value", value), .init("n", String(index)), .init("again", value)]))
    }
    events.append(TraceEvent(sequence: Int.max, time: .seconds(1_000_000), kind: .note, fields: []))
    events.append(TraceEvent(sequence: 0, time: .zero, kind: .note, fields: [.init("", "")]))
    var lines = StableHash()
    for event in events {
      lines.combine(event.canonicalLine)
      lines.combine("\n")
      var streamed = StableHash()
      event.hashCanonicalLine(into: &streamed)
      var single = StableHash()
      single.combine(event.canonicalLine + "\n")
      #expect(streamed == single, "streamed hash differs for \(event.canonicalLine)")
    }
    #expect(events.stableHash == lines.hexDigest)
  }

  @Test func firstDivergenceFindsChangedAndMissingEvents() {
    let a = [TraceEvent(sequence: 0, time: .zero, kind: .note, fields: [.init("text", "x")])]
    let b = a + [TraceEvent(sequence: 1, time: .seconds(1), kind: .note, fields: [])]
    #expect(a.firstDivergence(from: a) == nil)
    #expect(b.firstDivergence(from: a) == TraceDivergence(index: 1, expected: nil, actual: "#1 1.000000000 note"))
    #expect(a.firstDivergence(from: b)?.description.contains("got <end of trace>") == true)
    #expect(a.stableHash != b.stableHash)
  }

  @Test func eventsCarryVirtualTimeAndSequence() throws {
    let report = try Simulation.run(testConfiguration("trace times")) {
      let trace = Simulation.current!.trace
      trace.record(.note, ["text": "start"])
      try? await VirtualClock().sleep(for: .milliseconds(250))
      trace.record(.diagnostic, ["message": "later"])
    }
    #expect(report.trace.map(\.sequence) == [0, 1])
    #expect(report.trace.map(\.time) == [.zero, .milliseconds(250)])
    #expect(report.traceHash == report.trace.stableHash)
  }
}
