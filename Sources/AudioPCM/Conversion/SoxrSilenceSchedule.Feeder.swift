internal import CSoxr

extension SoxrSilenceSchedule {
  /// Feeds zeros to a libsoxr state and drains (and drops) what it releases, as
  /// ``SampleRateConverter`` drains it: used to measure a schedule and to bring a converter's
  /// libsoxr up to the silence it skipped before real audio arrives.
  struct Feeder: ~Copyable {
    let state: soxr_t
    let channels: Int
    /// Frames fed so far.
    private(set) var fed = 0
    /// Zeros to feed, `chunkFrames` frames of `channels`.
    private let zeros: UnsafeMutableBufferPointer<Float>
    /// Where the output goes.
    private let sink: UnsafeMutableBufferPointer<Float>
    private static let chunkFrames = 4096
    private static let sinkFrames = 16384

    init(state: soxr_t, channels: Int = 1) {
      self.state = state
      self.channels = channels
      zeros = .allocate(capacity: Self.chunkFrames * channels)
      zeros.initialize(repeating: 0)
      sink = .allocate(capacity: Self.sinkFrames * channels)
      sink.initialize(repeating: 0)
    }

    deinit {
      zeros.deallocate()
      sink.deallocate()
    }

    /// Feeds `frames` zeros in pieces of at most `chunkFrames`; returns the output frames released.
    mutating func feed(_ frames: Int) -> Int {
      var left = frames
      var released = 0
      while left > 0 {
        let piece = min(left, Self.chunkFrames)
        released += process(zeros.baseAddress, piece)
        left -= piece
        fed += piece
      }
      return released
    }

    /// Feeds one frame at a time until one releases output; returns the frames fed by then and the
    /// output, or `nil` when nothing came out within a million frames.
    mutating func frameByFrameUntilOutput() -> (input: Int, output: Int)? {
      for _ in 0..<1 << 20 {
        let made = feed(1)
        if made > 0 { return (fed, made) }
      }
      return nil
    }

    /// Ends the input and returns the output frames the end releases.
    mutating func flush() -> Int { process(nil, 0) }

    /// One `soxr_process` call, then calls with no input until an output is not full (a NULL input
    /// is libsoxr's end of input, as in ``SampleRateConverter``).
    private func process(_ input: UnsafeMutablePointer<Float>?, _ frames: Int) -> Int {
      var released = 0
      var first = true
      while true {
        var done = 0
        let error =
          input == nil
          ? soxr_process(state, nil, 0, nil, sink.baseAddress, Self.sinkFrames, &done)
          : soxr_process(state, input, first ? frames : 0, nil, sink.baseAddress, Self.sinkFrames, &done)
        first = false
        released += done
        if error != nil { return released }
        if input == nil ? done == 0 : done < Self.sinkFrames { return released }
      }
    }
  }
}
