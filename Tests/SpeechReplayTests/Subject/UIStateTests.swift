import SpeechReplay
import Testing

@Suite struct UIStateTests {
  @Test func phasesHaveAStableTextForm() {
    #expect(UIState.Phase.preparing(progress: 0.999).description == "preparing 99%", "progress rounds down")
    #expect(UIState.Phase.preparing(progress: nil).description == "preparing")
    #expect(UIState.Phase.failed("no network").description == "failed: no network")
    #expect(UIState.Phase.unavailable(nil).description == "unavailable")
    #expect(
      UIState(committed: "A \"b\"", volatile: "c\nd").rendered
        == "phase: idle\nmicrophone: offered\ncommitted: \"A \\\"b\\\"\"\nvolatile: \"c\\nd\"\n")
  }

  @Test func aPhaseExpectationMatchesWithoutItsDetail() {
    let location = SourceLocation(file: "s.yaml", line: 3, column: 5)
    let expectation = StateExpectation(phase: .init(["preparing"], at: location))
    #expect(
      expectation.failures(
        against: UIState(phase: .preparing(progress: 0.4)), context: "at the end", check: CheckID(.state, "final"),
        virtualTime: nil, audioTime: nil
      ).isEmpty)
    #expect(
      expectation.failures(
        against: UIState(phase: .listening), context: "at the end", check: CheckID(.state, "final"), virtualTime: nil,
        audioTime: nil
      ).map(\.description) == [
        "s.yaml:3:5: phase at the end is 'listening', expected 'preparing'"
      ])
    let exact = StateExpectation(phase: .init(["failed: no network"], at: location))
    #expect(
      !exact.failures(
        against: UIState(phase: .failed("no network at all")), context: "x", check: CheckID(.state, "final"),
        virtualTime: nil, audioTime: nil
      ).isEmpty)
  }

  @Test func aListOfPhasesAllowsAnyOfThem() {
    let location = SourceLocation(file: "s.yaml", line: 3, column: 5)
    let expectation = StateExpectation(phase: .init(["idle", "preparing"], at: location))
    func failures(_ phase: UIState.Phase) -> [String] {
      expectation.failures(
        against: UIState(phase: phase), context: "at snapshot 'p'", check: CheckID(.state, "snapshot"),
        virtualTime: nil, audioTime: nil
      ).map(\.description)
    }
    #expect(failures(.idle).isEmpty)
    #expect(failures(.preparing(progress: 0.5)).isEmpty)
    #expect(
      failures(.listening) == ["s.yaml:3:5: phase at snapshot 'p' is 'listening', expected 'idle' or 'preparing'"])
    #expect(failures(.failed("no microphone")).count == 1)
  }
}
