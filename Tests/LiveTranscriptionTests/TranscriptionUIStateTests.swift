import LiveTranscription
import Testing

/// The text rendering that snapshots compare byte for byte.
struct TranscriptionUIStateTests {
  @Test func rendersOneLinePerFieldInAFixedOrder() {
    let state = TranscriptionUIState(
      committedText: "The quick brown fox.", volatileText: "jumps over", phase: .listening, isMicrophoneOffered: true)
    #expect(
      state.description
        == "phase: listening\ncommitted: \"The quick brown fox.\"\nvolatile: \"jumps over\"\nmicrophone: offered")
  }

  @Test func rendersEveryPhase() {
    let phases: [TranscriptionUIState.Phase] = [
      .idle, .preparing(progress: 0), .preparing(progress: 0.999), .preparing(progress: 1), .preparing(progress: .nan),
      .listening, .stopping, .unavailable(reason: "No."), .failed(message: "Offline \"now\""),
    ]
    #expect(
      phases.map(\.description) == [
        "idle", "preparing 0%", "preparing 99%", "preparing 100%", "preparing 0%", "listening", "stopping",
        "unavailable: \"No.\"", "failed: \"Offline \\\"now\\\"\"",
      ])
  }

  @Test func escapesTextSoEachFieldStaysOnOneLine() {
    let state = TranscriptionUIState(
      committedText: "a\nb\\c\t\u{1}", volatileText: "", phase: .idle, isMicrophoneOffered: false)
    #expect(state.description.split(separator: "\n").count == 4)
    #expect(state.description.contains("committed: \"a\\nb\\\\c\\t\\u{1}\""))
    #expect(state.description.hasSuffix("microphone: hidden"))
  }
}
