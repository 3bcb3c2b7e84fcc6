import Foundation

extension SimulatedDevice.Configuration {
  /// Sets the user's locale (what `Locale.current` returns to the stack) and, from it, the
  /// preferred languages (`Locale.preferredLanguages`): the locale's language and region.
  /// - Parameter identifier: A locale identifier, `en_GB` or `en-GB`.
  package mutating func setUserLocale(_ identifier: String) {
    userLocale = identifier
    let language = Locale(identifier: identifier).language
    preferredLanguages = [
      [language.languageCode?.identifier, language.region?.identifier].compactMap { $0 }.joined(separator: "-")
    ]
  }
}
