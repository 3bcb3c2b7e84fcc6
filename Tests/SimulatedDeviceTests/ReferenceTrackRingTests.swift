import AudioPCM
import Foundation
import Testing

@testable import SimulatedDevice

/// The reference track's ring: memory that reads as zero until written, and chunks known to hold only
/// zeros skipped when silence is padded. What was sound one lap of the window ago must read as zero
/// once silence is padded over it, including in the window's last, shorter chunk.
@Suite struct ReferenceTrackRingTests {
  static let format = try! AudioFormat(sampleRate: 48_000, channelCount: 1, sampleType: .float32, isInterleaved: false)

  /// 100 ms at 48 kHz: a 440 Hz tone, or digital silence.
  static func buffer(tone: Bool, startFrame: Int) -> PCMBuffer {
    let buffer = PCMBuffer(format: format, frameCapacity: 4_800)
    buffer.frameLength = 4_800
    let samples = buffer.floatChannelData![0]
    for frame in 0..<4_800 {
      samples[frame] = tone ? 0.5 * Float(sin(2 * Double.pi * 440 * Double(startFrame + frame) / 48_000)) : 0
    }
    return buffer
  }

  /// Feeds `pattern` (true: a tone buffer) from the start of the capture; returns the track.
  static func track(_ pattern: [Bool], windowSeconds: Double) -> ReferenceTrack {
    var track = ReferenceTrack(rate: 16_000, windowSeconds: windowSeconds)
    for (index, tone) in pattern.enumerated() {
      track.append(buffer(tone: tone, startFrame: index * 4_800), captureStart: Double(index) * 0.1)
    }
    track.flush()
    return track
  }

  @Test func soundALapAgoReadsAsZeroUnderPaddedSilence() {
    // A 1 s window (16,000 samples: three chunks of 4,096 and a shorter fourth) filled with tone,
    // then 1.5 s of silence: the last window is silence padded over what was tone.
    let track = Self.track(Array(repeating: true, count: 10) + Array(repeating: false, count: 15), windowSeconds: 1)
    #expect(track.head == 40_000)
    #expect(track.oldest == 24_000)
    var nonZero = 0
    track.withSamples(24_000..<40_000) { _, piece in nonZero += piece.count(where: { $0 != 0 }) }
    #expect(nonZero == 0)
    // Sound after the silence is kept where it was written, and the silence around it stays zero.
    let again = Self.track(
      Array(repeating: true, count: 10) + Array(repeating: false, count: 15) + [true, true]
        + Array(repeating: false, count: 5),
      windowSeconds: 1)
    #expect(again.head == 51_200)
    var sound = 0
    var before = 0
    again.withSamples(40_000..<43_200) { _, piece in sound += piece.count(where: { $0 != 0 }) }
    again.withSamples(again.oldest..<40_000) { _, piece in before += piece.count(where: { $0 != 0 }) }
    #expect(sound > 3_000)
    #expect(before == 0)
    // Well after the converter's tail the silence reads as zero too.
    var after = 0
    again.withSamples(45_000..<51_200) { _, piece in after += piece.count(where: { $0 != 0 }) }
    #expect(after == 0)
  }

  @Test func nothingWrittenReadsAsZero() {
    let track = Self.track(Array(repeating: false, count: 30), windowSeconds: 1)
    #expect(track.head == 48_000)
    var nonZero = 0
    track.withSamples(track.oldest..<track.head) { _, piece in nonZero += piece.count(where: { $0 != 0 }) }
    #expect(nonZero == 0)
    #expect(track.sample(47_999) == 0)
  }

  /// A ring that ended is zeroed and kept for the next track in the process: what the last run
  /// wrote must not show through where the next one pads silence (the padding skips chunks it
  /// believes are zero).
  @Test func aRingKeptFromAnEndedRunReadsAsZero() {
    for _ in 0..<3 {
      do {
        // Ends (and gives its ring back) before the next track starts.
        let sound = Self.track(Array(repeating: true, count: 12), windowSeconds: 1)
        var heard = 0
        sound.withSamples(sound.oldest..<sound.head) { _, piece in heard += piece.count(where: { $0 != 0 }) }
        #expect(heard > 10_000)
      }
      let quiet = Self.track(Array(repeating: false, count: 12), windowSeconds: 1)
      var nonZero = 0
      quiet.withSamples(quiet.oldest..<quiet.head) { _, piece in nonZero += piece.count(where: { $0 != 0 }) }
      #expect(quiet.head == 19_200)
      #expect(nonZero == 0)
    }
  }
}
