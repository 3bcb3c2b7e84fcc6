import Foundation
import SimulatedDevice

/// The speech assets an app needs — reserving locales, asking for their status, installing them —
/// the twin of Apple's `AssetInventory`, backed by the simulated device's ``AssetCatalogue``.
///
/// ```swift
/// let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
/// if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
///   try await request.downloadAndInstall()   // throws on a first offline run
/// }
/// ```
///
/// Installed means "on the device and reserved" (as observed on devices): releasing a reservation
/// makes an installed locale `supported` again, although the model stays on the device.
public final class AssetInventory {
  private init() {}

  /// The most locales the app may reserve at once (5 by default on the simulated device).
  public static var maximumReservedLocales: Int { SimulatedDevice.current.assets.maximumReservedLocales }

  /// The locales the app has reserved.
  public static var reservedLocales: [Locale] {
    get async { SimulatedDevice.current.assets.reservedLocales.map(Locale.init(identifier:)) }
  }

  /// Reserves the asset locale that supports `locale`.
  /// - Parameter locale: The locale to reserve.
  /// - Returns: False when it was already reserved.
  /// - Throws: `SFSpeechError` `cannotAllocateUnsupportedLocale` when no asset supports the locale,
  ///   `tooManyAssetLocalesAllocated` when ``maximumReservedLocales`` are already reserved.
  @discardableResult
  public static func reserve(locale: Locale) async throws -> Bool {
    do {
      return try SimulatedDevice.current.assets.reserve(identifier(of: locale))
    } catch {
      throw SFSpeechError(assetError: error)
    }
  }

  /// Releases a reserved locale; its assets stay on the device but no longer count as installed.
  /// - Parameter reservedLocale: The locale to release.
  /// - Returns: False when the locale was not reserved.
  @discardableResult
  public static func release(reservedLocale: Locale) async -> Bool {
    SimulatedDevice.current.assets.release(identifier(of: reservedLocale))
  }

  /// The lowest status across `modules`: unsupported < supported < downloading < installed.
  ///
  /// A module the device cannot run is `unsupported`; a module that needs no asset (the speech
  /// detector, or a module the twin does not know) counts as `installed`; no modules give `installed`.
  /// - Parameter modules: The modules in the configuration the app will use.
  /// - Returns: The status of the least ready module.
  public static func status(forModules modules: [any SpeechModule]) async -> Status {
    modules.map(status(of:)).min() ?? .installed
  }

  /// A request that downloads and installs what `modules` need, reserving their locales on the way.
  /// - Parameter modules: The modules in the configuration the app will use.
  /// - Returns: nil when everything is already installed; otherwise a request to run with
  ///   ``AssetInstallationRequest/downloadAndInstall()``.
  /// - Throws: `SFSpeechError` `noModel` when the device cannot run a module,
  ///   `cannotAllocateUnsupportedLocale` when no asset supports a module's locale,
  ///   `tooManyAssetLocalesAllocated` when no reservation slot is free.
  public static func assetInstallationRequest(
    supporting modules: [any SpeechModule]
  ) async throws -> AssetInstallationRequest? {
    let catalogue = SimulatedDevice.current.assets
    var locales: [String] = []
    for module in modules {
      guard let assets = module as? any ModuleAssets else { continue }
      guard assets.isSupportedOnDevice else {
        throw SFSpeechError(
          .noModel, message: "\(type(of: module)) is not available on this device, so no asset can support it")
      }
      guard let locale = assets.requiredAssetLocale else { continue }
      guard catalogue.status(of: locale) != .installed else { continue }
      if !locales.contains(locale) { locales.append(locale) }
    }
    guard !locales.isEmpty else { return nil }
    for locale in locales {
      do {
        try catalogue.reserve(locale)
      } catch {
        throw SFSpeechError(assetError: error)
      }
    }
    return AssetInstallationRequest(locales: locales)
  }

  // MARK: Helpers

  static func status(of module: any SpeechModule) -> Status {
    guard let assets = module as? any ModuleAssets else { return .installed }
    guard assets.isSupportedOnDevice else { return .unsupported }
    guard let locale = assets.requiredAssetLocale else { return .installed }
    return Status(SimulatedDevice.current.assets.status(of: locale))
  }

  static func identifier(of locale: Locale) -> String { AssetCatalogue.canonical(locale.identifier(.bcp47)) }
}
