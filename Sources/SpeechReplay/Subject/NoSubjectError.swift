/// Thrown by ``SubjectFactory/unavailable``.
struct NoSubjectError: Error, CustomStringConvertible {
  var description: String {
    "no subject to run the scenario against; pass a SubjectFactory to ScenarioRunner(subject:), or use SubjectFactory.standard for the reference stack"
  }
}
