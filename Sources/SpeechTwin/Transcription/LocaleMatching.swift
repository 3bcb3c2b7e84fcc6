import Foundation
import SimulatedDevice

/// `supportedLocale(equivalentTo:)` for the transcribers.
enum LocaleMatching {
  /// The same locale when supported; otherwise a supported one with the same language, installed
  /// ones first, then in catalogue order; nil when the language is not supported at all.
  static func equivalent(to locale: Locale, among assets: AssetCatalogue) -> Locale? {
    let wanted = AssetCatalogue.canonical(locale.identifier(.bcp47))
    let supported = assets.supportedLocales
    if supported.contains(wanted) { return Locale(identifier: wanted) }
    let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
    let sameLanguage = supported.filter { $0.split(separator: "-").first.map(String.init) == language }
    let installed = Set(assets.installedLocales)
    let best = sameLanguage.first { installed.contains($0) } ?? sameLanguage.first
    return best.map(Locale.init(identifier:))
  }
}
