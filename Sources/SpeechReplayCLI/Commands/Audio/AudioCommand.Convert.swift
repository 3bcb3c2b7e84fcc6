import ArgumentParser
import AudioPCM
import Foundation

extension AudioCommand {
  /// `speech-replay audio convert IN OUT`: resample, mix and re-encode a file, streaming in chunks.
  struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Convert an audio file's rate, channels and sample type, and write it in another container.",
      discussion: """
        The output container comes from OUT's extension (wav, caf, aiff, flac, ogg, mp3, …) unless --container is given. \
        OUT is written beside itself and renamed into place when complete, so a failed conversion leaves an existing OUT as it was; \
        OUT may not be IN (nor a link to it).
        """)

    /// The output rates `--rate` accepts, in Hz.
    static let rates: ClosedRange<Double> = 1...768_000

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write; replaced (only once complete) if it exists.")
    var output: String

    // `.unconditional`: `--rate -5` is a bad rate to explain, not a missing value followed by a flag.
    @Option(
      parsing: .unconditional, help: "Output sample rate in Hz, a whole number from 1 to 768000 (default: the input's)."
    )
    var rate: Double?

    @Option(
      parsing: .unconditional,
      help:
        "Output channel count, 1 to \(AudioFormat.maximumChannelCount) (default: the input's). Fewer channels average, more duplicate."
    )
    var channels: Int?

    @Option(help: "Output sample type: int16, int32, float32, float64 (default: the input's).")
    var sampleType: AudioFormat.SampleType?

    @Option(help: "Conversion quality: best, medium, fastest, linear.")
    var quality: SampleRateConverter.Quality = .best

    @Option(help: "Resampling library: soxr or libsamplerate (the engine older histories were recorded with).")
    var engine: SampleRateConverter.Engine = .soxr

    @Option(help: "Output container: wav, caf, aiff, flac, ogg, mp3, w64, rf64, au (default: from OUT's extension).")
    var container: String?

    @Option(
      help:
        "Output encoding: pcm16, pcm24, pcm32, float32, float64, alac16…alac32, vorbis, opus, mp3, ulaw, alaw (default: lossless for the sample type)."
    )
    var encoding: String?

    func validate() throws {
      // Before the checks: the output check's probe is a `.partial` file in the destination's folder,
      // and a Ctrl-C while it exists must remove it and end as an interruption, not kill the process.
      InterruptCleanup.install()
      try PathCheck.checkReadable(input)
      // Reading and writing one file at once would destroy it: refuse however the two names reach
      // it, before anything else is said about OUT.
      var paths = OutputPaths()
      paths.input(input, what: "the input file")
      if output.isEmpty { throw ValidationError("OUT is an empty path; name a file") }
      try paths.checkNotInput(output, option: "OUT")
      if let rate, !(rate.isFinite && Self.rates.contains(rate) && rate == rate.rounded()) {
        throw ValidationError("--rate must be a whole number of Hz from 1 to 768000 (got \(rate))")
      }
      if let channels, !(1...AudioFormat.maximumChannelCount).contains(channels) {
        throw ValidationError("--channels must be from 1 to \(AudioFormat.maximumChannelCount) (got \(channels))")
      }
      _ = try resolveContainer()
      _ = try resolveEncoding()
      try paths.check(output, option: "OUT", kind: .generated)

    }

    func run() throws {
      InterruptCleanup.install()
      do {
        try convert()
      } catch {
        InterruptCleanup.endIfInterrupted()  // a failure the signal's cleanup caused
        Failure.printError(error, path: input)
        throw ExitCode(Failure.exitCode)
      }
    }

    private func convert() throws {
      let outputContainer = try resolveContainer()
      let file = try AudioFile(forReading: input)
      for warning in file.warnings { Failure.printWarning(warning) }
      let warningsAtOpen = file.warnings.count
      let source = file.processingFormat
      let target = try AudioFormat(
        sampleRate: rate ?? source.sampleRate, channelCount: channels ?? source.channelCount,
        sampleType: sampleType ?? file.fileFormat.sampleType, isInterleaved: true)
      let converter = try SampleRateConverter(from: source, to: target, quality: quality, engine: engine)
      // Atomically: a failed or interrupted conversion must not leave a truncated OUT behind.
      let writer = try AudioFileWriter(
        path: output, container: outputContainer, encoding: try resolveEncoding(), format: target, atomically: true)
      let chunk = 4096
      let inputBuffer = PCMBuffer(format: source, frameCapacity: chunk)
      let outputBuffer = PCMBuffer(
        format: target, frameCapacity: Int((Double(chunk) * converter.ratio).rounded(.up)) + 1024)
      var finished = false
      while !finished {
        let got = try file.read(into: inputBuffer)
        var result = try converter.convert(inputBuffer, into: outputBuffer, endOfInput: got == 0)
        try writer.write(outputBuffer)
        while result.framesPending > 0 {
          result = try converter.convert(nil, into: outputBuffer, endOfInput: got == 0)
          try writer.write(outputBuffer)
        }
        finished = result.isFinished
      }
      // Warnings found while reading, such as a FLAC stream that ends early.
      for warning in file.warnings.dropFirst(warningsAtOpen) { Failure.printWarning(warning) }
      try writer.close()
    }

    private func resolveEncoding() throws -> AudioFile.Encoding? {
      guard let encoding else { return nil }
      guard let named = AudioFile.Encoding(name: encoding) else {
        throw ValidationError(
          "\(output): unknown encoding '\(encoding)'; use pcm16, pcm24, pcm32, float32, float64, alac16, alac24, vorbis, opus, mp3, ulaw or alaw"
        )
      }
      return named
    }

    private func resolveContainer() throws -> AudioFile.Container {
      let ext = output.split(separator: "/").last.flatMap { name in
        name.contains(".") ? name.split(separator: ".").last : nil
      }
      let fromName = ext.flatMap { AudioFile.Container(fileExtension: String($0)) }
      if let container {
        guard let named = AudioFile.Container(name: container) else {
          throw ValidationError(
            "\(output): unknown container '\(container)'; use one of \(AudioFile.Container.writable.map(\.description).joined(separator: ", "))"
          )
        }
        // A FLAC stream in a file named .wav is read back by nothing that trusts the name.
        if let fromName, let ext, fromName != named, !(fromName == .wav && named == .wavex) {
          throw ValidationError(
            "\(output) ends in .\(ext) but --container is \(container); name the file .\(named.fileExtension), or leave out --container"
          )
        }
        return named
      }
      guard let ext, let named = fromName else {
        throw ValidationError(
          "\(output): cannot tell the container from the file name; end it in .wav, .caf, .aiff, .flac, .ogg or .mp3, or give --container"
        )
      }
      return named
    }
  }
}

extension AudioFormat.SampleType: ExpressibleByArgument {}
extension SampleRateConverter.Quality: ExpressibleByArgument {}
extension SampleRateConverter.Engine: ExpressibleByArgument {}
