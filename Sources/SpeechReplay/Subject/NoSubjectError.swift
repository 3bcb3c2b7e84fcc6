/// Thrown by ``SubjectFactory/unavailable``.
struct NoSubjectError: Error, CustomStringConvertible {
  var description: String {
    "no subject to run the scenario against: the reference stack's adapter is not built in yet; pass a SubjectFactory to ScenarioRunner(subject:)"
  }
}
