/// Thrown by ``SubjectFactory/unavailable``.
struct NoSubjectError: Error, CustomStringConvertible {
  var description: String {
    "no subject to run the scenario against; pass a SubjectFactory that makes your stack to ScenarioRunner(subject:) (the repository's reference stack is SubjectFactory.reference in module ReferenceSubjects)"
  }
}
