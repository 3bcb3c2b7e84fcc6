import Testing

@testable import SimulatedDevice

/// The alignment's lock as an enum of its states, and what waits for it.
@Suite struct AudioAlignmentLockTests {
  typealias Lock = AudioConservation.Alignment.Lock

  @Test func onlyATentativeOrConfirmedLockHasAnOffset() {
    #expect(Lock.searching.offset == nil)
    #expect(Lock.tentative(offset: 12).offset == 12)
    #expect(Lock.confirmed(offset: -7).offset == -7)
    // A session that never heard sound was placed, not locked: captureSeconds keeps its bookkeeping.
    #expect(Lock.placed(offset: 40).offset == nil)
    #expect(
      [Lock.searching, .tentative(offset: 1), .confirmed(offset: 1), .placed(offset: 1)].map(\.isConfirmed) == [
        false, false, true, false,
      ])
  }

  @Test func heldSilenceIsKeptMerged() {
    var held = AudioConservation.Alignment.Held()
    held.holdSilence(0..<320)
    held.holdSilence(320..<640)
    held.holdSilence(960..<1280)
    #expect(held.silence == [0..<640, 960..<1280])
  }

  /// A session that hears only silence is placed at the end of the run, its silence judged there.
  @Test func aSessionOfSilenceIsPlacedAtTheEnd() {
    var state = AudioConservation.State()
    var alignment = AudioConservation.Alignment(name: "analyzer 1", start: 0, guess: 1600, hearsMicrophone: true)
    let silence = [Float](repeating: 0, count: 640)
    silence.withUnsafeBufferPointer { alignment.append($0) }
    alignment.process(reference: state.reference, deliveries: state.deliveries, force: true, into: &state)
    #expect(alignment.lock == .searching)
    alignment.finish(into: &state)
    #expect(alignment.lock == .placed(offset: 1600))
    #expect(alignment.placedOffset == 1600)
    #expect(state.intact.covered(1600..<2240) == 640, "silence where the microphone was silent is intact")
  }
}
