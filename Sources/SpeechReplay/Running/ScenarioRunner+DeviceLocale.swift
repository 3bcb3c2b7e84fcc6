import SimulatedDevice

extension ScenarioRunner {
  /// The device a run of `scenario` simulates. For a subject that follows the device's locale
  /// (``SubjectCapability/followsDeviceLocale``: it calls `SFSpeechRecognizer()` or reads
  /// `Locale.current` instead of taking ``SubjectOptions/locale``), a scenario that asks for
  /// another locale (`subject.locale`, `model.locale`) and leaves `device.locale` unset runs on a
  /// device whose user locale is that locale — as a user makes such an app transcribe Korean: by
  /// setting the phone's language. A `device.locale` the scenario sets is kept as written.
  func deviceConfiguration(for scenario: Scenario) -> SimulatedDevice.Configuration {
    var configuration = scenario.device
    let locale = scenario.subject.locale
    guard subject.capabilities.contains(.followsDeviceLocale),
      configuration.userLocale == SimulatedDevice.Configuration().userLocale,
      locale != SubjectOptions().locale
    else { return configuration }
    configuration.setUserLocale(locale)
    return configuration
  }
}
