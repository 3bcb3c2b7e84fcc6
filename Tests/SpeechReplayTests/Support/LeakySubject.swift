import Foundation
import SpeechReplay
import SpeechShim

/// A faulty tiny subject: every `start()` makes a transcriber and an analyzer and keeps them for
/// ever (as a stack that appends to a list and never clears it would), so each start/stop cycle
/// leaks one analyzer. The leak check must name `SpeechAnalyzer`.
@MainActor
final class LeakySubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private var kept: [SpeechAnalyzer] = []
  private var keptBytes: [[UInt8]] = []
  private let locale: Locale
  private let bytesPerStart: Int

  /// Creates the subject for the scenario's locale.
  /// - Parameters:
  ///   - options: The scenario's subject options.
  ///   - bytesPerStart: Heap each start also keeps for ever (0: none), for heap-growth checks.
  init(options: SubjectOptions, bytesPerStart: Int = 0) {
    locale = Locale(identifier: options.locale)
    self.bytesPerStart = bytesPerStart
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    let transcriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults], attributeOptions: [])
    kept.append(SpeechAnalyzer(modules: [transcriber]))  // the bug: never removed
    if bytesPerStart > 0 { keptBytes.append([UInt8](repeating: 1, count: bytesPerStart)) }
    uiState.phase = .listening
    onChange?()
  }

  func stop() async {
    uiState.phase = .idle
    onChange?()
  }
}

extension SubjectFactory {
  /// Makes a ``LeakySubject``.
  static let leaky = SubjectFactory(name: "LeakySubject") { options in LeakySubject(options: options) }
  /// Makes a ``LeakySubject`` that also keeps 2 MiB of heap per start.
  static let leakyWithHeap = SubjectFactory(name: "LeakySubject") { options in
    LeakySubject(options: options, bytesPerStart: 2 << 20)
  }
}
