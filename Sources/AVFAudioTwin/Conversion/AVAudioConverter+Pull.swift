internal import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

extension AVAudioConverter {
  /// Converts any supported way, sample rate included, pulling input from a block until the output
  /// buffer is full — Apple's pull model.
  ///
  /// Output held back from the previous call comes first. Then, while the output has room, the
  /// block is called with the number of input frames still needed and must set its status:
  /// - `.haveData` with a buffer in ``inputFormat``: the whole buffer is converted (returning the
  ///   same buffer again converts it again — duplicated audio, as on Apple platforms);
  /// - `.noDataNow`: the call returns what it produced (`.inputRanDry`);
  /// - `.endOfStream`: the filter tail is flushed and the converter **stays ended until
  ///   ``reset()``**: later calls produce nothing and return `.endOfStream`.
  ///
  /// Input that converts to more than the output holds is not lost: it stays inside the converter
  /// and comes out first on the next call (so the output lags, and the backlog grows if the output
  /// is always too small).
  ///
  /// - Parameters:
  ///   - outputBuffer: An `AVAudioPCMBuffer` in ``outputFormat``; its `frameLength` is set to the frames produced.
  ///   - outError: Set to an `NSError` (`NSOSStatusErrorDomain`, -50) when the status is `.error`.
  ///   - inputBlock: Supplies input and sets its status.
  /// - Returns: `.haveData` (output full, or the last data of an ended stream), `.inputRanDry`,
  ///   `.endOfStream` (ended, no data) or `.error`.
  @discardableResult
  public func convert(
    to outputBuffer: AVAudioBuffer, error outError: NSErrorPointer, withInputFrom inputBlock: AVAudioConverterInputBlock
  ) -> AVAudioConverterOutputStatus {
    // A converter error the scenario injected (`device.converterFailsAt`): no input is taken.
    if let failure = SimulatedDevice.current.takeConverterFailure() {
      outError?.pointee = Self.injectedError(failure)
      return .error
    }
    do {
      return try pull(into: outputBuffer, inputBlock)
    } catch {
      outError?.pointee = error as NSError
      return .error
    }
  }

  private func pull(
    into outputBuffer: AVAudioBuffer, _ inputBlock: AVAudioConverterInputBlock
  ) throws -> AVAudioConverterOutputStatus {
    guard let output = outputBuffer as? AVAudioPCMBuffer else {
      throw Self.parameterError("the output buffer is not an AVAudioPCMBuffer; the twin converts PCM only")
    }
    try checkFormats(input: nil, output: output)
    let silence = primeMethod == .none ? Int(primeInfo.leadingFrames) : 0
    let pipeline: ConversionPipeline
    if let stream, stream.hasStarted {
      pipeline = stream
      reportSettingsChangedMidStream(pipeline)
    } else {
      pipeline = try makePipeline(reusing: stream, leadingSilence: silence)
      stream = pipeline
    }
    reportDroppedChannel()
    let storage = output.storage
    let capacity = storage.frameCapacity
    storage.frameLength = 0
    let pendingBefore = pipeline.pendingFrameCount
    var produced = try pipeline.convert(nil, into: storage, at: 0)
    if pipeline.hasEnded {
      if produced == 0 { reportUseAfterEnd() }
      return finish(pipeline, produced > 0 ? .haveData : .endOfStream, produced: produced)
    }
    var previous: AVAudioBuffer?
    var reportedRepeat = false
    // Apple's converter releases about `ratio × input` each call, so an output sized for the input
    // never fills from what it held and the input block is asked every call. libsoxr releases in
    // blocks: what it held back can fill a small output on its own. Output held up to what the
    // resampler's blocks explain, while the app sizes its output for its input, is not the app's
    // backlog: the block is still asked, and its input waits inside (without this, an app with
    // taps of a few milliseconds lost a buffer per block).
    var asksDespiteFullOutput =
      produced >= capacity && pendingBefore <= blockRelease(pipeline) && !pipeline.lastOutputWasTooSmall
    var supplied = 0
    while produced < capacity || asksDespiteFullOutput {
      let full = produced >= capacity
      asksDespiteFullOutput = false
      var status = AVAudioConverterInputStatus.haveData
      let given = withUnsafeMutablePointer(to: &status) {
        inputBlock(packetsNeeded(for: full ? capacity : capacity - produced), $0)
      }
      isFirstRequest = false
      switch status {
      case .noDataNow:
        return finish(
          pipeline, full ? .haveData : .inputRanDry, produced: produced, supplied: supplied, capacity: capacity)
      case .endOfStream:
        produced += try pipeline.convert(nil, into: storage, at: produced, endOfInput: true)
        return finish(
          pipeline, produced > 0 ? .haveData : .endOfStream, produced: produced, supplied: supplied, capacity: capacity)
      case .haveData:
        guard let given else {
          throw Self.parameterError(
            "the input block set .haveData but returned nil; return a buffer with .haveData, or nil with .noDataNow or .endOfStream"
          )
        }
        guard let input = given as? AVAudioPCMBuffer else {
          throw Self.parameterError(
            "the input block returned a buffer that is not an AVAudioPCMBuffer; the twin converts PCM only")
        }
        try checkFormats(input: input, output: output)
        if let previous, previous === given, !reportedRepeat {
          reportedRepeat = true
          SimulatedDevice.current.diagnose(
            "AVAudioConverter",
            "the input block returned the same buffer (\(input.frameLength) frames) twice in one convert call; Apple's converter converts it again, so the audio is duplicated — answer .noDataNow after supplying a buffer once"
          )
        }
        previous = given
        if input.frameLength == 0 {
          SimulatedDevice.current.diagnose(
            "AVAudioConverter",
            "the input block returned an empty buffer with .haveData; the twin treats it as .noDataNow (Apple's converter would ask again at once)"
          )
          return finish(
            pipeline, full ? .haveData : .inputRanDry, produced: produced, supplied: supplied, capacity: capacity)
        }
        supplied += Int(input.frameLength)
        produced += try pipeline.convert(input.storage, into: storage, at: produced)
      }
    }
    return finish(pipeline, .haveData, produced: produced, supplied: supplied, capacity: capacity)
  }

  /// The most output the resampler releases at once beyond `ratio × input`: twice what it holds
  /// back while streaming (its block), in output frames; libsamplerate, which releases steadily, holds back a few.
  private func blockRelease(_ pipeline: ConversionPipeline) -> Int {
    let ratio = audioOutput.sampleRate / audioInput.sampleRate
    return 2 * Int((Double(measuredPrimeInfo(for: quality).trailingFrames) * ratio).rounded(.up))
  }

  /// Input frames needed for `room` output frames; the first request of a stream adds the filter's
  /// read-ahead (`.normal`) or both priming ranges (`.pre`), as Apple's converter asks.
  private func packetsNeeded(for room: Int) -> AVAudioPacketCount {
    let ratio = audioOutput.sampleRate / audioInput.sampleRate
    var frames = Int((Double(room) / ratio).rounded(.up))
    if isFirstRequest {
      switch primeMethod {
      case .normal: frames += Int(primeInfo.trailingFrames)
      case .pre: frames += Int(primeInfo.leadingFrames + primeInfo.trailingFrames)
      case .none: break
      }
    }
    return AVAudioPacketCount(clamping: frames)
  }

  /// Reports output held back for the next call (the "output capacity too small" trap) when it
  /// first exceeds what the resampler's blocks explain and each time the backlog doubles.
  private func finish(
    _ pipeline: ConversionPipeline, _ status: AVAudioConverterOutputStatus, produced: Int, supplied: Int = 0,
    capacity: Int = .max
  ) -> AVAudioConverterOutputStatus {
    let pending = pipeline.pendingFrameCount
    // The app's output is too small when the call's input converts to more than it holds.
    let ratio = audioOutput.sampleRate / audioInput.sampleRate
    let tooSmall = Double(supplied) * ratio > Double(capacity)
    if supplied > 0 { pipeline.lastOutputWasTooSmall = tooSmall }

    Simulation.current?.trace.record(
      .converterConvert,
      [
        "from": String(Int(inputFormat.sampleRate)), "to": String(Int(outputFormat.sampleRate)),
        "frames": String(produced), "pending": String(pending), "status": status.name,
      ])
    // Output held back within what the resampler's blocks release at once is not the app's doing,
    // unless the app's output is too small for the call's input.
    if pending > 0, tooSmall || pending > blockRelease(pipeline), pending > reportedPendingFrames * 2 {
      reportedPendingFrames = pending
      SimulatedDevice.current.diagnose(
        "AVAudioConverter",
        "the output buffer was too small for the input supplied: \(pending) converted frames stay inside the converter and come out first on the next call, as with Apple's converter — the output lags by that much and loses it if the converter is reset or released; size the output for the input (input frames × output rate ÷ input rate, plus a margin)"
      )
    } else if pending == 0 {
      reportedPendingFrames = 0
    }
    return status
  }

  private func reportUseAfterEnd() {
    guard !hasReportedUseAfterEnd else { return }
    hasReportedUseAfterEnd = true
    SimulatedDevice.current.diagnose(
      "AVAudioConverter",
      "convert was called after the input block answered .endOfStream; the converter stays ended until reset(), so it produced nothing and returned .endOfStream, as Apple's does — answer .noDataNow between buffers and .endOfStream only when the stream is over"
    )
  }

  private func reportSettingsChangedMidStream(_ pipeline: ConversionPipeline) {
    guard let wanted = try? makePipeline(reusing: pipeline, leadingSilence: pipeline.settings.leadingSilence),
      wanted !== pipeline
    else {
      return
    }
    SimulatedDevice.current.diagnose(
      "AVAudioConverter",
      "a setting (quality, algorithm, channelMap or downmix) changed after conversion started; the twin applies it at the next reset(), Apple's converter at the start of a stream"
    )
  }
}
