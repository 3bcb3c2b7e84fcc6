import Simulation

extension AssetCatalogue {
  /// How many locales may be reserved at once (`AssetInventory.maximumReservedLocales`).
  public var maximumReservedLocales: Int { configuration.maximumReservedLocales }

  /// Reserves `locale` for the app, as `AssetInventory.reserve(locale:)` does.
  /// - Parameter locale: A BCP-47 identifier (`en_US` is accepted).
  /// - Returns: False when the locale was already reserved (not an error).
  /// - Throws: ``AssetCatalogueError`` with `unsupportedLocale` when no asset supports the locale,
  ///   or `reservationLimitReached` when ``maximumReservedLocales`` are already reserved.
  @discardableResult
  public func reserve(_ locale: String) throws(AssetCatalogueError) -> Bool {
    let locale = Self.canonical(locale)
    let limit = maximumReservedLocales
    let outcome: Result<Bool, AssetCatalogueError> = state.withLock { state in
      guard state.supported.contains(locale) else {
        return .failure(
          AssetCatalogueError(
            .unsupportedLocale, locale: locale,
            message: "No speech asset supports the locale \(locale) on this device, so it cannot be reserved. "
              + "Pick a locale from SpeechTranscriber.supportedLocales (or add it to the scenario's supported locales)."
          ))
      }
      if state.reserved.contains(locale) { return .success(false) }
      guard state.reserved.count < limit else {
        return .failure(
          AssetCatalogueError(
            .reservationLimitReached, locale: locale,
            message: "Too many allocated locales, \(limit) maximum: reserving \(locale) would exceed the limit "
              + "(reserved: \(state.reserved.joined(separator: ", "))). Release a locale you no longer need first."))
      }
      state.reserved.append(locale)
      return .success(true)
    }
    let reserved = try outcome.get()
    if reserved { Simulation.current?.trace.record(.assetReserved, ["locale": locale]) }
    return reserved
  }

  /// Releases the app's reservation of `locale`, as `AssetInventory.release(reservedLocale:)` does.
  /// An installed locale then reports `supported` (the model stays on the device).
  /// - Parameter locale: A BCP-47 identifier (`en_US` is accepted).
  /// - Returns: False when the locale was not reserved.
  @discardableResult
  public func release(_ locale: String) -> Bool {
    let locale = Self.canonical(locale)
    let released = state.withLock { state in
      guard let index = state.reserved.firstIndex(of: locale) else { return false }
      state.reserved.remove(at: index)
      return true
    }
    if released { Simulation.current?.trace.record(.assetReleased, ["locale": locale]) }
    return released
  }
}
