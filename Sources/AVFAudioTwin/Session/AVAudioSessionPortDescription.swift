import Foundation
import SimulatedDevice
import Simulation

/// One audio port — an input such as the built-in microphone or a Bluetooth headset, or an output —
/// the twin of `AVAudioSessionPortDescription`. Two descriptions are equal when they describe the
/// same port (type and uid).
public final class AVAudioSessionPortDescription: NSObject, @unchecked Sendable {
  // @unchecked: the data-source choice is guarded by `lock`; everything else is immutable.
  /// The kind of port.
  public let portType: AVAudioSession.Port
  /// The name a user sees.
  public let portName: String
  /// A stable identifier.
  public let uid: String
  /// The port's channels.
  public let channels: [AVAudioSessionChannelDescription]?
  /// The port's microphones (front, back, bottom), or nil when it has no choice.
  public let dataSources: [AVAudioSessionDataSourceDescription]?
  /// Whether the hardware does voice-call processing itself (Bluetooth hands-free, CarPlay).
  public let hasHardwareVoiceCallProcessing: Bool
  private let lock = NSLock()
  private var preferred: AVAudioSessionDataSourceDescription?

  init(
    portType: AVAudioSession.Port, portName: String, uid: String, channelCount: Int,
    dataSources: [AVAudioSessionDataSourceDescription]?
  ) {
    self.portType = portType
    self.portName = portName
    self.uid = uid
    self.channels = (1...max(1, channelCount)).map { number in
      AVAudioSessionChannelDescription(
        channelName: "\(portName) \(number)", owningPortUID: uid, channelNumber: number,
        channelLabel: channelCount == 1
          ? kAudioChannelLabel_Mono : (number == 1 ? kAudioChannelLabel_Left : kAudioChannelLabel_Right))
    }
    self.dataSources = dataSources
    self.hasHardwareVoiceCallProcessing = portType == .bluetoothHFP || portType == .carAudio
  }

  /// The microphone in use: the preferred one, else the first (Bottom on the built-in microphone).
  public var selectedDataSource: AVAudioSessionDataSourceDescription? {
    lock.withLock { preferred } ?? dataSources?.first
  }

  /// The microphone the app asked for, or nil.
  public var preferredDataSource: AVAudioSessionDataSourceDescription? { lock.withLock { preferred } }

  /// Asks for one of the port's microphones.
  /// - Parameter dataSource: One of ``dataSources``, or nil for the default.
  /// - Throws: `NSError` in `NSOSStatusErrorDomain`, code ``AVAudioSession/ErrorCode/badParam``,
  ///   for a data source of another port.
  public func setPreferredDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
    if let dataSource,
      !(dataSources ?? []).contains(where: { $0 === dataSource || $0.dataSourceID == dataSource.dataSourceID })
    {
      throw AVAudioSession.error(
        .badParam,
        "'\(dataSource.dataSourceName)' is not a data source of the port '\(portName)'; pick one of its dataSources")
    }
    lock.withLock { preferred = dataSources?.first { $0.dataSourceID == dataSource?.dataSourceID } }
    Simulation.current?.trace.record(
      .sessionDataSource, ["port": portName, "dataSource": dataSource?.dataSourceName ?? "default"])
  }

  /// Same type and uid.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? AVAudioSessionPortDescription else { return false }
    return portType == other.portType && uid == other.uid
  }

  /// Consistent with ``isEqual(_:)``.
  public override var hash: Int { uid.hashValue ^ portType.hashValue }

  /// `<AVAudioSessionPortDescription: type = MicrophoneBuiltIn; name = iPhone Microphone; UID = Built-In Microphone>`.
  public override var description: String {
    "<AVAudioSessionPortDescription: type = \(portType.rawValue); name = \(portName); UID = \(uid); selectedDataSource = \(selectedDataSource?.dataSourceName ?? "(null)")>"
  }
}
