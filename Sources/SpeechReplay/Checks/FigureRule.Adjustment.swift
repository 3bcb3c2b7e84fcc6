extension FigureRule {
  /// Another tolerance for a figure, as `expect.tolerances` in a scenario and `compare --tolerance`
  /// write it: an amount (`50ms`, `1.5s`, or a number in the figure's unit), a percentage (`10%`),
  /// both (`50ms,10%`: a worsening larger than either counts, as for the defaults), or `off` (the
  /// figure is reported when it moves, never a regression).
  public enum Adjustment: Sendable, Hashable {
    /// Never a regression.
    case off
    /// This tolerance instead of the declared one.
    case tolerance(Tolerance)

    /// Parses a tolerance as written.
    ///
    /// - Parameter text: `100ms`, `1.5s`, `0.02`, `10%`, `50ms,10%` or `off`.
    /// - Returns: The adjustment, or `nil` when the text is none of these.
    public init?(parsing text: String) {
      let text = text.trimmingCharacters(in: .whitespaces)
      if text == "off" {
        self = .off
        return
      }
      var absolute = Double.infinity
      var relative: Double?
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        let part = part.trimmingCharacters(in: .whitespaces)
        if part.hasSuffix("%"), let percent = Double(part.dropLast()), percent >= 0, percent.isFinite {
          relative = percent / 100
        } else if let number = Double(part), number >= 0, number.isFinite {
          absolute = number
        } else if let duration = DurationText.parse(part), duration >= .zero {
          absolute = DurationText.seconds(duration)
        } else {
          return nil
        }
      }
      guard absolute != .infinity || relative != nil else { return nil }
      self = .tolerance(Tolerance(absolute: absolute, relative: relative))
    }

    /// The rule adjusted: `off` judges nothing; a tolerance replaces the declared one, keeping the
    /// declared floor when it has a relative part (so a resampler's shift stays below it).
    ///
    /// - Parameter rule: The declared rule.
    /// - Returns: The rule to judge by.
    public func applied(to rule: FigureRule) -> FigureRule {
      var rule = rule
      switch self {
      case .off: rule.worse = .neither
      case .tolerance(let tolerance):
        rule.tolerance = Tolerance(
          absolute: tolerance.absolute, relative: tolerance.relative,
          floor: tolerance.relative == nil ? 0 : rule.tolerance.floor)
      }
      return rule
    }
  }
}
