import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation

/// What a recognition task does, from its start to its final result: reads the request's audio,
/// feeds the device's speech model, and publishes cumulative transcriptions after the model's
/// latency, in order. One run per task; it lives in the task's own Swift tasks.
final class RecognitionRun: @unchecked Sendable {
  // Touched only by the reader task until it hands over to the publisher through `schedule`.
  private let task: SFSpeechRecognitionTask
  private let settings: Settings
  private let device: SimulatedDevice
  private let clock = VirtualClock(owner: "SFSpeechRecognitionTask")
  private var publications: AsyncStream<Publication>.Continuation?
  private var lastDue: VirtualClock.Instant?

  // Publisher state (touched only by the publisher task).
  private var committed: [TimedWord] = []
  private var volatile: [TimedWord] = []
  private var detectedSpeech = false
  /// The text of the last partial result; empty at first, so a task that has heard nothing yet
  /// sends no result with no words (a model result all of whose words it missed, say).
  private var lastDelivered = ""
  private var audioDuration: TimeInterval = 0

  /// The request's settings, read once when the task starts.
  struct Settings: Sendable {
    var localeIdentifier: String
    var partialResults: Bool
    var requiresOnDevice: Bool
    var addsPunctuation: Bool
    var taskHint: SFSpeechRecognitionTaskHint
    var contextualStrings: [String]
    var customLanguageModel: String?
  }

  /// A word with its audio on the task's timeline (seconds) and its confidence.
  private struct TimedWord {
    var text: String
    var start: Double
    var end: Double
    var confidence: Double?
  }

  private enum Publication: Sendable {
    case output(RecognizerOutput, due: VirtualClock.Instant)
    case end(due: VirtualClock.Instant, audioDuration: TimeInterval)
  }

  init(task: SFSpeechRecognitionTask, settings: Settings, device: SimulatedDevice) {
    self.task = task
    self.settings = settings
    self.device = device
  }

  /// Runs the task to its end. Called once, in a new task.
  func run() async {
    guard let recognizer = await start() else { return }
    let (stream, continuation) = AsyncStream.makeStream(of: Publication.self)
    publications = continuation
    let publisher = Task { await self.publish(stream) }
    var firstPiece: RecognitionAudioPiece?
    var frames: Int64 = 0
    var reportedFormat = false
    var time = CMTime.zero
    reading: for await event in task.source.events {
      if task.isOver { break }
      switch event {
      case .audio(let piece):
        guard piece.frames > 0, piece.sampleRate > 0 else { continue }
        if let first = firstPiece, !piece.sameFormat(as: first) {
          if !reportedFormat { diagnoseFormatChange(piece, after: first) }
          reportedFormat = true
          continue
        }
        if firstPiece == nil { firstPiece = piece }
        let start = time
        frames += Int64(piece.frames)
        time = CMTime(value: frames, timescale: CMTimeScale(piece.sampleRate.rounded()))
        if task.source.isLive { recordInput(piece, from: start, to: time) }
        let outputs = piece.samples.withUnsafeBufferPointer { recognizer.consume(through: time, samples: $0) }
        schedule(outputs)
      case .end:
        break reading
      case .abandoned:
        // The request went away without endAudio(): the task waits for audio forever (its ledger
        // entry stays open). The request's deinit recorded the diagnostic.
        publications?.finish()
        await publisher.value
        return
      case .failed(let error):
        publications?.finish()
        await publisher.value
        await task.complete(error: error)
        return
      }
    }
    guard task.setFinishing() else {
      publications?.finish()
      await publisher.value
      return
    }
    if case .delegate(let box) = task.receiver {
      let task = task
      await MainActor.run { box.value?.speechRecognitionTaskFinishedReadingAudio(task) }
    }
    schedule(recognizer.finalize(through: time))
    let due = lastDue.map { Swift.max($0, clock.now) } ?? clock.now
    publications?.yield(.end(due: due, audioDuration: time.seconds))
    publications?.finish()
    await publisher.value
  }

  /// The diagnostic for audio appended in another format than the task's first buffer (once a task).
  private func diagnoseFormatChange(_ piece: RecognitionAudioPiece, after first: RecognitionAudioPiece) {
    device.diagnose(
      "SFSpeechAudioBufferRecognitionRequest",
      "a buffer in \(piece.formatDescription) was appended after buffers in \(first.formatDescription); the request cannot take a format change mid-task (after a route change, say), so that audio is ignored: no text for it and no error — start a new request when the input format changes"
    )
  }

  /// Checks permission, availability and the model; returns the model's recognizer, or nil after
  /// completing the task with the error Apple's task would report.
  private func start() async -> (any SpeechRecognizing)? {
    guard device.speechRecognitionPermission == .authorized else {
      device.diagnose(
        "SFSpeechRecognizer",
        "a recognition task started while speech recognition is \(device.speechRecognitionPermission.rawValue); the task fails at once — call SFSpeechRecognizer.requestAuthorization(_:) first and start only when it answers .authorized"
      )
      await task.complete(error: LegacyRecognitionError.notAuthorized)
      return nil
    }
    let onDevice = device.assets.isOnDevice(settings.localeIdentifier)
    if settings.requiresOnDevice && !onDevice {
      device.diagnose(
        "SFSpeechRecognizer",
        "requiresOnDeviceRecognition is set but \(settings.localeIdentifier) has no on-device model; check supportsOnDeviceRecognition before requiring it"
      )
      await task.complete(error: LegacyRecognitionError.onDeviceAssetsMissing)
      return nil
    }
    if !onDevice && !device.networkAvailable {
      device.diagnose(
        "SFSpeechRecognizer",
        "the network is unavailable and \(settings.localeIdentifier) has no on-device model, so the recognizer is not available (isAvailable is false)"
      )
      await task.complete(error: LegacyRecognitionError.serviceUnavailable)
      return nil
    }
    let request = RecognitionRequest(
      module: .speechRecognizer, localeIdentifier: settings.localeIdentifier, reportsVolatileResults: true,
      includesAudioTimeRanges: true, includesConfidence: true, customLanguageModel: settings.customLanguageModel)
    let recognizer: any SpeechRecognizing
    do {
      recognizer = try device.makeRecognizer(for: request, subject: "SFSpeechRecognizer")
    } catch let failure as ModelFailure {
      await task.complete(error: SFSpeechError(SFSpeechError.Code(failure.code), message: failure.message))
      return nil
    } catch {
      await task.complete(error: error)
      return nil
    }
    let lease = Simulation.current?.ledger.acquire(.openRecognitionTasks, label: task.name)
    task.setRunning(lease: lease, conservation: task.source.isLive ? device.audioConservation : nil)
    if task.source.isLive {
      device.audioConservation.analyzerStarted(task.name, virtualTime: (Simulation.current?.now ?? .zero).seconds)
    }
    Simulation.current?.trace.record(
      .recognitionTaskStarted,
      [
        "task": task.name, "locale": settings.localeIdentifier, "source": task.source.label,
        "onDevice": String(onDevice && (settings.requiresOnDevice || !device.networkAvailable)),
        "partialResults": String(settings.partialResults), "taskHint": String(settings.taskHint.rawValue),
      ])
    if let model = settings.customLanguageModel {
      let prepared = device.isLanguageModelPrepared(at: model)
      let used = prepared && recognizer.usesCustomLanguageModel
      Simulation.current?.trace.record(
        .languageModelUse, ["model": model, "prepared": String(prepared), "used": String(used)])
      if !prepared {
        device.diagnose(
          "SFSpeechRecognitionRequest",
          "customizedLanguageModel names \(model), which was not prepared on this device; recognition goes on without it — await SFSpeechLanguageModel.prepareCustomLanguageModel(for:clientIdentifier:configuration:) first"
        )
      }
    }
    return recognizer
  }

  /// Records an appended buffer the task took: in the trace (`recognizer.input`, what the hearing
  /// invariant reads) and in the device's audio conservation monitor (what the audio check compares
  /// with the tap), as the analyzer records its input.
  private func recordInput(_ piece: RecognitionAudioPiece, from start: CMTime, to end: CMTime) {
    let now = (Simulation.current?.now ?? .zero).seconds
    Simulation.current?.trace.record(
      .recognitionInput,
      [
        "task": task.name, "start": start.millisecondsText, "end": end.millisecondsText,
        "format": piece.formatDescription,
      ])
    piece.mixed.withUnsafeBufferPointer { samples in
      device.audioConservation.recognizerReceived(
        task.name, start: start.seconds, samples: samples, sampleRate: piece.sampleRate, virtualTime: now)
    }
  }

  /// Queues outputs for publication after their delay, never out of order.
  private func schedule(_ outputs: [RecognizerOutput]) {
    let now = clock.now
    for output in outputs {
      var due = now.advanced(by: output.delay)
      if let lastDue, due < lastDue { due = lastDue }
      lastDue = due
      publications?.yield(.output(output, due: due))
    }
  }

  // MARK: Publisher

  private func publish(_ stream: AsyncStream<Publication>) async {
    for await publication in stream {
      let due: VirtualClock.Instant
      switch publication {
      case .output(_, let at): due = at
      case .end(let at, _): due = at
      }
      if due > clock.now { try? await clock.sleep(until: due) }
      if task.isOver { continue }
      switch publication {
      case .output(.result(let result, _), _):
        await apply(result)
      case .output(.failure(let failure, _), _):
        device.diagnose(
          "SFSpeechRecognizer", "the speech model failed (\(failure.message)); the task ends with the error")
        await task.complete(error: SFSpeechError(SFSpeechError.Code(failure.code), message: failure.message))
      case .end(_, let duration):
        audioDuration = duration
        await deliverFinal()
      }
    }
  }

  /// Folds a model result into the cumulative transcription and delivers it when it changed.
  private func apply(_ result: RecognizedResult) async {
    let words = Self.timed(result, punctuation: settings.addsPunctuation)
    if result.isFinal {
      committed += words
      volatile = []
    } else {
      volatile = words
    }
    let all = committed + volatile
    let transcription = Self.transcription(all, final: false)
    guard transcription.formattedString != lastDelivered else { return }
    lastDelivered = transcription.formattedString
    let speechStarted = !all.isEmpty && !detectedSpeech
    if speechStarted { detectedSpeech = true }
    let partial = SFSpeechRecognitionResult(transcriptions: [transcription], isFinal: false, metadata: nil)
    let report = settings.partialResults
    if report {
      Simulation.current?.trace.record(
        .recognitionResult, ["task": task.name, "final": "false", "text": transcription.formattedString])
    }
    let task = task
    await MainActor.run {
      switch task.receiver {
      case .handler(let handler):
        if report { handler.call(partial, nil) }
      case .delegate(let box):
        guard let delegate = box.value else { return }
        if speechStarted { delegate.speechRecognitionDidDetectSpeech(task) }
        delegate.speechRecognitionTask(task, didHypothesizeTranscription: transcription)
      }
    }
  }

  /// The task's last word: the final result, or "No speech detected" when nothing was recognized.
  private func deliverFinal() async {
    let all = committed + volatile
    guard !all.isEmpty else {
      device.diagnose(
        "SFSpeechRecognizer",
        "the audio ended with nothing recognized; Apple's task then fails with 'No speech detected' (kAFAssistantErrorDomain 1110) instead of a final result"
      )
      await task.complete(error: LegacyRecognitionError.noSpeech, audioDuration: audioDuration)
      return
    }
    let transcription = Self.transcription(all, final: true)
    let start = all.first!.start
    let end = all.last!.end
    let pauses = zip(all, all.dropFirst()).map { Swift.max(0, $1.start - $0.end) }
    let metadata = SFSpeechRecognitionMetadata(
      speakingRate: end > start ? Double(all.count) / ((end - start) / 60) : 0,
      averagePauseDuration: pauses.isEmpty ? 0 : pauses.reduce(0, +) / Double(pauses.count),
      speechStartTimestamp: start, speechDuration: end - start)
    let result = SFSpeechRecognitionResult(transcriptions: [transcription], isFinal: true, metadata: metadata)
    Simulation.current?.trace.record(
      .recognitionResult, ["task": task.name, "final": "true", "text": transcription.formattedString])
    await task.complete(final: result, audioDuration: audioDuration)
  }

  /// The words of a model result with their audio: a word's own range, or an equal share of the
  /// result's range when the model gives none. Without `addsPunctuation` sentence punctuation at
  /// word ends is removed.
  private static func timed(_ result: RecognizedResult, punctuation: Bool) -> [TimedWord] {
    let words = result.text.words
    guard !words.isEmpty else { return [] }
    let start = result.range.start.seconds
    let share = result.range.duration.seconds / Double(words.count)
    return words.enumerated().compactMap { index, word in
      var text = word.text
      if !punctuation {
        while let last = text.last, ".,?!;:".contains(last) { text.removeLast() }
        if text.isEmpty { return nil }
      }
      let range =
        word.range.map { ($0.start.seconds, $0.end.seconds) } ?? (
          start + share * Double(index), start + share * Double(index + 1)
        )
      return TimedWord(text: text, start: range.0, end: range.1, confidence: word.confidence)
    }
  }

  /// A transcription of `words`: segments joined by single spaces. Partial results carry zero
  /// confidence (as devices report); final ones the model's, or 1 when it gives none.
  private static func transcription(_ words: [TimedWord], final: Bool) -> SFTranscription {
    var text = ""
    var segments: [SFTranscriptionSegment] = []
    for word in words {
      if !text.isEmpty { text += " " }
      let location = text.utf16.count
      text += word.text
      segments.append(
        SFTranscriptionSegment(
          substring: word.text, substringRange: NSRange(location: location, length: word.text.utf16.count),
          timestamp: word.start, duration: Swift.max(0, word.end - word.start),
          confidence: final ? Float(word.confidence ?? 1) : 0))
    }
    return SFTranscription(segments: segments, formattedString: text)
  }
}
