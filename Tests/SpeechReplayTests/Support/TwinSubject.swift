import Foundation
import SpeechReplay
import SpeechShim

/// A small live-transcription stack on the twins, in the seeds' design with their traps handled,
/// so the runner's tests have a real subject until the reference stack's adapter is merged.
///
/// It records what it observed (`events`) so tests can assert that a step reached the subject.
@MainActor
final class TwinSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  /// What the subject observed, in order: `start`, `interruption began`, `route changed`, …
  private(set) var events: [String] = []
  private let locale: Locale
  private var onChange: (@MainActor () -> Void)?
  private var engine = AVAudioEngine()
  private var analyzer: SpeechAnalyzer?
  private var transcriber: SpeechTranscriber?
  private var analyzerFormat: AVAudioFormat?
  private var input: AsyncStream<AnalyzerInput>.Continuation?
  private var resultsTask: Task<Void, Never>?
  private var observers: [any NSObjectProtocol] = []

  private let report: @Sendable (String) -> Void

  /// Creates the subject.
  /// - Parameters:
  ///   - options: The scenario's subject options (the locale is used).
  ///   - report: Told every event the subject observes, for tests that make it inside the runner.
  init(options: SubjectOptions, report: @escaping @Sendable (String) -> Void = { _ in }) {
    self.report = report
    locale = Locale(identifier: options.locale)
    _ = AVAudioSession.sharedInstance()  // the session posts the current device's interruptions
    let center = NotificationCenter.default
    // The twins post synchronously on the simulation thread, which runs main-actor work.
    observers.append(center.addObserver(forName: .AVAudioEngineConfigurationChange, object: nil, queue: nil) { [weak self] _ in
      MainActor.assumeIsolated { self?.routeChanged() }
    })
    observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { [weak self] note in
      let began = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt) == AVAudioSession.InterruptionType.began.rawValue
      MainActor.assumeIsolated { self?.interrupted(began: began) }
    })
  }

  isolated deinit {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }

  private func note(_ event: String) {
    events.append(event)
    report(event)
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  private func update(_ change: (inout UIState) -> Void) {
    change(&uiState)
    onChange?()
  }

  func start() async {
    note("start")
    guard await AVAudioApplication.requestRecordPermission() else {
      update { $0.phase = .failed("microphone permission denied") }
      return
    }
    let transcriber = SpeechTranscriber(locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults], attributeOptions: [.audioTimeRange])
    self.transcriber = transcriber
    do {
      let wanted = locale.identifier(.bcp47)
      guard await SpeechTranscriber.supportedLocales.contains(where: { $0.identifier(.bcp47) == wanted }) else {
        update { $0.phase = .unavailable("locale not supported"); $0.microphoneOffered = false }
        return
      }
      if !(await SpeechTranscriber.installedLocales.contains { $0.identifier(.bcp47) == wanted }) {
        update { $0.phase = .preparing(progress: 0) }
        if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
          try await request.downloadAndInstall()
        }
      }
      analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      self.analyzer = analyzer
      let (stream, continuation) = AsyncStream<AnalyzerInput>.makeStream(bufferingPolicy: .bufferingNewest(64))
      input = continuation
      resultsTask = Task { @MainActor [weak self] in
        do {
          for try await result in transcriber.results {
            let text = String(result.text.characters)
            self?.update { state in
              if result.isFinal {
                state.committed += state.committed.isEmpty || text.isEmpty ? text : " " + text
                state.volatile = ""
              } else {
                state.volatile = text
              }
            }
          }
        } catch {
          self?.update { $0.phase = .failed("\(error)") }
        }
      }
      try await analyzer.start(inputSequence: stream)
      try startMicrophone()
      update { $0.phase = .listening }
    } catch {
      update { $0.phase = .failed("\(error)") }
    }
  }

  private func startMicrophone() throws {
    guard let analyzerFormat, let continuation = input else { throw CocoaError(.featureUnsupported) }
    let node = engine.inputNode
    let micFormat = node.outputFormat(forBus: 0)
    guard let converter = AVAudioConverter(from: micFormat, to: analyzerFormat) else { throw CocoaError(.featureUnsupported) }
    converter.downmix = true  // a stereo microphone's channels are mixed, not cut to the first
    // The tap runs on the engine's task, not the main actor: it touches only what it captures.
    nonisolated(unsafe) let tapConverter = converter
    node.installTap(onBus: 0, bufferSize: 4096, format: micFormat) { @Sendable buffer, _ in
      if let out = TapConversion.convert(buffer, with: tapConverter, to: analyzerFormat) { continuation.yield(AnalyzerInput(buffer: out)) }
    }
    engine.prepare()
    try engine.start()
  }

  func stop() async {
    note("stop")
    guard analyzer != nil else { return }
    update { $0.phase = .stopping }
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    input?.finish()
    try? await analyzer?.finalizeAndFinishThroughEndOfInput()
    await resultsTask?.value
    analyzer = nil
    input = nil
    resultsTask = nil
    update { $0.phase = .idle }
  }

  private func routeChanged() {
    note("route changed to \(Int(engine.inputNode.outputFormat(forBus: 0).sampleRate)) Hz")
    guard analyzer != nil else { return }
    engine.inputNode.removeTap(onBus: 0)
    do { try startMicrophone() } catch { update { $0.phase = .failed("route change: \(error)") } }
  }

  private func interrupted(began: Bool) {
    note(began ? "interruption began" : "interruption ended")
    guard !began, analyzer != nil else { return }
    do { try engine.start() } catch { update { $0.phase = .failed("interruption: \(error)") } }
  }
}
