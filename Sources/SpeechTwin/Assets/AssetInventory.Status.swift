import SimulatedDevice

extension AssetInventory {
  /// How ready the assets of a module configuration are, ordered
  /// `unsupported < supported < downloading < installed` (Apple's documented order).
  public enum Status: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The configuration cannot work on this device.
    case unsupported
    /// It can work, but assets must be downloaded first.
    case supported
    /// Assets are downloading (or waiting for better conditions).
    case downloading
    /// Everything is installed and ready.
    case installed

    /// Compares by readiness, the documented order (not the declaration order of Apple's 27 SDK).
    /// - Parameters:
    ///   - lhs: A status.
    ///   - rhs: Another status.
    /// - Returns: True when `lhs` is less ready than `rhs`.
    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
      switch self {
      case .unsupported: 0
      case .supported: 1
      case .downloading: 2
      case .installed: 3
      }
    }

    /// The case name.
    public var description: String {
      switch self {
      case .unsupported: "unsupported"
      case .supported: "supported"
      case .downloading: "downloading"
      case .installed: "installed"
      }
    }

    init(_ status: AssetCatalogue.Status) {
      switch status {
      case .unsupported: self = .unsupported
      case .supported: self = .supported
      case .downloading: self = .downloading
      case .installed: self = .installed
      }
    }
  }
}
