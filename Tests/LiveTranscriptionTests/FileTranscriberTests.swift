import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import Testing

/// The file transcriber (WWDC25 session 277's pattern) on a simulated device.
@Suite(.serialized) struct FileTranscriberTests {
  static func file(_ fixture: String) -> URL { StackHarness.fixtures.appendingPathComponent("\(fixture).wav") }

  @MainActor static func recorded(
    _ url: URL, locale: Locale = StackHarness.enUS
  ) -> (FileTranscriber, FileStateRecorder) {
    let transcriber = FileTranscriber(fileURL: url, locale: locale)
    let recorder = FileStateRecorder()
    transcriber.onStateChange = { recorder.states.append($0) }
    return (transcriber, recorder)
  }

  @Test func theWholeFileIsCommittedOnceAndTheAnalyzerFinishes() throws {
    let device = try StackHarness.device("two-commands")
    let (states, ledger, files) = try StackHarness.run("file", on: device) {
      let (transcriber, recorder) = Self.recorded(Self.file("two-commands"))
      await transcriber.start()
      return (recorder.states, StackHarness.ledgerCounts(), Simulation.current!.ledger.count(of: "open audio files"))
    }
    #expect(
      states.last
        == TranscriptionUIState(
          committedText: "Turn on the lights. Set a timer for ten minutes.", phase: .idle, isMicrophoneOffered: true))
    // Finals are appended one by one, never rewritten, and no volatile text is shown with the transcription preset.
    let committed = states.map(\.committedText).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
    #expect(committed == ["", "Turn on the lights.", "Turn on the lights. Set a timer for ten minutes."])
    #expect(states.allSatisfy { $0.volatileText.isEmpty })
    #expect(
      states.map(\.phase).reduce(into: [TranscriptionUIState.Phase]()) { if $0.last != $1 { $0.append($1) } } == [
        .preparing(progress: 0), .listening, .idle,
      ])
    #expect(ledger == [0, 0, 0], "the session is finished; no engine or tap was ever used")
    #expect(files == 0, "the audio file is closed")
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func aFileThatCannotBeReadFailsNamingTheFile() throws {
    let device = try StackHarness.device("hello-world")
    let state = try StackHarness.run("missing file", on: device) {
      let (transcriber, _) = Self.recorded(URL(fileURLWithPath: "/nonexistent/memo.caf"))
      await transcriber.start()
      return transcriber.uiState
    }
    guard case .failed(let message) = state.phase else {
      Issue.record("expected a failure, got \(state.phase)")
      return
    }
    #expect(message.contains("memo.caf") && message.contains("cannot be read"), "\(message)")
  }

  @Test func aFirstOfflineRunFailsSayingTheNetworkIsNeeded() throws {
    let device = try StackHarness.device("hello-world", installed: false, online: false)
    let state = try StackHarness.run("offline", on: device) {
      let (transcriber, _) = Self.recorded(Self.file("hello-world"))
      await transcriber.start()
      return transcriber.uiState
    }
    guard case .failed(let message) = state.phase else {
      Issue.record("expected a failure, got \(state.phase)")
      return
    }
    #expect(message.contains("en-US") && message.contains("network"), "\(message)")
    #expect(state.committedText.isEmpty)
  }

  @Test func aMissingModelIsDownloadedFirst() throws {
    let device = try StackHarness.device("hello-world", installed: false)
    let state = try StackHarness.run("download", on: device) {
      let (transcriber, _) = Self.recorded(Self.file("hello-world"))
      await transcriber.start()
      return transcriber.uiState
    }
    #expect(state == TranscriptionUIState(committedText: "Hello world.", phase: .idle, isMicrophoneOffered: true))
  }

  @Test func anUnsupportedLocaleIsUnavailableWithTheControlHidden() throws {
    let device = try StackHarness.device("hello-world")
    let state = try StackHarness.run("unsupported", on: device) {
      let (transcriber, _) = Self.recorded(Self.file("hello-world"), locale: Locale(identifier: "ko-KR"))
      await transcriber.start()
      return transcriber.uiState
    }
    guard case .unavailable(let reason) = state.phase else {
      Issue.record("expected unavailable, got \(state.phase)")
      return
    }
    #expect(reason.contains("ko-KR"), "\(reason)")
    #expect(!state.isMicrophoneOffered)
  }

  @Test func stopCancelsTheTranscriptionAndTheNextStartTranscribesAgain() throws {
    // A second of model latency keeps results pending, so stop() comes while finalizing waits for them.
    let device = try StackHarness.device("hello-world", latency: .seconds(1))
    let (stopped, ledgerAfterStop, again) = try StackHarness.run("stop", on: device) {
      let (transcriber, _) = Self.recorded(Self.file("hello-world"))
      let first = Task { @MainActor in await transcriber.start() }
      try await StackHarness.wait(.milliseconds(500))
      await transcriber.stop()
      await first.value
      let stopped = transcriber.uiState
      let ledger = StackHarness.ledgerCounts()
      await transcriber.start()
      return (stopped, ledger, transcriber.uiState)
    }
    #expect(
      stopped == TranscriptionUIState(committedText: "", phase: .idle, isMicrophoneOffered: true),
      "pending results are dropped")
    #expect(ledgerAfterStop == [0, 0, 0])
    #expect(again == TranscriptionUIState(committedText: "Hello world.", phase: .idle, isMicrophoneOffered: true))
  }
}

/// The UI states a file transcriber went through, in order.
@MainActor final class FileStateRecorder {
  var states: [TranscriptionUIState] = []
}
