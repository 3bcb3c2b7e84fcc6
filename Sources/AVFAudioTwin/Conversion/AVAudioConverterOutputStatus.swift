/// What a pull-model conversion produced, with Apple's raw values.
public enum AVAudioConverterOutputStatus: Int, Sendable, Hashable {
  /// The output buffer holds data (filled to capacity, or the last data of an ended stream).
  case haveData = 0
  /// The input block ran out of data for now; the output holds what could be converted.
  case inputRanDry = 1
  /// The stream has ended and no data was returned.
  case endOfStream = 2
  /// The conversion failed; the error pointer says why.
  case error = 3
}

extension AVAudioConverterOutputStatus {
  /// The case's name (`haveData`, …), as the trace records it; a switch rather than
  /// `String(describing:)`, which reflects on the type at every converter call.
  var name: String {
    switch self {
    case .haveData: "haveData"
    case .inputRanDry: "inputRanDry"
    case .endOfStream: "endOfStream"
    case .error: "error"
    }
  }
}
