extension CMTime: CustomStringConvertible {
  /// The form `CMTimeShow` prints: `{24000/16000 = 1.500}`, or `{INVALID}`, `{+INFINITY}`,
  /// `{-INFINITY}`, `{INDEFINITE}`.
  public var description: String {
    switch orderClass {
    case .invalid: return "{INVALID}"
    case .positiveInfinity: return "{+INFINITY}"
    case .negativeInfinity: return "{-INFINITY}"
    case .indefinite: return "{INDEFINITE}"
    case .numeric:
      let millis = (seconds * 1000).rounded()
      let whole = Int64(millis / 1000)
      let fraction = Int64(abs(millis).truncatingRemainder(dividingBy: 1000))
      let sign = millis < 0 && whole == 0 ? "-" : ""
      let padded = String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
      return "{\(value)/\(timescale) = \(sign)\(whole).\(padded)\(hasBeenRounded ? ", rounded" : "")}"
    }
  }
}

extension CMTime: Codable {
  private enum CodingKeys: String, CodingKey { case value, timescale, flags, epoch }

  /// Decodes the four fields by name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      value: try container.decode(CMTimeValue.self, forKey: .value),
      timescale: try container.decode(CMTimeScale.self, forKey: .timescale),
      flags: CMTimeFlags(rawValue: try container.decode(UInt32.self, forKey: .flags)),
      epoch: try container.decode(CMTimeEpoch.self, forKey: .epoch))
  }

  /// Encodes the four fields by name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(timescale, forKey: .timescale)
    try container.encode(flags.rawValue, forKey: .flags)
    try container.encode(epoch, forKey: .epoch)
  }
}
