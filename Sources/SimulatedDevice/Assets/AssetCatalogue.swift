import Foundation
import Synchronization

/// The device's speech assets: which locales a transcriber supports, which models are installed,
/// which locales the app has reserved. The `AssetInventory` twin and the transcriber twins ask it.
///
/// Locales are BCP-47 identifiers (`en-US`); ``canonical(_:)`` accepts `en_US` as well.
///
/// Reservations (``reserve(_:)``, ``release(_:)``) and downloads (``install(_:progress:)``) are in
/// `AssetCatalogue+Reservations.swift` and `AssetCatalogue+Downloads.swift`; a scenario changes the
/// catalogue instantly with ``installNow(_:)`` and ``remove(_:)``.
public final class AssetCatalogue: Sendable {
  /// A locale's asset status, in Apple's order: `unsupported < supported < downloading < installed`.
  public enum Status: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// No asset supports the locale on this device.
    case unsupported
    /// Supported, but the model must be downloaded.
    case supported
    /// A download is in progress.
    case downloading
    /// The model is on the device and reserved.
    case installed

    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The case name.
    public var description: String {
      switch self {
      case .unsupported: "unsupported"
      case .supported: "supported"
      case .downloading: "downloading"
      case .installed: "installed"
      }
    }
  }

  let configuration: SimulatedDevice.AssetConfiguration
  let state: Mutex<State>

  struct State {
    var supported: [String]
    var installed: [String]
    var reserved: [String]
    /// Downloads in flight, by locale; a locale here has the status `downloading`.
    var downloads: [String: Download] = [:]
    /// The failure still to inject into the next download (consumed by the download it fails).
    var downloadFailsAt: Double?
  }

  /// Creates a catalogue from its starting configuration.
  public init(_ configuration: SimulatedDevice.AssetConfiguration) {
    self.configuration = configuration
    self.state = Mutex(
      State(
        supported: configuration.supportedLocales.map(Self.canonical),
        installed: configuration.installedLocales.map(Self.canonical),
        reserved: configuration.reservedLocales.map(Self.canonical),
        downloadFailsAt: configuration.downloadFailsAt))
  }

  /// `en_US` → `en-US`; identifiers are otherwise kept as given.
  public static func canonical(_ identifier: String) -> String { identifier.replacingOccurrences(of: "_", with: "-") }

  /// Locales a transcriber can ever use here (includes downloadable ones).
  public var supportedLocales: [String] { state.withLock { $0.supported } }
  /// Locales whose model is on the device.
  public var installedLocales: [String] { state.withLock { $0.installed } }
  /// Locales the app has reserved.
  public var reservedLocales: [String] { state.withLock { $0.reserved } }

  /// The locale's status. Installed means on the device **and** reserved, as observed on devices:
  /// releasing a reservation makes an installed locale `supported` again.
  public func status(of locale: String) -> Status {
    let locale = Self.canonical(locale)
    return state.withLock { state in
      guard state.supported.contains(locale) else { return .unsupported }
      if state.downloads[locale] != nil { return .downloading }
      if state.installed.contains(locale) && state.reserved.contains(locale) { return .installed }
      return .supported
    }
  }

  /// Whether the locale's model is on the device (whatever its reservation).
  public func isOnDevice(_ locale: String) -> Bool {
    let locale = Self.canonical(locale)
    return state.withLock { $0.installed.contains(locale) }
  }
}
