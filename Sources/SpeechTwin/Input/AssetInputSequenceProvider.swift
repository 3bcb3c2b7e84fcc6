public import AVFAudioTwin
public import AVFoundationTwin
import Foundation
import SimulatedDevice

/// Analyzer inputs from an audio file's track — the twin of Apple's `AssetInputSequenceProvider`
/// (27.0): the whole track, converted to the analyzer's format.
///
/// ```swift
/// let provider = try await AssetInputSequenceProvider.provider(from: AVURLAsset(url: url), compatibleWith: [transcriber])
/// try await analyzer.start(inputSequence: provider.analyzerInputs)
/// ```
///
/// **Twin decisions**: assets are local files (`AVURLAsset`, what the `AVFoundation` twin reads);
/// the track is read in 8,192-frame buffers of the file's format, converted by an
/// ``AnalyzerInputConverter`` (flushed at the end, so nothing is lost) with times from 0; reading
/// is synchronous, no virtual time passes (a local file). Each access to ``analyzerInputs`` reads
/// the track again from its start; the provider may be released once a sequence was taken. A file
/// that cannot be read throws from the sequence (the `AVAudioFile` error).
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
public final class AssetInputSequenceProvider {
  private let asset: AVAsset
  private let analyzerFormat: AVAudioFormat

  /// A provider for the asset's first audio track in the modules' best available format.
  /// - Parameters:
  ///   - asset: The asset.
  ///   - modules: The analyzer's modules.
  ///   - priority: The priority of the reading (accepted; the twin reads synchronously).
  /// - Returns: The provider.
  /// - Throws: The asset's loading error, `SFSpeechError` `noModel` without a format for the modules,
  ///   `AVFoundationErrorDomain` -11828 when the asset has no audio track.
  public static func provider(
    from asset: AVAsset, compatibleWith modules: [any SpeechModule], priority: TaskPriority? = nil
  ) async throws -> AssetInputSequenceProvider {
    guard let track = try await asset.loadTracks(withMediaType: .audio).first else {
      throw NSError(
        domain: AVFoundationErrorDomain, code: -11_828,
        userInfo: [NSLocalizedDescriptionKey: "AssetInputSequenceProvider: the asset has no audio track."])
    }
    return try await provider(from: asset, track: track, compatibleWith: modules, priority: priority)
  }

  /// A provider for one track in the modules' best available format.
  /// - Parameters:
  ///   - asset: The asset.
  ///   - track: Its audio track.
  ///   - modules: The analyzer's modules.
  ///   - priority: The priority of the reading (accepted; the twin reads synchronously).
  /// - Returns: The provider.
  /// - Throws: `SFSpeechError` `noModel` without a format for the modules.
  public static func provider(
    from asset: AVAsset, track: AVAssetTrack, compatibleWith modules: [any SpeechModule], priority: TaskPriority? = nil
  ) async throws -> AssetInputSequenceProvider {
    let converter = try await AnalyzerInputConverter.converter(compatibleWith: modules)
    return AssetInputSequenceProvider(
      asset: asset, track: track, analyzerFormat: converter.analyzerFormat, priority: priority)
  }

  /// A provider for one track in `analyzerFormat`.
  /// - Parameters:
  ///   - asset: The asset.
  ///   - track: Its audio track.
  ///   - analyzerFormat: The analyzer's format.
  ///   - priority: The priority of the reading (accepted).
  public init(asset: AVAsset, track: AVAssetTrack, analyzerFormat: AVAudioFormat, priority: TaskPriority? = nil) {
    self.asset = asset
    self.analyzerFormat = analyzerFormat
  }

  /// The track's audio as analyzer inputs, read from the start for each access.
  public var analyzerInputs: some Sendable & AsyncSequence<AnalyzerInput, any Error> {
    let reader = AssetTrackReader(url: asset.fileURL, analyzerFormat: analyzerFormat)
    return AsyncThrowingStream<AnalyzerInput, any Error> { try reader.next() }
  }
}
