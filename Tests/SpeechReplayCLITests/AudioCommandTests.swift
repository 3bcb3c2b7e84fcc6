import AudioPCM
import Foundation
import SpeechReplayTestSupport
import Testing

@Suite struct AudioCommandTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "SpeechReplayCLITests").url
  }

  private func badFile(_ name: String, _ bytes: Data) throws -> String {
    let url = folder.appendingPathComponent(name)
    try bytes.write(to: url)
    return url.path
  }

  private var helloWorld: Data {
    get throws {
      try Data(contentsOf: CommandLineRun.repositoryRoot.appendingPathComponent("fixtures/audio/hello-world.wav"))
    }
  }

  @Test func infoDescribesEachFile() throws {
    let run = try CommandLineRun([
      "audio", "info", "fixtures/audio/hello-world.wav", "fixtures/audio/quick-brown-fox-48k.wav",
    ])
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty, "\(run.standardError)")
    for line in [
      "fixtures/audio/hello-world.wav", "container: wav", "encoding:  pcm16", "rate:      16000 Hz", "channels:  1",
      "frames:    28620", "duration:  1.789 s", "fixtures/audio/quick-brown-fox-48k.wav", "rate:      48000 Hz",
      "frames:    239067", "duration:  4.981 s",
    ] {
      #expect(run.standardOutput.contains(line), "missing '\(line)' in:\n\(run.standardOutput)")
    }
    // Levels come from the samples: both fixtures are speech well below full scale.
    let peaks = run.standardOutput.split(separator: "\n").filter { $0.contains("peak:") }
    #expect(peaks.count == 2)
    #expect(peaks.allSatisfy { $0.contains("dBFS") && $0.contains("-") })
  }

  @Test func infoReportsEveryBadFileAndStillShowsTheGoodOnes() throws {
    let hello = try helloWorld
    let bad = [
      folder.appendingPathComponent("missing.wav").path,
      try badFile("empty.wav", Data()),
      try badFile("garbage.wav", Data((0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
      try badFile("header-only.wav", hello.prefix(44)),
      try badFile(
        "zero-channels.wav",
        {
          var data = hello
          data[22] = 0
          data[23] = 0
          return data
        }()),
      try badFile(
        "zero-rate.wav",
        {
          var data = hello
          for index in 24..<32 { data[index] = 0 }
          return data
        }()),
      folder.path,
    ]
    let run = try CommandLineRun(["audio", "info", bad[0], "fixtures/audio/hello-world.wav"] + bad.dropFirst())
    #expect(run.status == 1)
    #expect(!run.endedBySignal)
    #expect(run.standardOutput.contains("frames:    28620"), "the good file is still shown")
    #expect(run.errorLines.count == bad.count, "\(run.errorLines)")
    for (line, path) in zip(run.errorLines, bad) {
      #expect(line.hasPrefix("speech-replay: error: \(path): "), "\(line)")
    }
  }

  @Test func infoWarnsAboutATruncatedRecordingButSucceeds() throws {
    let path = try badFile("cut.wav", try helloWorld.prefix(20_000))
    let run = try CommandLineRun(["audio", "info", path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("frames:    9978"))
    #expect(run.errorLines.count == 1)
    #expect(run.errorLines.first?.hasPrefix("speech-replay: \(path): warning: ") == true)
    #expect(run.standardError.contains("37284 bytes"))
  }

  @Test func infoWarnsAboutASizeFieldLargerThanTheFileAndAWrongExtension() throws {
    var claimsMore = try helloWorld
    // The data chunk's size field (bytes 40…43) claims 100 000 bytes; 57 240 are there.
    for (index, byte) in [0xA0, 0x86, 0x01, 0x00].enumerated() { claimsMore[40 + index] = UInt8(byte) }
    let path = try badFile("claims-more.flac", claimsMore)
    let run = try CommandLineRun(["audio", "info", path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("frames:    28620"))
    #expect(run.errorLines.count == 2, "\(run.errorLines)")
    #expect(run.errorLines.allSatisfy { $0.hasPrefix("speech-replay: \(path): warning: ") })
    #expect(run.standardError.contains("42760 bytes"))
    #expect(run.standardError.contains("rename it to .wav"))
  }

  @Test func convertWritesTheRequestedFormat() throws {
    let output = folder.appendingPathComponent("fox-16k.caf").path
    let run = try CommandLineRun([
      "audio", "convert", "fixtures/audio/quick-brown-fox-48k.wav", output, "--rate", "16000", "--channels", "1",
      "--sample-type", "int16", "--quality", "best",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let file = try AudioFile(forReading: output)
    #expect(file.container == .caf)
    #expect(file.encoding == .pcm16)
    #expect(file.fileFormat.sampleRate == 16_000)
    #expect(file.frameCount == 79_689, "239067 frames at 48 kHz make exactly 79689 at 16 kHz")
  }

  @Test(arguments: ["soxr", "libsamplerate"])
  func convertResamplesWithEitherEngine(engine: String) throws {
    let output = folder.appendingPathComponent("fox-\(engine).wav").path
    let run = try CommandLineRun([
      "audio", "convert", "fixtures/audio/quick-brown-fox-48k.wav", output, "--rate", "16000", "--engine", engine,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let file = try AudioFile(forReading: output)
    #expect(file.fileFormat.sampleRate == 16_000)
    #expect(file.frameCount == 79_689, "239067 frames at 48 kHz make exactly 79689 at 16 kHz with \(engine)")
  }

  @Test func convertRejectsAnUnknownEngine() throws {
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", "x.wav", "--engine", "ffmpeg"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("ffmpeg"))
  }

  @Test func convertTakesTheContainerFromAnOption() throws {
    let output = folder.appendingPathComponent("hello.audio").path
    let run = try CommandLineRun([
      "audio", "convert", "fixtures/audio/hello-world.wav", output, "--container", "flac", "--channels", "2",
      "--quality", "fastest",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let file = try AudioFile(forReading: output)
    #expect(file.container == .flac)
    #expect(file.fileFormat.channelCount == 2)
    #expect(file.frameCount == 28_620)
  }

  @Test func convertTakesTheEncodingFromAnOption() throws {
    let output = folder.appendingPathComponent("hello.caf").path
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", output, "--encoding", "alac16"])
    #expect(run.status == 0, "\(run.standardError)")
    let file = try AudioFile(forReading: output)
    #expect(file.container == .caf)
    #expect(file.encoding == .alac16)
    #expect(file.frameCount == 28_620)
  }

  @Test(arguments: [
    (["--rate", "0"], "--rate must be a whole number of Hz from 1 to 768000 (got 0.0)"),
    (["--rate", "-5"], "--rate must be a whole number of Hz from 1 to 768000 (got -5.0)"),
    (["--rate", "nan"], "(got nan)"),
    (["--rate", "inf"], "(got inf)"),
    (["--rate", "1e9"], "(got 1000000000.0)"),
    (["--rate", "16000.5"], "whole number of Hz"),
    (["--channels", "0"], "--channels must be from 1 to 1024 (got 0)"),
    (["--channels", "-2"], "--channels must be from 1 to 1024 (got -2)"),
    (["--container", "tape"], "unknown container"),
    (["--container", "flac"], "out.wav ends in .wav but --container is flac; name the file .flac"),
    (["--encoding", "wax-cylinder"], "unknown encoding"),
  ])
  func convertRejectsBadSettingsAsUsageErrors(arguments: [String], words: String) throws {
    let output = folder.appendingPathComponent("out.wav").path
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", output] + arguments)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(!run.endedBySignal)
    #expect(run.errorLines.count == 1, "\(run.errorLines)")
    #expect(run.standardError.hasPrefix("speech-replay: error: "))
    #expect(run.standardError.contains(words), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func convertChecksThatOutCanBeWrittenBeforeReading() throws {
    let missingFolder = folder.appendingPathComponent("no/such/folder/out.wav").path
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", missingFolder])
    #expect(run.status == 64)
    #expect(
      run.standardError.contains("OUT \(missingFolder) cannot be written: cannot create a file in"),
      "\(run.standardError)")
    let intoAFolder = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", folder.path + "/"])
    #expect(intoAFolder.status == 64, "\(intoAFolder.standardError)")
  }

  @Test func convertReportsWhatTheContainerCannotHold() throws {
    let output = folder.appendingPathComponent("out.flac").path
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", output, "--channels", "9"])
    #expect(run.status == 1)
    #expect(run.errorLines.count == 1, "\(run.errorLines)")
    #expect(run.standardError.contains("cannot write pcm16 in a flac file"), "\(run.standardError)")
    // Nothing is left behind: not the output, not its temporary file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func convertRejectsBadInputAndUnknownExtensions() throws {
    let garbage = try badFile("garbage.caf", Data(repeating: 0x41, count: 500))
    let bad = try CommandLineRun(["audio", "convert", garbage, folder.appendingPathComponent("x.wav").path])
    #expect(bad.status == 1)
    #expect(bad.errorLines == bad.errorLines.filter { $0.hasPrefix("speech-replay: error: \(garbage): ") })
    #expect(bad.errorLines.count == 1)

    let unknown = folder.appendingPathComponent("x.unknown").path
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", unknown])
    #expect(run.status == 64)
    #expect(run.standardError.contains("\(unknown): cannot tell the container"))
    #expect(run.standardError.contains("--container"))
  }

  /// `convert IN IN` once truncated IN to a 44-byte header; every way of naming IN twice is refused.
  @Test(arguments: ["same path", "dot path", "symbolic link", "hard link"])
  func convertRefusesToWriteOverItsInput(how: String) throws {
    let input = folder.appendingPathComponent("in.wav")
    try helloWorld.write(to: input)
    let output: String
    switch how {
    case "same path": output = input.path
    case "dot path": output = folder.appendingPathComponent("./in.wav").path
    case "symbolic link":
      output = folder.appendingPathComponent("link.wav").path
      try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: "in.wav")
    default:
      output = folder.appendingPathComponent("hard.wav").path
      try FileManager.default.linkItem(atPath: input.path, toPath: output)
    }
    let run = try CommandLineRun(["audio", "convert", input.path, output, "--rate", "8000"])
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.errorLines.count == 1, "\(run.errorLines)")
    #expect(run.standardError.contains("\(output) is the input file \(input.path)"), "\(run.standardError)")
    #expect(try Data(contentsOf: input) == helloWorld, "the input is untouched")
  }

  @Test func convertReplacesAnExistingOutputOnlyWhenComplete() throws {
    let output = folder.appendingPathComponent("out.wav")
    let previous = Data("the previous file".utf8)
    try previous.write(to: output)
    // An input that cannot be read: the conversion fails and the previous output stays.
    let garbage = try badFile("garbage.caf", Data(repeating: 0x41, count: 500))
    let failed = try CommandLineRun(["audio", "convert", garbage, output.path])
    #expect(failed.status == 1)
    #expect(try Data(contentsOf: output) == previous)

    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", output.path, "--rate", "8000"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try AudioFile(forReading: output.path).fileFormat.sampleRate == 8_000)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["garbage.caf", "out.wav"],
      "no temporary file is left")
  }

  @Test func argumentErrorsExitWithUsageStatus() throws {
    let run = try CommandLineRun(["audio", "convert", "fixtures/audio/hello-world.wav", "x.wav", "--quality", "superb"])
    #expect(run.status == 64)
    #expect(!run.endedBySignal)
    #expect(run.standardError.contains("superb"))
  }
}
