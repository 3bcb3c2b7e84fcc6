/// A filter option that cannot be read.
struct ExplainFilterError: Error, Sendable, Hashable {
  /// What is wrong and how to write it.
  var message: String
}
