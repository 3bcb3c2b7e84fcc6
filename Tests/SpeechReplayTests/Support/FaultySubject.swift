import Foundation
import SpeechReplay
import SpeechShim

/// A tiny stack on the twins with one deliberate fault, so each invariant is seen to catch the
/// trap it names. Without a fault it behaves like `TwinSubject` (finalizes on stop, converts).
@MainActor
final class FaultySubject: TranscriptionSubject {
  /// The one thing this stack does wrong.
  enum Fault: String, Sendable, CaseIterable {
    /// Shows the whole transcript so far as the volatile text (committed words repeat at its head).
    case volatileRepeatsCommitted
    /// Commits a final but leaves the volatile guess on screen.
    case keepsVolatileOnFinal
    /// Replaces the committed text with each final instead of appending.
    case replacesCommitted
    /// Stops by cancelling: no finalize, the pending guess is dropped.
    case stopsWithoutFinalizing
    /// Feeds the microphone's buffers to the analyzer without converting them.
    case feedsMicrophoneFormat
    /// Stops the analyzer but leaves the engine running and the tap installed.
    case leaksEngineOnStop
    /// Holds every buffer until stop, then feeds them all: the analyzer falls far behind.
    case holdsInputUntilStop
    /// No fault.
    case none
  }

  private(set) var uiState = UIState()
  private let fault: Fault
  private let locale: Locale
  private var onChange: (@MainActor () -> Void)?
  private let engine = AVAudioEngine()
  private var analyzer: SpeechAnalyzer?
  private var input: AsyncStream<AnalyzerInput>.Continuation?
  private var resultsTask: Task<Void, Never>?
  private let held = HeldInput()

  init(options: SubjectOptions, fault: Fault) {
    self.fault = fault
    locale = Locale(identifier: options.locale)
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  private func update(_ change: (inout UIState) -> Void) {
    change(&uiState)
    onChange?()
  }

  func start() async {
    let transcriber = SpeechTranscriber(locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults], attributeOptions: [.audioTimeRange])
    let fault = self.fault
    do {
      let analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      self.analyzer = analyzer
      let (stream, continuation) = AsyncStream<AnalyzerInput>.makeStream()
      input = continuation
      resultsTask = Task { @MainActor [weak self] in
        do {
          for try await result in transcriber.results {
            let text = String(result.text.characters)
            self?.update { state in
              let joined = state.committed.isEmpty || text.isEmpty ? state.committed + text : state.committed + " " + text
              if result.isFinal {
                state.committed = fault == .replacesCommitted ? text : joined
                if fault != .keepsVolatileOnFinal { state.volatile = "" }
              } else {
                state.volatile = fault == .volatileRepeatsCommitted ? joined : text
              }
            }
          }
        } catch {}
      }
      try await analyzer.start(inputSequence: stream)
      try startMicrophone(analyzerFormat: analyzerFormat, continuation: continuation)
      update { $0.phase = .listening }
    } catch {
      update { $0.phase = .failed("\(error)") }
    }
  }

  private func startMicrophone(analyzerFormat: AVAudioFormat?, continuation: AsyncStream<AnalyzerInput>.Continuation) throws {
    guard let analyzerFormat else { throw CocoaError(.featureUnsupported) }
    let node = engine.inputNode
    let micFormat = node.outputFormat(forBus: 0)
    guard let converter = AVAudioConverter(from: micFormat, to: analyzerFormat) else { throw CocoaError(.featureUnsupported) }
    nonisolated(unsafe) let tapConverter = converter
    let fault = self.fault, held = self.held
    node.installTap(onBus: 0, bufferSize: 4096, format: micFormat) { @Sendable buffer, _ in
      if fault == .feedsMicrophoneFormat {
        continuation.yield(AnalyzerInput(buffer: buffer))
        return
      }
      guard let out = TapConversion.convert(buffer, with: tapConverter, to: analyzerFormat) else { return }
      if fault == .holdsInputUntilStop { held.append(AnalyzerInput(buffer: out)) } else { continuation.yield(AnalyzerInput(buffer: out)) }
    }
    engine.prepare()
    try engine.start()
  }

  func stop() async {
    guard let analyzer else { return }
    update { $0.phase = .stopping }
    if fault != .leaksEngineOnStop {
      engine.stop()
      engine.inputNode.removeTap(onBus: 0)
    }
    for element in held.takeAll() { input?.yield(element) }
    input?.finish()
    if fault == .stopsWithoutFinalizing {
      await analyzer.cancelAndFinishNow()
      update { $0.volatile = "" }
    } else {
      try? await analyzer.finalizeAndFinishThroughEndOfInput()
    }
    await resultsTask?.value
    self.analyzer = nil
    input = nil
    resultsTask = nil
    update { $0.phase = .idle }
  }
}

/// Buffers a faulty stack holds back; the tap appends from the engine's task.
final class HeldInput: @unchecked Sendable {
  // @unchecked: `items` is guarded by `lock`.
  private let lock = NSLock()
  private var items: [AnalyzerInput] = []

  func append(_ item: AnalyzerInput) { lock.withLock { items.append(item) } }

  func takeAll() -> [AnalyzerInput] {
    lock.withLock {
      defer { items.removeAll() }
      return items
    }
  }
}

extension SubjectFactory {
  /// The faulty stack with `fault`.
  static func faulty(_ fault: FaultySubject.Fault) -> SubjectFactory {
    SubjectFactory(name: "FaultySubject(\(fault))") { options in FaultySubject(options: options, fault: fault) }
  }
}
