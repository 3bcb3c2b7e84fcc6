import AudioPCM

extension Microphone {
  /// The microphone's source: the play gate, the audio file behind it (opened on first use and
  /// converted to the hardware format), the input mute, and which capture seconds heard which part
  /// of the file. It moves only when a capture takes audio from it.
  struct Tape {
    /// Whether the gate is open (someone speaks).
    var isPlaying = true
    /// Whether the app muted the input: the tape plays on, the app gets zeros.
    var isInputMuted = false
    /// Seconds captured while the gate was open.
    var secondsPlayed = 0.0
    /// Seconds captured in all.
    var secondsCaptured = 0.0
    /// The stretches of open gate, in capture order.
    var segments: [Segment] = []
    /// Whether the file has been heard to its end (or there is none).
    var reachedEnd = false
    var source: Source = .notOpened

    /// A stretch of captures during which the gate was open: capture seconds `captureStart..<captureEnd`
    /// heard the file from `fileStart` on.
    struct Segment: Equatable {
      var captureStart: Double
      var captureEnd: Double
      var fileStart: Double
    }

    /// Where the audio comes from: nothing yet, the file with its converter, or silence for good.
    enum Source {
      case notOpened
      case file(FileReader)
      case silence
    }

    /// The open file, its read buffer and the converter to the hardware format.
    final class FileReader {
      let file: AudioFile
      let chunk: PCMBuffer
      var converter: SampleRateConverter
      var endOfFile = false

      init(file: AudioFile, hardwareFormat: AudioFormat) throws {
        self.file = file
        let readFormat = try AudioFormat.standard(
          sampleRate: file.fileFormat.sampleRate, channelCount: file.fileFormat.channelCount)
        self.chunk = PCMBuffer(format: readFormat, frameCapacity: Tape.readChunk)
        self.converter = try SampleRateConverter(
          from: readFormat, to: hardwareFormat, quality: Microphone.conversionQuality,
          engine: SimulatedDevice.resamplingEngine)
      }

      /// Whether everything the file holds has been converted and taken.
      var isDrained: Bool { endOfFile && converter.pendingFrameCount == 0 }
    }

    /// File frames read per step when filling a callback.
    static let readChunk = 4096

    /// Opens `path` (nil: silence) unless a source is open already.
    mutating func open(_ path: String?, hardwareFormat: AudioFormat) throws {
      guard case .notOpened = source else { return }
      guard let path else {
        source = .silence
        return
      }
      do {
        source = .file(try FileReader(file: AudioFile(forReading: path), hardwareFormat: hardwareFormat))
      } catch {
        throw MicrophoneError(
          path: path,
          message:
            "the microphone cannot play '\(path)': \(error). Check the scenario's audio path, or give a file AudioPCM reads (WAV, CAF, FLAC, AIFF…)."
        )
      }
    }

    /// True when the file has been played to its end (or there is none).
    var isAtEnd: Bool {
      switch source {
      case .notOpened: false
      case .silence: true
      case .file(let reader): reader.isDrained
      }
    }

    /// Moves to `seconds` into the file (opening it first); past the end means silence from now on.
    mutating func seek(to seconds: Double, path: String?, hardwareFormat: AudioFormat) throws {
      try open(path, hardwareFormat: hardwareFormat)
      guard case .file(let reader) = source else { return }
      let frame = min(reader.file.frameCount, max(0, Int((seconds * reader.file.fileFormat.sampleRate).rounded())))
      do {
        try reader.file.seek(toFrame: frame)
      } catch {
        throw MicrophoneError(
          path: reader.file.path,
          message: "the microphone cannot move to \(seconds) s in '\(reader.file.path)': \(error)")
      }
      reader.converter.reset()
      reader.endOfFile = frame >= reader.file.frameCount
    }

    /// Converts to `format` from now on (a route change): audio the converter held for the old one is dropped.
    mutating func convert(to format: AudioFormat) throws {
      guard case .file(let reader) = source else { return }
      do {
        reader.converter = try SampleRateConverter(
          from: reader.chunk.format, to: format, quality: Microphone.conversionQuality,
          engine: SimulatedDevice.resamplingEngine)
      } catch {
        throw MicrophoneError(
          path: reader.file.path, message: "the microphone cannot convert '\(reader.file.path)' to \(format): \(error)")
      }
    }

    /// Plays one capture of `seconds` into `output` (zeroed, its length set): the file's audio while
    /// the gate is open, zeros while muted. Returns what went wrong with the file, if anything: the
    /// tape then gives silence for good.
    mutating func play(into output: PCMBuffer, seconds: Double, path: String?) -> String? {
      defer { secondsCaptured += seconds }
      guard isPlaying else { return nil }
      if let last = segments.last, last.captureEnd == secondsCaptured {
        segments[segments.count - 1].captureEnd += seconds
      } else {
        segments.append(
          Segment(captureStart: secondsCaptured, captureEnd: secondsCaptured + seconds, fileStart: secondsPlayed))
      }
      secondsPlayed += seconds
      var failure: String?
      do {
        try open(path, hardwareFormat: output.format)
      } catch {
        source = .silence
        failure = "\(error); the microphone delivers silence instead"
      }
      if case .file(let reader) = source {
        do {
          try Self.fill(output, from: reader)
        } catch {
          source = .silence
          failure = "reading '\(reader.file.path)' failed: \(error); the microphone delivers silence from here on"
        }
      }
      if isInputMuted { output.silence() }
      if isAtEnd { reachedEnd = true }
      return failure
    }

    /// The file position (seconds) the listener had heard by `captureSeconds` of capture (see
    /// ``Microphone/tapeTime(atCaptureSeconds:)``).
    func time(atCaptureSeconds captureSeconds: Double) -> Double? {
      guard let index = segments.lastIndex(where: { $0.captureStart <= captureSeconds }) else { return nil }
      let segment = segments[index]
      let heard = captureSeconds - segment.captureStart
      let isLast = index == segments.count - 1
      if captureSeconds < segment.captureEnd || (isLast && reachedEnd) { return segment.fileStart + heard }
      return segment.fileStart + (segment.captureEnd - segment.captureStart)
    }

    /// The capture second at which the listener heard `tapeTime` of the file (see
    /// ``Microphone/captureSeconds(atTapeTime:)``).
    func captureSeconds(atTapeTime tapeTime: Double) -> Double? {
      guard let segment = segments.last(where: { $0.fileStart <= tapeTime }) else { return nil }
      let into = tapeTime - segment.fileStart
      let length = segment.captureEnd - segment.captureStart
      guard into <= length + 1e-9 || segments.last == segment && reachedEnd else { return nil }
      return segment.captureStart + into
    }

    /// Fills `output` from the file through the converter; whatever the file no longer provides stays zero.
    private static func fill(_ output: PCMBuffer, from reader: FileReader) throws {
      let wanted = output.frameLength
      var filled = 0
      while filled < wanted {
        let part = PCMBuffer(format: output.format, frameCapacity: wanted - filled)
        let result: SampleRateConverter.Result
        if reader.converter.pendingFrameCount > 0 {
          result = try reader.converter.convert(nil, into: part)
        } else if !reader.endOfFile {
          let read = try reader.file.read(into: reader.chunk, frameCount: readChunk)
          reader.endOfFile = read < readChunk
          result = try reader.converter.convert(reader.chunk, into: part, endOfInput: reader.endOfFile)
        } else {
          return
        }
        copy(part, frames: result.framesProduced, into: output, at: filled)
        filled += result.framesProduced
      }
    }

    private static func copy(_ source: PCMBuffer, frames: Int, into target: PCMBuffer, at offset: Int) {
      guard frames > 0, source.format == target.format else { return }
      // Bytes of one frame in one plane: every channel when interleaved, one otherwise.
      let frameBytes = target.stride * target.format.sampleType.byteCount
      for plane in 0..<target.planeCount {
        (target.rawPlane(plane) + offset * frameBytes).copyMemory(
          from: source.rawPlane(plane), byteCount: frames * frameBytes)
      }
    }
  }
}
