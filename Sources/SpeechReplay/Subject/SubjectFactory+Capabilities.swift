extension SubjectFactory {
  /// Whether the subject meets a scenario's requirement: it declares it, or the requirement is
  /// ``SubjectCapability/speechAnalyzer`` and the subject does not say it uses only the legacy
  /// recognizer (``SubjectCapability/legacyRecognizer`` without it), or the requirement is
  /// ``SubjectCapability/listensThroughPauses`` and the subject does not say it stops after
  /// silence (``SubjectCapability/stopsAfterSilence``).
  package func satisfies(_ requirement: SubjectCapability) -> Bool {
    if capabilities.contains(requirement) { return true }
    switch requirement {
    case .speechAnalyzer: return !capabilities.contains(.legacyRecognizer)
    case .listensThroughPauses: return !capabilities.contains(.stopsAfterSilence)
    default: return false
    }
  }

  /// Whether the runner infers from a run which recognizer the stack used: it declared neither.
  var infersRecognizer: Bool {
    !capabilities.contains(.speechAnalyzer) && !capabilities.contains(.legacyRecognizer)
  }
}
