public import Foundation
public import SpeechShim

/// Transcribes an audio file with the pattern of Apple's WWDC25 session 277: a `SpeechTranscriber`,
/// `SpeechAnalyzer.analyzeSequence(from:)` over an `AVAudioFile`, then `finalizeAndFinish(through:)`;
/// the text appears in the same ``TranscriptionUIState`` the live stack shows.
///
/// Final results are appended to ``TranscriptionUIState/committedText`` as they come; volatile
/// results (with a preset that reports them) replace ``TranscriptionUIState/volatileText``. While
/// the file is read the phase is ``TranscriptionUIState/Phase/listening`` (the state type has no
/// separate "transcribing a file" phase, and the user sees the same thing: text arriving).
///
/// ```swift
/// let transcriber = FileTranscriber(fileURL: URL(fileURLWithPath: "memo.caf"), locale: Locale(identifier: "en-US"))
/// await transcriber.start()      // preparing, listening, then idle with the whole file committed
/// print(transcriber.uiState.committedText)
/// ```
@MainActor @Observable
public final class FileTranscriber {
  /// What the user sees now. Observable; ``onStateChange`` is told of every change too.
  public private(set) var uiState = TranscriptionUIState()

  /// Called with every new UI state, in order, right after ``uiState`` changed.
  @ObservationIgnored public var onStateChange: (@MainActor (TranscriptionUIState) -> Void)?

  /// The file to transcribe.
  public let fileURL: URL
  /// The language of the file.
  public let locale: Locale
  /// The transcriber's preset; `.transcription` (finals only) by default, as in the WWDC sample.
  public let preset: SpeechTranscriber.Preset

  /// The analyzer of the transcription under way, so ``stop()`` can cancel it.
  @ObservationIgnored private var analyzer: SpeechAnalyzer?
  /// Increases at every start and stop, so a cancelled run changes nothing when it resumes.
  @ObservationIgnored private var generation = 0

  /// Creates a file transcriber; nothing happens until ``start()``.
  /// - Parameters:
  ///   - fileURL: The audio file (any format `AVAudioFile` reads; the analyzer converts it).
  ///   - locale: The language spoken in the file.
  ///   - preset: The transcriber's preset (default `.transcription`).
  public init(fileURL: URL, locale: Locale, preset: SpeechTranscriber.Preset = .transcription) {
    self.fileURL = fileURL
    self.locale = locale
    self.preset = preset
  }

  /// Transcribes the whole file and returns when it is done: checks the locale, ensures the model
  /// (downloading it when needed), reads the file, finalizes through its last sample and ends idle.
  ///
  /// Ignored while a transcription is under way. Problems end in
  /// ``TranscriptionUIState/Phase/unavailable(reason:)`` or ``TranscriptionUIState/Phase/failed(message:)``
  /// with a message that names the file or the language and says what to do.
  public func start() async {
    guard !uiState.phase.isActive else { return }
    generation += 1
    let current = generation
    update {
      $0.phase = .preparing(progress: 0)
      $0.volatileText = ""
    }

    guard let transcriber = await readyTranscriber(generation: current) else { return }

    let file: AVAudioFile
    do {
      file = try AVAudioFile(forReading: fileURL)
    } catch {
      fail(
        "The audio file \(fileURL.lastPathComponent) cannot be read: \(error.localizedDescription). Choose a WAV, CAF, FLAC or AIFF file."
      )
      return
    }

    await transcribe(file, with: transcriber, generation: current)
  }

  /// A transcriber for the file's language with its model installed (downloaded when needed); nil,
  /// with the UI saying why, when the device cannot transcribe the language or the model cannot be
  /// installed, or when a newer start or a stop took over.
  private func readyTranscriber(generation current: Int) async -> SpeechTranscriber? {
    guard SpeechTranscriber.isAvailable, let supported = await SpeechTranscriber.supportedLocale(equivalentTo: locale)
    else {
      let reason =
        SpeechTranscriber.isAvailable
        ? "Transcription in \(LiveTranscriber.name(of: locale)) is not supported on this device."
        : "Speech transcription is not available on this device."
      if current == generation {
        update {
          $0.phase = .unavailable(reason: reason)
          $0.isMicrophoneOffered = false
        }
      }
      return nil
    }
    update { $0.isMicrophoneOffered = true }
    let transcriber = SpeechTranscriber(locale: supported, preset: preset)

    // The model first: analysing without it fails (and a first offline run cannot get it).
    do {
      if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
        guard current == generation else { return nil }
        try await request.downloadAndInstall()
      }
    } catch {
      if current == generation {
        fail(
          "The speech model for \(LiveTranscriber.name(of: supported)) could not be installed: \(error.localizedDescription). It needs the network once: connect to the internet, then start again."
        )
      }
      return nil
    }
    guard current == generation else { return nil }
    return transcriber

  }

  /// Feeds the whole file to an analyzer with `transcriber`, finalizes through its last sample and
  /// ends idle, or failed with what stopped it.
  private func transcribe(_ file: AVAudioFile, with transcriber: SpeechTranscriber, generation current: Int) async {
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    self.analyzer = analyzer
    // Results are read before any audio is fed, so nothing published early is missed.
    let reader = Task { [weak self] in
      do {
        for try await result in transcriber.results {
          self?.apply(String(result.text.characters), isFinal: result.isFinal, generation: current)
        }
        return nil as String?
      } catch is CancellationError {
        return nil
      } catch {
        return error.localizedDescription
      }
    }
    update { $0.phase = .listening }
    var failure: String?
    do {
      if let lastSample = try await analyzer.analyzeSequence(from: file) {
        try await analyzer.finalizeAndFinish(through: lastSample)
      } else {
        await analyzer.cancelAndFinishNow()
      }
    } catch {
      failure = error.localizedDescription
      await analyzer.cancelAndFinishNow()
    }
    let readerFailure = await reader.value
    if self.analyzer === analyzer { self.analyzer = nil }
    guard current == generation else { return }
    if let message = failure ?? readerFailure {
      fail(
        "Transcribing \(fileURL.lastPathComponent) stopped: \(message). The text so far is kept; start again to transcribe the file from the beginning."
      )
    } else {
      update { $0.phase = .idle }
    }
  }

  /// Cancels the transcription under way: the analyzer drops its pending work and finishes, the
  /// text committed so far stays, and the phase returns to idle. Otherwise a no-op.
  public func stop() async {
    guard uiState.phase.isActive else { return }
    generation += 1
    let analyzer = self.analyzer
    self.analyzer = nil
    update {
      $0.phase = .idle
      $0.volatileText = ""
    }
    await analyzer?.cancelAndFinishNow()
  }

  /// One result: a final is appended to the committed text and clears the volatile text; a
  /// volatile result replaces the volatile text.
  private func apply(_ text: String, isFinal: Bool, generation current: Int) {
    guard current == generation else { return }
    update { state in
      if isFinal {
        state.committedText = LiveTranscriber.appending(text, to: state.committedText)
        state.volatileText = ""
      } else {
        state.volatileText = text
      }
    }
  }

  /// Ends in `failed` with `message`, clearing the guess.
  private func fail(_ message: String) {
    update {
      $0.phase = .failed(message: message)
      $0.volatileText = ""
    }
  }

  /// Applies `change` to the UI state and tells ``onStateChange`` when it changed.
  private func update(_ change: (inout TranscriptionUIState) -> Void) {
    var next = uiState
    change(&next)
    guard next != uiState else { return }
    uiState = next
    onStateChange?(next)
  }
}
