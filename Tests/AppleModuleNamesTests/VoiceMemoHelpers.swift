// More app code in Apple's names: the small helpers voice-memo and dictation apps keep beside their
// transcriber — error mapping, a dictation + voice-activity analyzer, CMTime formatting, writing a
// converted recording. Compiled on Linux unchanged; AppCodeSweepTests runs it.
import AVFoundation
import CoreMedia
import Speech

/// What the UI shows for an error thrown by the Speech framework.
enum SpeechFailureMessage: Equatable {
  case downloadTheModel
  case tooManyLanguages
  case formatProblem
  case busy
  case other(domain: String, code: Int)

  init(_ error: any Error) {
    if let speechError = error as? SFSpeechError {
      switch speechError.code {
      case .noModel, .assetLocaleNotAllocated, .cannotAllocateUnsupportedLocale: self = .downloadTheModel
      case .tooManyAssetLocalesAllocated: self = .tooManyLanguages
      case .unexpectedAudioFormat, .incompatibleAudioFormats, .audioDisordered: self = .formatProblem
      case .insufficientResources: self = .busy
      default: self = .other(domain: SFSpeechError.errorDomain, code: speechError.errorCode)
      }
      return
    }
    let nsError = error as NSError
    if nsError.domain == SFSpeechErrorDomain, let code = SFSpeechError.Code(rawValue: nsError.code),
      code == .insufficientResources
    {
      self = .busy
    } else {
      self = .other(domain: nsError.domain, code: nsError.code)
    }
  }
}

/// Runs `operation`, telling a timeout and a missing model apart by pattern, as apps' catch blocks do.
func classify(_ operation: () async throws -> Void) async -> String {
  do {
    try await operation()
    return "ok"
  } catch SFSpeechError.timeout {
    return "timeout"
  } catch SFSpeechError.Code.noModel {
    return "noModel"
  } catch let error as SFSpeechError where error.code == .tooManyAssetLocalesAllocated {
    return "tooMany \(error.userInfo[NSLocalizedDescriptionKey] as? String ?? "")"
  } catch {
    return "other \(error.localizedDescription)"
  }
}

/// Formats a time like a memo's timestamp: `1:05.2`.
func memoTimestamp(_ time: CMTime) -> String {
  guard time.isValid, time.isNumeric else { return "--" }
  let seconds = CMTimeGetSeconds(time)
  let minutes = Int(seconds) / 60
  let rest = seconds - Double(minutes * 60)
  return "\(minutes):" + (rest < 10 ? "0" : "") + String(format: "%.1f", rest)
}

/// A dictation session with voice-activity detection, as a messaging app's dictate button uses.
@available(iOS 26.0, macOS 26.0, *)
struct DictationWithVoiceActivity {
  let dictation: DictationTranscriber
  let detector: SpeechDetector
  let analyzer: SpeechAnalyzer

  init(locale: Locale) {
    dictation = DictationTranscriber(locale: locale, preset: .progressiveShortDictation)
    detector = SpeechDetector(
      detectionOptions: SpeechDetector.DetectionOptions(sensitivityLevel: .medium), reportResults: true)
    analyzer = SpeechAnalyzer(modules: [detector, dictation])
  }

  /// Runs `file` through the analyzer; returns the dictated text and the speech segments' times.
  func run(file url: URL) async throws -> (text: String, speech: [CMTimeRange]) {
    let text = Task {
      var pieces: [String] = []
      for try await result in dictation.results where result.isFinal {
        pieces.append(String(result.text.characters))
      }
      return pieces.joined(separator: " ")
    }
    let segments = Task {
      var speech: [CMTimeRange] = []
      for try await segment in detector.results where segment.speechDetected { speech.append(segment.range) }
      return speech
    }
    let file = try AVAudioFile(forReading: url)
    if let end = try await analyzer.analyzeSequence(from: file) {
      try await analyzer.finalizeAndFinish(through: end)
    } else {
      await analyzer.cancelAndFinishNow()
    }
    return (try await text.value, try await segments.value)
  }
}

/// Reads a recording in chunks and writes it at the analyzer's format with a converter, as apps do
/// before uploading or archiving what they transcribed.
@available(iOS 26.0, macOS 26.0, *)
func archive(recording source: URL, to destination: URL, format: AVAudioFormat) throws -> AVAudioFramePosition {
  let input = try AVAudioFile(forReading: source)
  let output = try AVAudioFile(forWriting: destination, settings: format.settings)
  guard let converter = AVAudioConverter(from: input.processingFormat, to: output.processingFormat) else {
    throw SFSpeechError(.unexpectedAudioFormat)
  }
  let chunk: AVAudioFrameCount = 4_800
  guard let buffer = AVAudioPCMBuffer(pcmFormat: input.processingFormat, frameCapacity: chunk),
    let converted = AVAudioPCMBuffer(pcmFormat: output.processingFormat, frameCapacity: chunk)
  else { throw SFSpeechError(.unexpectedAudioFormat) }
  // The converter calls its @Sendable input block synchronously inside convert.
  nonisolated(unsafe) let readBuffer = buffer
  nonisolated(unsafe) var finished = false
  while true {
    var error: NSError?
    let status = converter.convert(to: converted, error: &error) { packets, inputStatus in
      if finished {
        inputStatus.pointee = .endOfStream
        return nil
      }
      do {
        try input.read(into: readBuffer, frameCount: min(packets, chunk))
      } catch {
        finished = true
      }
      if readBuffer.frameLength == 0 || input.framePosition >= input.length { finished = true }
      guard readBuffer.frameLength > 0 else {
        inputStatus.pointee = .endOfStream
        return nil
      }
      inputStatus.pointee = .haveData
      return readBuffer
    }
    if let error { throw error }
    if converted.frameLength > 0 { try output.write(from: converted) }
    if status == .endOfStream || status == .error { break }
  }
  return output.length
}

/// Plays a memo back and tells which transcribed phrase is being heard, as memo apps highlight it.
final class MemoPlayback: NSObject, AVAudioPlayerDelegate, @unchecked Sendable {
  // @unchecked: used from the test's task; the delegate call comes from the same executor.
  let player: AVAudioPlayer
  private let phrases: [TimedPhrase]
  private(set) var finishedCount = 0

  init(url: URL, phrases: [TimedPhrase]) throws {
    player = try AVAudioPlayer(contentsOf: url)
    self.phrases = phrases
    super.init()
    player.delegate = self
    player.enableRate = true
    player.prepareToPlay()
  }

  /// Starts playing at a phrase.
  func play(from phrase: TimedPhrase) {
    player.currentTime = phrase.start
    player.play()
  }

  /// The phrase under the playhead, for the highlight.
  var highlighted: String? {
    let now = player.currentTime
    return phrases.first { $0.start <= now && now < $0.end }?.text
  }

  func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
    if flag { finishedCount += 1 }
  }
}
