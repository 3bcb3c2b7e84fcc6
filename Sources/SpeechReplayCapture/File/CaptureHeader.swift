public import Foundation

/// The device facts at the top of a capture: which device, OS, locale and app build recorded it.
///
/// ```swift
/// let header = CaptureHeader(deviceModel: "iPhone16,2", osVersion: "iOS 26.1", locale: "en-US", appVersion: "2.3 (418)")
/// ```
public struct CaptureHeader: Sendable, Hashable, Codable {
  /// The hardware model identifier (`iPhone16,2`; `utsname.machine`).
  public var deviceModel: String
  /// The operating system and its version (`iOS 26.1`).
  public var osVersion: String
  /// The locale the app transcribed (BCP-47, `en-US`).
  public var locale: String
  /// The app's version and build (`2.3 (418)`).
  public var appVersion: String

  /// Creates a header.
  /// - Parameters:
  ///   - deviceModel: The hardware model identifier.
  ///   - osVersion: The operating system and version.
  ///   - locale: The transcription locale (BCP-47).
  ///   - appVersion: The app's version and build.
  public init(deviceModel: String, osVersion: String, locale: String, appVersion: String) {
    self.deviceModel = deviceModel
    self.osVersion = osVersion
    self.locale = locale
    self.appVersion = appVersion
  }

  /// A header for the device this code runs on: its model identifier (`uname`), the OS version
  /// string `ProcessInfo` reports, and the given locale and app version.
  /// - Parameters:
  ///   - locale: The transcription locale.
  ///   - appVersion: The app's version and build, for example from `Bundle.main.infoDictionary`.
  /// - Returns: The header.
  public static func thisDevice(locale: Locale, appVersion: String) -> CaptureHeader {
    var system = utsname()
    uname(&system)
    let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return CaptureHeader(
      deviceModel: machine, osVersion: ProcessInfo.processInfo.operatingSystemVersionString,
      locale: locale.identifier(.bcp47), appVersion: appVersion)
  }
}
