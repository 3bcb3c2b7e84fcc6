internal import CSoxr
import Synchronization

/// When libsoxr releases output for a stream that has been digital silence from its start, so that
/// ``SampleRateConverter`` can write that output (zeros) without running the filter.
///
/// Why the frame counts are exact: for decimation by 2 or 3 (48 kHz → 16 kHz is 3) libsoxr builds one
/// DFT filter stage and nothing else (its `_soxr_init` chooses no half-band or polyphase stage for
/// these ratios; `SOXR_QQ`'s cubic stage is not used here). That stage runs a block whenever its input
/// FIFO, preloaded with the filter's post-peak zeros, holds a DFT's length; each block consumes the
/// same number of input frames and writes every M-th filtered sample, so which samples come out
/// repeats every M blocks. ``SampleRateConverter`` always drains libsoxr (it calls until an output is
/// not full), and a drained libsoxr has run every block its input allows, so the output released
/// after N input frames depends on N alone — not on how the input was cut into buffers. The end of
/// input releases the rest up to round(N ÷ M), as `_soxr_flush` computes it. A filter given only
/// zeros writes +0.0 (every product is +0.0 × coefficient summed with +0.0).
///
/// The numbers (the frames before the first block, the frames per block, the output of the first M
/// blocks) are libsoxr's internal filter lengths, so they are measured once per configuration with
/// a probe that feeds zeros frame by frame, and checked against the probe over 2M + 2 blocks and an
/// end of input; a configuration that does not fit the pattern gets no schedule and is always
/// resampled (`SilenceScheduleTests` compares both paths sample for sample).
struct SoxrSilenceSchedule: Sendable, Equatable {
  /// Input rate over output rate: 2 or 3.
  let decimation: Int
  /// Input frames before libsoxr releases its first block.
  let firstBlockInput: Int
  /// Input frames per block after the first.
  let blockInput: Int
  /// Output released after 1, 2, … `decimation` blocks; after `decimation` blocks it is `blockInput`.
  let outputAfterBlocks: [Int]

  /// Output frames released, drained, after `input` frames of silence.
  func outputFrames(afterInput input: Int) -> Int {
    guard input >= firstBlockInput else { return 0 }
    let blocks = (input - firstBlockInput) / blockInput + 1
    let (cycles, rest) = blocks.quotientAndRemainder(dividingBy: decimation)
    return cycles * blockInput + (rest == 0 ? 0 : outputAfterBlocks[rest - 1])
  }

  /// Output frames the end of input releases after `input` frames of silence (`_soxr_flush`:
  /// everything up to round(input ÷ ratio), half up).
  func flushFrames(afterInput input: Int) -> Int {
    max(0, Int(Double(input) / Double(decimation) + 0.5) - outputFrames(afterInput: input))
  }

  /// The fewest frames of silence that leave libsoxr in the same state as `input` frames: the same
  /// frames waiting in its FIFO and the same block phase (every `decimation` blocks repeat), so
  /// feeding these to a fresh libsoxr lets real audio continue exactly where `input` frames would
  /// have left it.
  func equivalentInput(to input: Int) -> Int {
    guard input >= firstBlockInput else { return input }
    return firstBlockInput + (input - firstBlockInput) % (decimation * blockInput)
  }
}

// MARK: - Measuring

extension SoxrSilenceSchedule {
  /// What a schedule depends on: the configuration of the libsoxr state.
  struct Key: Hashable, Sendable {
    var inputRate: Double
    var outputRate: Double
    var quality: SampleRateConverter.Quality
    var isLowLatency: Bool
  }

  private static let measured = Mutex<[Key: SoxrSilenceSchedule?]>([:])

  /// The schedule for `key`, measured on first use; `nil` when libsoxr's output for it does not follow
  /// the single-stage pattern (any rate change but decimation by 2 or 3, or the cubic recipe).
  static func schedule(for key: Key) -> SoxrSilenceSchedule? {
    if let known = measured.withLock({ $0[key] }) { return known }
    // Measured outside the lock: a race only measures twice, with the same (deterministic) result.
    let schedule = measure(key)
    measured.withLock { $0[key] = .some(schedule) }
    return schedule
  }

  /// Feeds a mono libsoxr zeros one frame at a time until two blocks came out, then checks the
  /// pattern that follows block by block (nothing one frame before each predicted block, the
  /// predicted output at it) and the end of input's count.
  private static func measure(_ key: Key) -> SoxrSilenceSchedule? {
    let ratio = key.inputRate / key.outputRate
    guard key.quality != .linear, ratio == 2 || ratio == 3,
      let probe = try? SampleRateConverter.State(
        engine: .soxr, quality: key.quality, inputRate: key.inputRate, outputRate: key.outputRate, channels: 1,
        isLowLatency: key.isLowLatency),
      case .soxr(let state) = probe
    else { return nil }
    defer { soxr_delete(state) }
    var feeder = Feeder(state: state)
    let decimation = Int(ratio)
    guard let first = feeder.frameByFrameUntilOutput(), let second = feeder.frameByFrameUntilOutput() else {
      return nil
    }
    var outputs = [first.output, first.output + second.output]
    let blockInput = second.input - first.input
    while outputs.count < 2 * decimation + 2 {
      let next = first.input + outputs.count * blockInput
      guard next - 1 >= feeder.fed, feeder.feed(next - 1 - feeder.fed) == 0 else { return nil }
      let made = feeder.feed(1)
      guard made > 0 else { return nil }
      outputs.append(outputs[outputs.count - 1] + made)
    }
    let schedule = SoxrSilenceSchedule(
      decimation: decimation, firstBlockInput: first.input, blockInput: blockInput,
      outputAfterBlocks: Array(outputs.prefix(decimation)))
    for (index, output) in outputs.enumerated()
    where schedule.outputFrames(afterInput: first.input + index * blockInput) != output {
      return nil
    }
    // Part of a block more, then the end of input.
    _ = feeder.feed(blockInput / 2)
    let total = feeder.fed
    guard feeder.flush() == schedule.flushFrames(afterInput: total) else { return nil }
    return schedule
  }
}
