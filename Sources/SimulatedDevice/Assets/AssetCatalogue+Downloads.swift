import Simulation

extension AssetCatalogue {
  /// Downloads and installs the model of `locale` in virtual time, as `downloadAndInstall()` does.
  ///
  /// The locale is reserved first (an install needs a reservation; a failed download leaves it
  /// reserved). A model already on the device is only re-reserved and reports full progress at once.
  /// Otherwise the download takes ``SimulatedDevice/AssetConfiguration/downloadDuration`` of virtual
  /// time (from `Simulation.current?.clock`), reporting ``SimulatedDevice/AssetConfiguration/progressSteps``
  /// evenly spaced fractions; the locale's status is `downloading` meanwhile. Concurrent installs of one
  /// locale share one download: every caller waits for it and sees its progress.
  ///
  /// The network of ``SimulatedDevice/current`` is read when the download starts (offline: it fails
  /// at once and nothing changes) and at each step (offline: the download fails there). An injected
  /// failure (``downloadFailsAt``) fails the download at that fraction of its duration and is used up.
  /// Success makes the locale installed and reserved. Cancelling a caller does not stop the download
  /// (the system owns it, as on a device).
  /// - Parameters:
  ///   - locale: A BCP-47 identifier (`en_US` is accepted).
  ///   - progress: Called with each fraction completed (0…1), on the download's task.
  /// - Throws: ``AssetCatalogueError``: `unsupportedLocale`, `reservationLimitReached`,
  ///   `networkUnavailable` or `downloadFailed`.
  public func install(
    _ locale: String, progress: @escaping @Sendable (Double) -> Void = { _ in }
  ) async throws(AssetCatalogueError) {
    let locale = Self.canonical(locale)
    try reserve(locale)
    if isOnDevice(locale) {
      progress(1)
      return
    }
    let online = SimulatedDevice.current.networkAvailable
    enum Start { case join(Download), started(Download), offline }
    let start: Start = state.withLock { state in
      if let download = state.downloads[locale] { return .join(download) }
      guard online else { return .offline }
      let download = Download(locale: locale)
      state.downloads[locale] = download
      download.task = Task { try await self.perform(download) }
      return .started(download)
    }
    let download: Download
    switch start {
    case .offline:
      Simulation.current?.trace.record(
        .assetDownloadFailed, ["locale": locale, "reason": "network unavailable at start"])
      throw Self.networkError(locale, detail: "it was offline when the download was to start")
    case .join(let existing), .started(let existing):
      download = existing
    }
    if configuration.downloadReturnsWhileDownloading { return returnWhileDownloading(locale) }
    download.observe(progress)
    guard let task = download.task else { return }
    do {
      try await task.value
    } catch let error as AssetCatalogueError {
      throw error
    } catch {
      throw AssetCatalogueError(
        .downloadFailed, locale: locale, message: "The download of the \(locale) model stopped: \(error).")
    }
  }

  /// The failure injected into the next download: it fails after this fraction (0…1) of its
  /// duration. Starts as the configuration's `downloadFailsAt`; a download that fails this way clears
  /// it, so a retry succeeds (a transient failure). Set it again to inject another.
  public var downloadFailsAt: Double? {
    get { state.withLock { $0.downloadFailsAt } }
    set { state.withLock { $0.downloadFailsAt = newValue } }
  }

  /// Puts the model of `locale` on the device and reserves it, instantly (a scenario control).
  /// A locale the catalogue did not list becomes supported.
  /// - Parameter locale: A BCP-47 identifier (`en_US` is accepted).
  public func installNow(_ locale: String) {
    let locale = Self.canonical(locale)
    state.withLock { state in
      if !state.supported.contains(locale) { state.supported.append(locale) }
      if !state.installed.contains(locale) { state.installed.append(locale) }
      if !state.reserved.contains(locale) { state.reserved.append(locale) }
    }
    Simulation.current?.trace.record(.assetChanged, ["locale": locale, "action": "install"])
  }

  /// Removes the model of `locale` from the device and drops its reservation, instantly (a scenario
  /// control: the system deleted the asset). The locale stays supported; a download in flight goes on.
  /// - Parameter locale: A BCP-47 identifier (`en_US` is accepted).
  public func remove(_ locale: String) {
    let locale = Self.canonical(locale)
    state.withLock { state in
      state.installed.removeAll { $0 == locale }
      state.reserved.removeAll { $0 == locale }
    }
    Simulation.current?.trace.record(.assetChanged, ["locale": locale, "action": "remove"])
  }

  /// Downloads in flight now, by locale (sorted).
  public var downloadsInFlight: [String] { state.withLock { $0.downloads.keys.sorted() } }

  // MARK: The download itself

  private func perform(_ download: Download) async throws(AssetCatalogueError) {
    let locale = download.locale
    let duration = configuration.downloadDuration
    let steps = max(1, configuration.progressSteps)
    let failsAt = state.withLock { state -> Double? in
      defer { state.downloadFailsAt = nil }
      return state.downloadFailsAt.map { min(max($0, 0), 1) }
    }
    let lease = Simulation.current?.ledger.acquire(.assetDownloads, label: "asset download \(locale)")
    Simulation.current?.trace.record(
      .assetDownloadStarted, ["locale": locale, "duration": "\(duration)", "steps": String(steps)])
    defer {
      state.withLock { _ = $0.downloads.removeValue(forKey: locale) }
      try? lease?.release()
    }
    do {
      try await runSteps(download, duration: duration, steps: steps, failsAt: failsAt)
    } catch {
      Simulation.current?.trace.record(.assetDownloadFailed, ["locale": locale, "reason": error.reason.rawValue])
      throw error
    }
    state.withLock { state in
      if !state.installed.contains(locale) { state.installed.append(locale) }
      if !state.reserved.contains(locale) { state.reserved.append(locale) }
    }
    Simulation.current?.trace.record(.assetDownloadFinished, ["locale": locale])
  }

  private func runSteps(
    _ download: Download, duration: Duration, steps: Int, failsAt: Double?
  ) async throws(AssetCatalogueError) {
    let locale = download.locale
    let clock = VirtualClock(owner: "AssetInventory download")
    let start = clock.now
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      if let failsAt, failsAt <= fraction {
        try await sleep(clock, until: start.advanced(by: duration * failsAt), locale: locale)
        throw AssetCatalogueError(
          .downloadFailed, locale: locale,
          message: "The download of the \(locale) model failed after \(Int((failsAt * 100).rounded())) % (a failure "
            + "the scenario injected with downloadFailsAt). Ask for a new installation request to retry.")
      }
      // (duration × step) / steps keeps every step time exact in nanoseconds.
      try await sleep(clock, until: start.advanced(by: (duration * step) / steps), locale: locale)
      guard SimulatedDevice.current.networkAvailable else {
        let done = Int((Double(step - 1) / Double(steps) * 100).rounded())
        throw Self.networkError(locale, detail: "it went offline during the download, after \(done) %")
      }
      download.report(fraction)
      Simulation.current?.trace.record(.assetDownloadProgress, ["locale": locale, "fraction": String(fraction)])
    }
  }

  private func sleep(
    _ clock: VirtualClock, until deadline: VirtualClock.Instant, locale: String
  ) async throws(AssetCatalogueError) {
    do {
      try await clock.sleep(until: deadline)
    } catch {
      throw AssetCatalogueError(
        .downloadFailed, locale: locale, message: "The download of the \(locale) model was cancelled.")
    }
  }

  private static func networkError(_ locale: String, detail: String) -> AssetCatalogueError {
    AssetCatalogueError(
      .networkUnavailable, locale: locale,
      message: "The network is unavailable, so the \(locale) speech model cannot be downloaded (\(detail)). "
        + "Connect to the network and ask for a new installation request.")
  }
}
