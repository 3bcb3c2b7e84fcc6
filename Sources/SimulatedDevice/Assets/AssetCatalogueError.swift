/// Why the asset catalogue refused a reservation or an install.
///
/// The catalogue belongs to the simulated device; the `AssetInventory` twin turns these errors into
/// the `SFSpeechError` Apple's framework throws (see Documentation/Twins.md).
public struct AssetCatalogueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: String, Sendable, Hashable {
    /// No asset supports the locale on this device.
    case unsupportedLocale
    /// Reserving the locale would exceed ``AssetCatalogue/maximumReservedLocales``.
    case reservationLimitReached
    /// The network was unavailable when the download started or went away during it.
    case networkUnavailable
    /// The download failed (a failure injected with `downloadFailsAt`).
    case downloadFailed
  }

  /// What went wrong.
  public let reason: Reason
  /// The locale concerned (BCP-47).
  public let locale: String
  /// What happened and what to do about it.
  public let message: String

  /// Creates an error.
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - locale: The locale concerned.
  ///   - message: What happened and what to do about it.
  public init(_ reason: Reason, locale: String, message: String) {
    self.reason = reason
    self.locale = locale
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
