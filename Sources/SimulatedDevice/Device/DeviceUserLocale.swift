import Foundation
import Simulation

#if os(Linux)
  import Glibc

  /// The device's user locale as the stack sees it: inside a run, `Locale.current` and
  /// `Locale.preferredLanguages` return the simulated device's ``SimulatedDevice/Configuration/userLocale``
  /// and ``SimulatedDevice/Configuration/preferredLanguages``, so code written for a phone
  /// (`SFSpeechRecognizer()`, `SpeechTranscriber.supportedLocale(equivalentTo: .current)`) runs unedited.
  ///
  /// Swift 6.3.1's Foundation on Linux answers `en_001` whatever `LANG`, `LC_ALL`, `AppleLocale` or
  /// `AppleLanguages` say (measured: its locale cache has no preferences there), and `Locale` is
  /// Foundation's own struct, so no twin can stand in for it. Instead the executable defines the two
  /// static getters under their mangled names: the linker binds the app's calls (which go through
  /// `libFoundationEssentials.so`'s exported symbols) to these, and outside a run they call
  /// Foundation's own getter, found with `dlsym(RTLD_NEXT, …)`. Foundation's calls inside its own
  /// library are not redirected (its formatters keep `en_001`).
  enum DeviceUserLocale {
    typealias LocaleGetter = @convention(thin) () -> Locale
    typealias LanguagesGetter = @convention(thin) () -> [String]

    static let currentSymbol = "$s20FoundationEssentials6LocaleV7currentACvgZ"
    static let preferredLanguagesSymbol = "$s20FoundationEssentials6LocaleV18preferredLanguagesSaySSGvgZ"

    /// Foundation's own getters.
    static let originalCurrent: LocaleGetter? = next(currentSymbol)
    static let originalPreferredLanguages: LanguagesGetter? = next(preferredLanguagesSymbol)

    /// The device of the running simulation on this thread; nil outside a run.
    static var device: SimulatedDevice? { Simulation.current == nil ? nil : SimulatedDevice.current }

    private static func next<T>(_ symbol: String) -> T? {
      guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: -1), symbol) else { return nil }  // RTLD_NEXT
      return unsafeBitCast(address, to: T.self)
    }
  }

  /// `Locale.current`, as the stack under test calls it.
  @_silgen_name("$s20FoundationEssentials6LocaleV7currentACvgZ")
  func speechReplayLocaleCurrent() -> Locale {
    if let device = DeviceUserLocale.device { return Locale(identifier: device.configuration.userLocale) }
    return DeviceUserLocale.originalCurrent?() ?? Locale(identifier: "en_001")
  }

  /// `Locale.preferredLanguages`, as the stack under test calls it.
  @_silgen_name("$s20FoundationEssentials6LocaleV18preferredLanguagesSaySSGvgZ")
  func speechReplayLocalePreferredLanguages() -> [String] {
    if let device = DeviceUserLocale.device { return device.configuration.preferredLanguages }
    return DeviceUserLocale.originalPreferredLanguages?() ?? ["en-001"]
  }
#endif
