import AudioPCM

/// The reference as a legacy recognition task fed at a rate below the monitor's should hear it:
/// the monitor's reference brought down to that rate and back up, so that it holds nothing above
/// the lower rate's Nyquist frequency.
///
/// An app that converts the microphone's audio down (to 8 kHz, say) drops everything above half that
/// rate; a correct conversion must still match. Compared with the full-band reference, a block whose
/// energy lies mostly above 4 kHz (a fricative) matched badly and measured far quieter, so the
/// audio check reported a correct conversion to 8 kHz as foreign or too quiet audio. This track
/// follows the monitor's reference as it grows (from the oldest sample kept when it is made), so
/// audio the task's queue holds from before its first buffer is here too.
struct BandLimitedReference {
  /// The lower rate whose band the track keeps.
  let bandRate: Double
  /// The band-limited reference, at the monitor's rate and on its timeline.
  private(set) var track: ReferenceTrack
  /// One past the newest reference sample brought down.
  private var consumed: Int
  /// Where the current down-conversion started on the reference, and how much it produced.
  private var streamStart: Int
  private var produced = 0
  /// The reference's rewinds seen (a new reference converter starting before its head).
  private var rewindsSeen: Int
  private var converter: SampleRateConverter?
  private let referenceFormat: AudioFormat
  private let bandFormat: AudioFormat

  /// A track keeping `bandRate`'s band of `reference`, from the oldest sample it keeps.
  init(bandRate: Double, following reference: ReferenceTrack) {
    self.bandRate = bandRate
    track = ReferenceTrack(rate: reference.rate, windowSeconds: Double(reference.window) / reference.rate)
    consumed = reference.oldest
    streamStart = reference.oldest
    rewindsSeen = reference.rewinds
    referenceFormat = try! AudioFormat(
      sampleRate: reference.rate, channelCount: 1, sampleType: .float32, isInterleaved: false)
    bandFormat = try! AudioFormat(sampleRate: bandRate, channelCount: 1, sampleType: .float32, isInterleaved: false)
    restart(at: reference.oldest)
  }

  /// Brings down what `reference` gained since the last call (and again what it rewrote).
  mutating func follow(_ reference: ReferenceTrack) {
    if reference.rewinds != rewindsSeen {
      rewindsSeen = reference.rewinds
      if reference.lastRewind < consumed { restart(at: max(reference.lastRewind, reference.oldest)) }
    }
    if consumed < reference.oldest { restart(at: reference.oldest) }
    guard reference.head > consumed else { return }
    let count = reference.head - consumed
    let input = PCMBuffer(format: referenceFormat, frameCapacity: count)
    input.frameLength = count
    AudioConservation.Signal.window(
      reference, start: consumed, into: UnsafeMutableBufferPointer(start: input.floatChannelData![0], count: count))
    consumed = reference.head
    convert(input)
  }

  /// Brings down the rest of `reference` and drains both conversions (at the end of a run).
  mutating func finish(_ reference: ReferenceTrack) {
    follow(reference)
    convert(nil)
    converter = nil
    track.flush()
  }

  /// Drains the down-conversion and starts a new one at reference index `index`.
  private mutating func restart(at index: Int) {
    if converter != nil { convert(nil) }
    track.flush()
    converter = try? SampleRateConverter(from: referenceFormat, to: bandFormat, quality: .fastest, engine: .soxr)
    consumed = index
    streamStart = index
    produced = 0
  }

  /// Down-converts `input` (nil: drains) and appends what comes out to the track, where it belongs.
  private mutating func convert(_ input: PCMBuffer?) {
    guard let converter else { return }
    let frames = input?.frameLength ?? 0
    let output = PCMBuffer(format: bandFormat, frameCapacity: Int(Double(frames) * bandRate / track.rate) + 4096)
    let draining = input == nil
    var input = input
    repeat {
      output.frameLength = 0
      guard let result = try? converter.convert(input, into: output, endOfInput: draining) else { return }
      input = nil
      if result.framesProduced > 0 {
        output.frameLength = result.framesProduced
        let start = Double(streamStart) / track.rate + Double(produced) / bandRate
        track.append(output, captureStart: start)
        produced += result.framesProduced
      }
      if result.framesPending == 0 { break }
    } while true
  }
}
