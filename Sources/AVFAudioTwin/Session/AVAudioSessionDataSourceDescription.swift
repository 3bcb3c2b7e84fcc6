import Foundation
import Simulation

/// One of a port's microphones (front, back, bottom) — the twin of
/// `AVAudioSessionDataSourceDescription`. The simulated built-in microphone has three; other
/// ports have none. Choosing a polar pattern is recorded in the trace (`session.polarPattern`) and
/// changes nothing the tap hears.
public final class AVAudioSessionDataSourceDescription: NSObject, @unchecked Sendable {
  // @unchecked: the one mutable field is guarded by `lock`.
  /// The source's identifier.
  public let dataSourceID: NSNumber
  /// The source's name ("Bottom", "Front", "Back").
  public let dataSourceName: String
  /// Where the microphone sits.
  public let location: AVAudioSession.Location?
  /// Which way it faces.
  public let orientation: AVAudioSession.Orientation?
  /// The patterns it supports; nil when it has no choice.
  public let supportedPolarPatterns: [AVAudioSession.PolarPattern]?
  private let lock = NSLock()
  private var preferred: AVAudioSession.PolarPattern?

  init(
    id: Int, name: String, location: AVAudioSession.Location, orientation: AVAudioSession.Orientation,
    patterns: [AVAudioSession.PolarPattern]
  ) {
    dataSourceID = NSNumber(value: id)
    dataSourceName = name
    self.location = location
    self.orientation = orientation
    supportedPolarPatterns = patterns
  }

  /// The pattern in use: the preferred one, else the first supported.
  public var selectedPolarPattern: AVAudioSession.PolarPattern? {
    lock.withLock { preferred } ?? supportedPolarPatterns?.first
  }

  /// The pattern the app asked for, or nil.
  public var preferredPolarPattern: AVAudioSession.PolarPattern? { lock.withLock { preferred } }

  /// Asks for a polar pattern.
  /// - Parameter pattern: One of ``supportedPolarPatterns``, or nil for the default.
  /// - Throws: `NSError` in `NSOSStatusErrorDomain`, code ``AVAudioSession/ErrorCode/badParam``,
  ///   for a pattern the source does not support.
  public func setPreferredPolarPattern(_ pattern: AVAudioSession.PolarPattern?) throws {
    if let pattern, !(supportedPolarPatterns ?? []).contains(pattern) {
      throw AVAudioSession.error(
        .badParam,
        "the data source '\(dataSourceName)' does not support the polar pattern \(pattern.rawValue); pick one of its supportedPolarPatterns"
      )
    }
    lock.withLock { preferred = pattern }
    Simulation.current?.trace.record(
      .sessionPolarPattern, ["dataSource": dataSourceName, "pattern": pattern?.rawValue ?? "default"])
  }

  /// `<AVAudioSessionDataSourceDescription: Front>`.
  public override var description: String { "<AVAudioSessionDataSourceDescription: \(dataSourceName)>" }
}
