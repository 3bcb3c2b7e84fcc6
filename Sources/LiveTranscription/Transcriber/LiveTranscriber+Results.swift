import SpeechShim

extension LiveTranscriber {
  /// Starts the task that reads the module's results into the UI state; it ends with the results
  /// sequence (when the analyzer finishes) or on cancellation.
  func readResults(of module: any SpeechModule, generation current: Int) -> Task<Void, Never>? {
    if let transcriber = module as? SpeechTranscriber {
      return Task { [weak self] in
        do {
          for try await result in transcriber.results {
            self?.onSpeechResult?(result)
            self?.handle(String(result.text.characters), isFinal: result.isFinal, generation: current)
          }
        } catch {
          await self?.resultsFailed(error, generation: current)
        }
      }
    }
    if let dictation = module as? DictationTranscriber {
      return Task { [weak self] in
        do {
          for try await result in dictation.results {
            self?.onDictationResult?(result)
            self?.handle(String(result.text.characters), isFinal: result.isFinal, generation: current)
          }
        } catch {
          await self?.resultsFailed(error, generation: current)
        }
      }
    }
    return nil
  }

  /// A result read by the results loop, applied in order.
  private func handle(_ text: String, isFinal: Bool, generation current: Int) {
    guard has(.appliesResultsInUnstructuredTasks) else { return apply(text, isFinal: isFinal, generation: current) }
    // Bug zoo: each result is applied in a task of its own, unordered against the loop and the stop.
    Task.detached { [weak self] in
      // Formatting off the main actor (a suspension point, as any actor hop or `await` is).
      await Task.yield()
      await self?.apply(text, isFinal: isFinal, generation: current)
    }
  }

  /// One result: a final is appended to the committed text and clears the volatile text; a
  /// volatile result replaces the volatile text (an empty one withdraws it).
  func apply(_ text: String, isFinal: Bool, generation current: Int) {
    guard current == generation else { return }
    update { state in
      if isFinal {
        let shown = state.volatileText
        if has(.replacesCommittedText) {
          // Bug zoo: `committed = result.text`; the words committed before vanish.
          state.committedText = text
        } else if has(.concatenatesFinalsWithoutSeparator) {
          // Bug zoo: Apple's sample's `committed += result.text`; sentences run together when the model does not space its results.
          state.committedText += text
        } else if has(.addsSeparatorBlindly) {
          // Bug zoo: `committed += " " + result.text`; two spaces when the model spaces its results.
          state.committedText = state.committedText.isEmpty ? text : state.committedText + " " + text
        } else if has(.commitsVolatileOnFinal), !shown.isEmpty {
          // Bug zoo: the guess on screen is committed in place of the final.
          state.committedText = Self.appending(shown, to: state.committedText)
        } else {
          state.committedText = Self.appending(text, to: state.committedText)
        }
        // Bug zoo: a second observer of the same result appends the final again.
        if has(.commitsFinalTwice) { state.committedText = Self.appending(text, to: state.committedText) }
        // Bug zoo: the guess for the range just committed stays on screen.
        if !has(.neverClearsVolatileText) { state.volatileText = "" }
        // Bug zoo: only a final that ends a sentence is taken to cover the guess on screen.
        if has(.clearsVolatileOnlySentenceFinals), case .listening = state.phase,
          !(text.last.map { ".?!".contains($0) } ?? false)
        {
          state.volatileText = shown
        }
      } else if has(.appendsVolatileResults) {
        // Bug zoo: the seed's `volatile += result.text`; each guess repeats the one before.
        state.volatileText = Self.appending(text, to: state.volatileText)
      } else {
        // A result after the first final starts with a space (it follows the committed text);
        // the volatile line is shown on its own, so without it.
        state.volatileText = String(text.drop { $0.isWhitespace })
      }
    }
  }

  /// `text` after `committed`, with a space between two finals unless one side already has one.
  static func appending(_ text: String, to committed: String) -> String {
    guard !committed.isEmpty, !text.isEmpty,
      committed.last?.isWhitespace == false, text.first?.isWhitespace == false
    else { return committed + text }
    return committed + " " + text
  }

  /// The results sequence threw: the model or the analyzer failed; the session ends with the text so far.
  func resultsFailed(_ error: any Error, generation current: Int) async {
    // While stopping, finishListening handles the end (finalizing throws the same error).
    guard current == generation, !(error is CancellationError), let session else { return }
    switch uiState.phase {
    case .preparing, .listening: break
    case .idle, .stopping, .unavailable, .failed: return
    }
    session.resultsTask = nil  // this task is the one ending; abort must not wait for itself
    if has(.keepsStoppedAnalyzer) {
      // Bug zoo: the failed analyzer is kept and never cancelled, so it keeps its analyzer slot.
      keptStoppedAnalyzer = session.analyzer
      session.analyzer = nil
    }
    await abort(
      session,
      phase: .failed(
        message:
          "Transcription stopped: \(error.localizedDescription). The text so far is kept; start again to continue."))
    // Bug zoo: the failure is answered by starting again at once, however often it recurs.
    if has(.restartsImmediatelyOnError) { await start() }
  }
}
