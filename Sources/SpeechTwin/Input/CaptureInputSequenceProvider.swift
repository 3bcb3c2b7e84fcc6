public import AVFAudioTwin
public import AVFoundationTwin
import Foundation
import SimulatedDevice

/// Analyzer inputs from a capture device — the twin of Apple's `CaptureInputSequenceProvider`
/// (27.0): it configures an `AVCaptureSession` with an audio data output; the app starts and
/// stops the session.
///
/// ```swift
/// let provider = try await CaptureInputSequenceProvider.providerWithSession(
///   from: AVCaptureDevice.default(for: .audio)!, compatibleWith: [transcriber])
/// try await analyzer.start(inputSequence: provider.analyzerInputs)
/// provider.captureSession.startRunning()
/// ```
///
/// The session captures the simulated microphone and follows it (routes, interruptions,
/// permission: see `AVCaptureSession`). Each access to ``analyzerInputs`` is a new sequence of
/// audio captured from then on, converted by an ``AnalyzerInputConverter`` with the capture times;
/// as Apple documents, it ends only when the audio data output is released — stopping the session
/// does not end it, so a stack that waits for its end after `stopRunning()` waits until it lets
/// the provider go. **Twin decisions**: when the sequence ends, the converter's held audio is
/// flushed into it first; on a format change the held audio of the old format comes first.
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
public final class CaptureInputSequenceProvider {
  /// The session the provider reads from; the app starts and stops it.
  public let captureSession: AVCaptureSession
  /// The session's audio data output the provider reads.
  @available(visionOS, unavailable)
  public var captureAudioDataOutput: AVCaptureAudioDataOutput { output }
  private let output: AVCaptureAudioDataOutput
  private let analyzerFormat: AVAudioFormat

  /// Creates and configures a capture session for `captureDevice` ("can take some time"; instant
  /// on the simulated device) in the modules' best available format.
  /// - Parameters:
  ///   - captureDevice: The microphone (`AVCaptureDevice.default(for: .audio)`).
  ///   - modules: The analyzer's modules.
  ///   - priority: The priority of the conversion (accepted).
  /// - Returns: The provider, its session not running yet.
  /// - Throws: `SFSpeechError` `noModel` without a format for the modules.
  public static func providerWithSession(
    from captureDevice: AVCaptureDevice, compatibleWith modules: [any SpeechModule], priority: TaskPriority? = nil
  ) async throws -> CaptureInputSequenceProvider {
    try await provider(from: captureDevice, in: AVCaptureSession(), compatibleWith: modules, priority: priority)
  }

  /// Adds `captureDevice` and an audio data output to the app's `session`.
  /// - Parameters:
  ///   - captureDevice: The microphone.
  ///   - session: The app's session.
  ///   - modules: The analyzer's modules.
  ///   - priority: The priority of the conversion (accepted).
  /// - Returns: The provider.
  /// - Throws: `SFSpeechError` `noModel` without a format for the modules.
  @available(visionOS, unavailable)
  public static func provider(
    from captureDevice: AVCaptureDevice, in session: AVCaptureSession, compatibleWith modules: [any SpeechModule],
    priority: TaskPriority? = nil
  ) async throws -> CaptureInputSequenceProvider {
    let converter = try await AnalyzerInputConverter.converter(compatibleWith: modules)
    let input = try AVCaptureDeviceInput(device: captureDevice)
    session.beginConfiguration()
    if session.canAddInput(input) { session.addInput(input) }
    session.commitConfiguration()
    return try CaptureInputSequenceProvider(
      session: session, analyzerFormat: converter.analyzerFormat, priority: priority)
  }

  /// A provider over the app's configured session: adds an audio data output to it.
  /// - Parameters:
  ///   - session: A session with an audio input.
  ///   - analyzerFormat: The analyzer's format.
  ///   - priority: The priority of the conversion (accepted).
  /// - Throws: `SFSpeechError` `cannotConfigureAudioSystem` when the session has no audio input
  ///   (**twin decision**: Apple documents that it throws, not why).
  @available(visionOS, unavailable)
  public init(session: AVCaptureSession, analyzerFormat: AVAudioFormat, priority: TaskPriority?) throws {
    guard session.inputs.contains(where: { ($0 as? AVCaptureDeviceInput)?.device.hasMediaType(.audio) == true }) else {
      throw SFSpeechError(
        .cannotConfigureAudioSystem,
        message:
          "CaptureInputSequenceProvider: the capture session has no audio input; add an AVCaptureDeviceInput for AVCaptureDevice.default(for: .audio) first."
      )
    }
    let output = AVCaptureAudioDataOutput()
    session.beginConfiguration()
    session.addOutput(output)
    session.commitConfiguration()
    self.captureSession = session
    self.output = output
    self.analyzerFormat = analyzerFormat
  }

  /// Audio captured from now on, as analyzer inputs; ends when the audio data output is released.
  public var analyzerInputs: some Sendable & AsyncSequence<AnalyzerInput, any Error> {
    let (stream, continuation) = AsyncThrowingStream<AnalyzerInput, any Error>.makeStream()
    let converter = CaptureConversion(AnalyzerInputConverter(analyzerFormat: analyzerFormat))
    let key = output.addReceiver(
      AVCaptureAudioDataOutput.Receiver(
        buffer: { buffer, time in
          do {
            for input in try converter.converter.convert(buffer, at: time) { continuation.yield(input) }
          } catch {
            continuation.finish(throwing: error)
          }
        },
        end: {
          for input in (try? converter.converter.flush()) ?? [] { continuation.yield(input) }
          continuation.finish()
        }))
    continuation.onTermination = { [weak output] _ in output?.removeReceiver(key) }
    return stream
  }
}
