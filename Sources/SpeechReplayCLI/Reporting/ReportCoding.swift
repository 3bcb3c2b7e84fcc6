import Foundation
import SpeechReplay

/// The JSON settings every report and the worker protocol share: sorted keys, and infinite or
/// NaN figures written as strings instead of failing the whole report.
package enum ReportCoding {
  /// An encoder with the shared settings.
  ///
  /// - Parameter pretty: Indented output (reports) or one line (worker results).
  /// - Returns: A configured encoder.
  package static func encoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  /// A decoder that reads what ``encoder(pretty:)`` writes.
  ///
  /// - Returns: A configured decoder.
  package static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }
}
