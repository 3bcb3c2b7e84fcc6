import AudioPCM
import SimulatedDevice
import Testing

/// Where the alignment first locks a session: a clear match that neither bookkeeping (the guess, a
/// candidate tap buffer) nor an earlier block put there stays tentative, so a session's first
/// block that also matches a stretch nearer the guess (voiced speech a few pitch periods away) is
/// placed where its later blocks say, not there.
@Suite struct AudioAlignmentFirstLockTests {
  static let micRate = 48_000.0
  static let tapFrames = 4_800

  /// The speech of ``AudioConservationTests``, with the first 30 ms of the second tap buffer also
  /// heard 19 ms into the first (a decoy 300 reference samples after the guess, within the lock's reach).
  static let speechWithDecoy: [Float] = {
    var samples = AudioConservationTests.speech
    let decoy = 900
    for index in 0..<1_440 { samples[decoy + index] = samples[tapFrames + index] }
    return samples
  }()

  /// The app's stream starts with the second tap buffer (its first went with an ended session):
  /// the guess is the first buffer, the second a candidate. Before the fix the first block locked,
  /// confirmed, on the decoy: it counted as received inside the first buffer, the next blocks
  /// jumped to the true place (a skip), and 39 ms of the second buffer were lost.
  @Test func aClearFirstMatchAwayFromTheGuessAndTheCandidatesDoesNotPlaceTheSession() throws {
    let monitor = AudioConservation()
    let tapFormat = try AudioFormat.standard(sampleRate: Self.micRate, channelCount: 1)
    let analyzerFormat = try AudioFormat.standard(sampleRate: AudioConservation.rate, channelCount: 1)
    let converter = try SampleRateConverter(from: tapFormat, to: analyzerFormat, isLowLatency: true)
    let samples = Self.speechWithDecoy
    let output = PCMBuffer(format: analyzerFormat, frameCapacity: 8_192)
    var analyzerIndex = 0
    var start = 0
    var tap = 0
    while start < samples.count {
      let frames = min(Self.tapFrames, samples.count - start)
      let buffer = PCMBuffer(format: tapFormat, frameCapacity: frames)
      buffer.frameLength = frames
      for index in 0..<frames { buffer.floatChannelData![0][index] = samples[start + index] }
      monitor.tapDelivered(
        buffer, captureStart: Double(start) / Self.micRate, virtualTime: Double(tap) * 0.1, traceSequence: nil)
      if tap >= 1 {
        output.frameLength = 0
        let result = try converter.convert(buffer, into: output, endOfInput: start + frames >= samples.count)
        UnsafeBufferPointer(start: output.floatChannelData![0], count: result.framesProduced).withMemoryRebound(
          to: Float.self
        ) {
          monitor.analyzerReceived(
            "analyzer", start: Double(analyzerIndex) / AudioConservation.rate, samples: $0, virtualTime: 0)
        }
        analyzerIndex += result.framesProduced
      }
      tap += 1
      start += frames
    }
    let report = monitor.finish()
    let firstTap = try #require(report.deliveries.first?.span)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(AudioConservationTests.lostSeconds(report, fromTap: 1) == 0)
    #expect(report.received.covered(firstTap) == 0, "nothing of the first buffer was received: \(report.received)")
  }
}
