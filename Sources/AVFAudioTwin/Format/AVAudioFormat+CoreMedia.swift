public import CoreMediaTwin
import Foundation

extension AVAudioFormat {
  /// Creates a format from a Core Media audio format description — how apps read the format of
  /// the sample buffers `AVCaptureAudioDataOutput`, `AVAssetReader` or ScreenCaptureKit deliver,
  /// before copying them into an `AVAudioPCMBuffer`. Not optional, as in Apple's SDK.
  ///
  /// The twin holds linear PCM of the types ``init(streamDescription:)`` accepts; any other
  /// description (compressed audio, 24-bit samples) ends the process with a reason that says so
  /// (**twin decision**: Apple returns a format with ``AVAudioCommonFormat/otherFormat`` whose
  /// buffers the app cannot fill with PCM).
  /// - Parameter formatDescription: An audio format description.
  public convenience init(cmAudioFormatDescription formatDescription: CMAudioFormatDescription) {
    guard var asbd = formatDescription.audioStreamBasicDescription,
      withUnsafePointer(to: &asbd, { AVAudioFormat(streamDescription: $0) }) != nil
    else {
      AVFAudioException.raise(
        "AVAudioFormat(cmAudioFormatDescription:): the twin holds linear PCM only (Float32, Float64, Int16, Int32, "
          + "one or two channels); this description is \(formatDescription.audioStreamBasicDescription.map { "\($0)" } ?? "not audio")"
      )
    }
    self.init(streamDescription: &asbd)!
  }

  /// The format as a Core Media audio format description (a new description each time).
  public var formatDescription: CMAudioFormatDescription {
    var asbd = streamDescription.pointee
    var description: CMAudioFormatDescription?
    _ = CMAudioFormatDescriptionCreate(
      allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0, magicCookie: nil, extensions: nil,
      formatDescriptionOut: &description)
    guard let description else {
      AVFAudioException.raise("AVAudioFormat.formatDescription: \(self) has no description")
    }
    return description
  }
}
