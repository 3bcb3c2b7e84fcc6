import Simulation
import Testing

@Suite struct TypedTraceEventTests {
  @Test func aTypedEventIsRecordedWithItsKindAndFieldsAndReadBack() throws {
    let report = try Simulation.run(testConfiguration("typed trace")) {
      try? await VirtualClock().sleep(for: .milliseconds(40))
      Simulation.current!.trace.record(ResourceAcquiredEvent(resource: .installedTaps, label: "bus 0 tap"))
    }
    let event = try #require(report.trace.first)
    #expect(event.canonicalLine == "#0 0.040000000 ledger.acquire kind=\"installed taps\" label=\"bus 0 tap\"")
    let timed = try #require(Timed<ResourceAcquiredEvent>(event))
    #expect(timed.sequence == 0)
    #expect(timed.time == .milliseconds(40))
    #expect(timed.resource == .installedTaps)
    #expect(timed.label == "bus 0 tap")
  }

  @Test func theLedgerRecordsAcquireAndReleaseThroughTheTypedViews() throws {
    let report = try Simulation.run(testConfiguration("ledger trace")) {
      let lease = Simulation.current!.ledger.acquire(.runningEngines, label: "engine")
      try? lease.release()
    }
    let events = report.trace.filter { $0.kind == .resourceAcquired || $0.kind == .resourceReleased }
    #expect(
      events.compactMap(ResourceAcquiredEvent.init) == [
        ResourceAcquiredEvent(resource: .runningEngines, label: "engine")
      ])
    #expect(
      events.compactMap(ResourceReleasedEvent.init) == [
        ResourceReleasedEvent(resource: .runningEngines, label: "engine")
      ])
    for event in events {
      let fields = ResourceAcquiredEvent(event)?.fields ?? ResourceReleasedEvent(event)?.fields
      #expect(fields == event.fields, "event → view → fields must give the recorded fields back")
    }
  }

  @Test func aViewIsNilForAnotherKindOrAMissingField() {
    let event = ResourceAcquiredEvent(resource: .tasks, label: "t").event(sequence: 0, time: .zero)
    #expect(ResourceAcquiredEvent(event) != nil)
    #expect(ResourceReleasedEvent(event) == nil, "another kind")
    var missing = event
    missing.fields.removeAll { $0.name == "label" }
    #expect(ResourceAcquiredEvent(missing) == nil)
    var renamed = event
    renamed.fields[0].name = "resource"
    #expect(ResourceAcquiredEvent(renamed) == nil)
  }

  @Test func fieldValuesParseStrictly() {
    let fields: [TraceEvent.Field] = [
      .init("n", "12"), .init("x", "1.5"), .init("yes", "true"), .init("word", "maybe"),
    ]
    #expect(fields.int("n") == 12)
    #expect(fields.int64("n") == 12)
    #expect(fields.int("x") == nil)
    #expect(fields.double("x") == 1.5)
    #expect(fields.bool("yes") == true)
    #expect(fields.bool("word") == nil)
    #expect(fields.value("absent") == nil)
  }
}
