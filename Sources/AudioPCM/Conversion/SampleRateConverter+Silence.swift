internal import CSoxr

// MARK: - Digital silence without libsoxr

extension SampleRateConverter {
  /// The schedule to write `frames` of `source` by, when they may skip libsoxr: a low-latency libsoxr
  /// converter whose stream has been digital silence (all bits zero) from its start for at least
  /// ``silenceBeforeSkipping`` frames, given more of it (or only the end of input). A live session
  /// that hears nothing (ten minutes of a silent microphone) then costs no filtering, with the same
  /// output, frame counts and timing (``SoxrSilenceSchedule``). Counts the silence either way.
  func silenceSchedule(_ source: UnsafePointer<Float>, _ frames: Int) -> SoxrSilenceSchedule? {
    guard let silenceKey, !heardSound else { return nil }
    guard Self.isDigitalSilence(source, frames * filterChannels) else {
      heardSound = true
      return nil
    }
    let before = leadingSilence
    leadingSilence += frames
    guard before >= silenceBeforeSkipping else { return nil }
    return SoxrSilenceSchedule.schedule(for: silenceKey)
  }

  /// Whether every sample's bits are zero (a −0.0 is not: libsoxr could pass its sign on).
  static func isDigitalSilence(_ samples: UnsafePointer<Float>, _ count: Int) -> Bool {
    samples.withMemoryRebound(to: UInt32.self, capacity: max(count, 1)) { bits in
      var any: UInt32 = 0
      for index in 0..<count { any |= bits[index] }
      return any == 0
    }
  }

  /// Writes the zeros libsoxr would release for `frames` more frames of silence (and, with the end of
  /// input, its tail): into the output while it has room and nothing is pending, the rest into the
  /// pending store — where `resampleWithSoxr` and `drainPending` would have placed libsoxr's output.
  func writeSilence(
    _ schedule: SoxrSilenceSchedule, _ frames: Int, endOfInput: Bool, into output: PCMBuffer, producedSoFar: Int
  ) -> Int {
    // `silenceSchedule(_:_:)` has counted these frames in `leadingSilence` already.
    skippedSilence += frames
    var count =
      schedule.outputFrames(afterInput: leadingSilence) - schedule.outputFrames(afterInput: leadingSilence - frames)
    if endOfInput { count += schedule.flushFrames(afterInput: leadingSilence) }
    let channels = filterChannels
    var produced = producedSoFar
    // Zero bits are a zero sample in every sample type, so the output is written in its own type:
    // what libsoxr's zeros would become on their way through the pending store.
    if pendingFrameCount == 0, produced < output.frameCapacity {
      let direct = min(count, output.frameCapacity - produced)
      let frameBytes = output.stride * outputFormat.sampleType.byteCount
      for plane in 0..<output.planeCount {
        (output.rawPlane(plane) + produced * frameBytes).initializeMemory(
          as: UInt8.self, repeating: 0, count: direct * frameBytes)
      }
      produced += direct
      count -= direct
    }
    if count > 0 {
      compactPending()
      let store = pending.reserve(
        (pendingEnd + count) * channels, of: Float.self, preservingBytes: pendingEnd * channels * 4)
      (store + pendingEnd * channels).update(repeating: 0, count: count * channels)
      pendingEnd += count
    }
    return produced
  }

  /// Before libsoxr runs again on a stream whose silence skipped it (real audio has come): feeds it the
  /// fewest zeros that leave it where all the silence would have (its FIFO and block phase), dropping
  /// the zeros it releases, which were already written.
  func catchUpSkippedSilence(_ state: soxr_t) {
    guard skippedSilence > 0, let silenceKey, let schedule = SoxrSilenceSchedule.schedule(for: silenceKey) else {
      return
    }
    let fed = leadingSilence - skippedSilence
    var target = schedule.equivalentInput(to: leadingSilence)
    while target < fed { target += schedule.decimation * schedule.blockInput }
    var feeder = SoxrSilenceSchedule.Feeder(state: state, channels: filterChannels)
    _ = feeder.feed(target - fed)
    skippedSilence = 0
  }
}
