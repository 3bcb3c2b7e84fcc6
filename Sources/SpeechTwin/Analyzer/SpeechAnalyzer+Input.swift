import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation

extension SpeechAnalyzer {
  /// Attaches `inputSequence` for autonomous analysis and returns at once; a previously attached
  /// sequence stops being read. Does not finish anything.
  /// - Throws: `SFSpeechError` `insufficientResources` when the device runs its maximum of analyzers.
  public func start<InputSequence: AsyncSequence & Sendable>(inputSequence: InputSequence) async throws
  where InputSequence.Element == AnalyzerInput {
    guard phase != .finished else {
      device.diagnose(
        "SpeechAnalyzer",
        "start(inputSequence:) was called after the session finished; Apple's analyzer ignores it and never reads the sequence"
      )
      return
    }
    try beginSession()
    let generation = attachInput()
    Simulation.current?.trace.record(AnalyzerStartEvent(analyzer: name, input: generation))
    device.audioConservation.analyzerStarted(name, virtualTime: (Simulation.current?.now ?? .zero).seconds)
    readerTask = Task { [weak self] in
      do {
        for try await input in inputSequence {
          guard let self, await self.isCurrent(generation) else { return }
          // Compute first, then publish: in timing-aware runs a buffer's results appear once the
          // model has spent its compute on it, so the cost shows in latencies, not only in backlog.
          await self.spendComputeTime(on: input)
          await self.accept(input)
        }
        await self?.inputEnded(generation: generation, error: nil, autonomous: true)
      } catch {
        await self?.inputEnded(generation: generation, error: error, autonomous: true)
      }
    }
  }

  /// Reads `inputSequence` in the caller's task until it ends, and returns the time code of the
  /// last audio consumed (from this or an earlier sequence), or nil when none was. Does not finish
  /// the session: follow with ``finalizeAndFinish(through:)``.
  public func analyzeSequence<InputSequence: AsyncSequence & Sendable>(
    _ inputSequence: InputSequence
  ) async throws -> CMTime?
  where InputSequence.Element == AnalyzerInput {
    guard phase != .finished else {
      device.diagnose(
        "SpeechAnalyzer",
        "analyzeSequence(_:) was called after the session finished; Apple's analyzer reads nothing and returns")
      return nil
    }
    try beginSession()
    let generation = attachInput()
    trace(.analyzerAnalyzeSequence, [TraceEvent.Field("input", String(generation))])
    for try await input in inputSequence {
      guard isCurrent(generation), phase != .finished else { break }
      accept(input)
    }
    inputEnded(generation: generation, error: nil)
    if let finishError { throw finishError }
    return consumedThrough
  }

  func isCurrent(_ generation: Int) -> Bool { generation == inputGeneration && phase != .finished }

  /// Makes a new input current: the old reader stops reading.
  private func attachInput() -> Int {
    inputGeneration += 1
    inputAttached = true
    inputTerminated = false
    readerTask = nil
    return inputGeneration
  }

  /// Starts the session on first use: takes an analyzer slot and opens the session in the ledger.
  func beginSession() throws {
    guard phase == .idle else { return }
    if !options.ignoresResourceLimits {
      guard device.acquireAnalyzerSlot() else {
        device.diagnose(
          "SpeechAnalyzer",
          "the device already runs \(device.configuration.maximumSimultaneousAnalyzers) analyzers; sessions that were never finished keep their slots, and Apple's analyzer fails with 'Maximum number of simultaneous requests reached' (SFSpeechError 16)"
        )
        let error = SFSpeechError(.insufficientResources)
        // The start-up error ends the session and is thrown from every module's results too, so a
        // results loop started before `start` ends (Apple's behaviour) instead of waiting forever.
        finishSession(error: error)
        throw error
      }
      holdsSlot = true
    }
    sessionLease = Simulation.current?.ledger.acquire(.openAnalyzerSessions, label: name)
    phase = .running
    analysisStart = clock.now.offset
    trace(.analyzerSessionOpen)
  }

  /// The input of `generation` ended (or failed); waiters for the end of input go on.
  func inputEnded(generation: Int, error: (any Error)?, autonomous: Bool = false) {
    guard generation == inputGeneration else { return }
    inputTerminated = true
    trace(.analyzerInputEnd, [TraceEvent.Field("input", String(generation))])
    // In autonomous mode nothing else will finish the session; analyzeSequence callers finish next.
    if autonomous && error == nil && inputEndWaiters.isEmpty && phase == .running {
      device.diagnose(
        "SpeechAnalyzer",
        "the input sequence ended but the session stays open, holding its resources and keeping every results stream open; Apple's analyzer does not finish when its input ends — call finalizeAndFinishThroughEndOfInput() or finalizeAndFinish(through:)"
      )
    }
    if let error, phase != .finished {
      finishSession(error: error)
      return
    }
    let waiters = inputEndWaiters
    inputEndWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// Takes one buffer: places it on the timeline, checks its format, feeds the modules.
  func accept(_ input: AnalyzerInput) {
    guard phase == .running else { return }
    let buffer = input.audio
    let rate = buffer.format.sampleRate
    let frames = Int64(buffer.frameLength)
    let previousEnd = consumedThrough ?? .zero
    let start = input.bufferStartTime ?? previousEnd
    if start < previousEnd {
      device.diagnose(
        "SpeechAnalyzer",
        "an input buffer starts at \(start.seconds) s, before the end of earlier input at \(previousEnd.seconds) s; Apple's analyzer fails with audioDisordered"
      )
      finishSession(error: SFSpeechError(.audioDisordered))
      return
    }
    guard rate > 0 else { return }
    let end = start + CMTime(value: frames, timescale: CMTimeScale(rate.rounded()))
    if transcribers.isEmpty && detectors.isEmpty && !moduleList.isEmpty {
      do { try prepareModules() } catch {
        finishSession(error: error)
        return
      }
    }
    let accepted = buffer.format == AnalyzerFormats.transcription
    Simulation.current?.trace.record(
      AnalyzerInputEvent(analyzer: name, start: start, end: end, format: buffer.format.description, accepted: accepted))
    consumedThrough = end
    if accepted {
      // The scratch array is moved out while in use, so it is neither copied nor reallocated.
      var samples = monoScratch
      monoScratch = []
      let frames = Self.monoSamples(buffer, into: &samples)
      samples.withUnsafeBufferPointer { whole in
        let pointer = UnsafeBufferPointer(rebasing: whole[0..<frames])
        // Before the modules consume it, so the model hears what the comparison found.
        device.audioConservation.analyzerReceived(
          name, start: start.seconds, samples: pointer, virtualTime: (Simulation.current?.now ?? .zero).seconds)
        for index in transcribers.indices {
          enqueue(transcribers[index].recognizer.consume(through: end, samples: pointer), moduleIndex: index)
        }
        for detector in detectors { detector.analyze(pointer, range: CMTimeRange(start: start, end: end)) }
      }
      monoScratch = samples
    } else {
      device.audioConservation.analyzerRejected(name, seconds: (end - start).seconds)
    }
    if !accepted, reportedFormats.insert(buffer.format.description).inserted {
      device.diagnose(
        "SpeechAnalyzer",
        "the analyzer received \(Self.describe(buffer.format)) buffers but its format is \(Self.describe(AnalyzerFormats.transcription)); Apple's analyzer produces no text in this case and reports no error — convert with AVAudioConverter to bestAvailableAudioFormat(compatibleWith:)"
      )
    }
    updateVolatileRange()
    resumeConsumptionWaiters()
  }

  /// In timing-aware runs the model's compute time for an input passes before its results are
  /// published and the next input is read, so a model slower than real time makes the app's input
  /// stream back up (as on a device).
  func spendComputeTime(on input: AnalyzerInput) async {
    let cost = device.configuration.modelComputeCost
    guard cost > 0, input.audio.format.sampleRate > 0 else { return }
    let seconds = Double(input.audio.frameLength) / input.audio.format.sampleRate * cost
    isSpendingComputeTime = true
    try? await clock.sleep(for: .nanoseconds(Int64((seconds * 1e9).rounded())))
    isSpendingComputeTime = false
    guard cost > 1, !reportedBacklog, let consumed = consumedThrough else { return }
    let behind = (clock.now.offset - analysisStart) - Duration(consumed)
    if behind > .seconds(1) {
      reportedBacklog = true
      device.diagnose(
        "SpeechAnalyzer",
        "the model needs \(cost)× real time, so the analyzer reads its input more slowly than the microphone fills it; an unbounded AsyncStream keeps every buffer and grows without limit — bound it (bufferingNewest) and drop the oldest audio"
      )
    }
  }

  /// Creates the model recognizers (and checks the assets) for the current modules.
  func prepareModules() throws {
    for module in moduleList where !transcribers.contains(where: { $0.module === module as AnyObject }) {
      try add(module)
    }
  }

  /// Adds one module to the running analysis; it sees only audio that arrives from now on.
  func add(_ module: any SpeechModule) throws {
    if let transcription = module as? any TranscriptionModule {
      guard transcription.owner.claim(for: ObjectIdentifier(self)) else {
        device.diagnose(
          "SpeechAnalyzer",
          "a module that belongs to another analyzer was added; a module instance cannot be reused in a second analyzer"
        )
        throw SFSpeechError(.internalServiceError, message: "The module is already used by another analyzer")
      }
      let locale = transcription.requiredAssetLocale ?? ""
      guard transcription.isSupportedOnDevice, device.assets.isOnDevice(locale) else {
        device.diagnose(
          "SpeechAnalyzer",
          "the model for \(locale) is not installed on the device; Apple's analyzer reports the misleading error 'Audio format is not supported' (SFSpeechError 3) — install the asset with AssetInventory first"
        )
        throw SFSpeechError(.unexpectedAudioFormat)
      }
      // On the device but no longer reserved: transcription quietly reserves it again (field observation).
      if device.assets.status(of: locale) == .supported { _ = try? device.assets.reserve(locale) }
      do {
        let recognizer = try device.makeRecognizer(for: transcription.recognitionRequest, subject: "SpeechAnalyzer")
        if let model = transcription.recognitionRequest.customLanguageModel {
          let prepared = device.isLanguageModelPrepared(at: model)
          trace(
            .languageModelUse,
            [
              TraceEvent.Field("model", model), TraceEvent.Field("prepared", String(prepared)),
              TraceEvent.Field("used", String(prepared && recognizer.usesCustomLanguageModel)),
            ])
          if !prepared {
            device.diagnose(
              "SpeechAnalyzer",
              "the customizedLanguage content hint names \(model), which was not prepared on this device; transcription goes on without it — await SFSpeechLanguageModel.prepareCustomLanguageModel first"
            )
          }
        }
        if let consumedThrough {
          // Added mid-stream: the module only sees audio that arrives from now on, so the model
          // skips what it would have said about earlier audio.
          _ = [Float]().withUnsafeBufferPointer { recognizer.consume(through: consumedThrough, samples: $0) }
        }
        transcribers.append(
          TranscriberSlot(module: transcription, recognizer: recognizer, finalizedThrough: consumedThrough ?? .zero))
      } catch let failure as ModelFailure {
        throw SFSpeechError(SFSpeechError.Code(failure.code), message: failure.message)
      }
    } else if let detector = module as? any AudioAnalysisModule {
      guard detector.owner.claim(for: ObjectIdentifier(self)) else {
        throw SFSpeechError(.internalServiceError, message: "The module is already used by another analyzer")
      }
      detectors.append(detector)
    }
  }

  /// Writes the buffer's first channel as Float samples in −1…1 (the analyzer format is mono
  /// Int16) to the start of `samples`, growing it only when it is too short, and returns the
  /// frame count.
  static func monoSamples(_ buffer: AVAudioPCMBuffer, into samples: inout [Float]) -> Int {
    let frames = Int(buffer.frameLength)
    if samples.count < frames { samples = [Float](repeating: 0, count: max(frames, samples.count * 2)) }
    samples.withUnsafeMutableBufferPointer { target in
      guard let target = target.baseAddress else { return }
      if let int16 = buffer.int16ChannelData {
        let source = UnsafePointer(int16[0])
        let stride = buffer.stride
        if stride == 1 {
          // Unit stride, so the compiler vectorises the loop.
          for index in 0..<frames { target[index] = Float(source[index]) * (1 / 32_768) }
        } else {
          for index in 0..<frames { target[index] = Float(source[index * stride]) * (1 / 32_768) }
        }
      } else {
        for index in 0..<frames { target[index] = buffer.storage.sample(channel: 0, frame: index) }
      }
    }
    return frames
  }

  static func describe(_ format: AVAudioFormat) -> String {
    "\(Int(format.sampleRate)) Hz \(format.channelCount == 1 ? "mono" : "\(format.channelCount)-channel") \(format.commonFormat.displayName)"
  }
}
