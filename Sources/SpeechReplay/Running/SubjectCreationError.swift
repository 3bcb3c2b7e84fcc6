/// The subject factory threw: the scenario fails with this message.
struct SubjectCreationError: Error, CustomStringConvertible {
  /// The factory's name.
  var factory: String
  /// What it threw, as text.
  var underlying: String

  var description: String { "the subject factory '\(factory)' could not make a subject: \(underlying)" }
}
