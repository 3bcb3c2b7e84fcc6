import CoreMediaTwin
import Foundation

extension AttributeScopes {
  /// The attributes the Speech framework attaches to transcription text: each run's audio time
  /// range and the recogniser's confidence.
  ///
  /// ```swift
  /// for run in result.text.runs {
  ///   if let range = run.audioTimeRange { highlight(range) }
  /// }
  /// ```
  ///
  /// > Note: `AttributedString` is not `Codable` in Foundation on Linux; the keys are still
  /// > `CodableAttributedStringKey`s so code that encodes on Apple platforms compiles unchanged.
  public struct SpeechAttributes: AttributeScope {
    /// The recogniser's confidence in a run, 0…1.
    public let transcriptionConfidence: ConfidenceAttribute
    /// The span of audio a run was recognised from.
    public let audioTimeRange: TimeRangeAttribute

    /// Confidence in 0…1 (requested with the `transcriptionConfidence` attribute option).
    public struct ConfidenceAttribute: CodableAttributedStringKey {
      public typealias Value = Double
      /// The key's name (a twin decision; Apple does not publish it).
      public static let name = "transcriptionConfidence"
    }

    /// The audio time range of a run (requested with the `audioTimeRange` attribute option).
    public struct TimeRangeAttribute: CodableAttributedStringKey {
      public typealias Value = CMTimeRange
      /// The key's name (a twin decision; Apple does not publish it).
      public static let name = "audioTimeRange"

      /// Encodes the range as `{start, duration}` with each time's four fields.
      public static func encode(_ value: CMTimeRange, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
      }

      /// Decodes a range written by ``encode(_:to:)``.
      public static func decode(from decoder: any Decoder) throws -> CMTimeRange {
        try CMTimeRange(from: decoder)
      }
    }
  }
}

extension AttributeDynamicLookup {
  /// Gives `run.audioTimeRange` and `text.runs[\.transcriptionConfidence]` their dynamic members.
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.SpeechAttributes, T>
  ) -> T {
    self[T.self]
  }
}
