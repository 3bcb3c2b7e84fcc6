/// A subject a `dismiss` step let go of, held weakly: once the simulation is over it must be gone.
struct Dismissal: @unchecked Sendable {
  // @unchecked: the weak reference is only read after the simulation has finished, on one thread.
  /// The subject, nil once deallocated.
  weak var subject: AnyObject?
  /// The subject's type, for the message.
  let typeName: String
  /// Where the `dismiss` step is written.
  let location: SourceLocation

  /// Remembers `subject` weakly.
  init(_ subject: AnyObject, at location: SourceLocation) {
    self.subject = subject
    self.typeName = String(reflecting: type(of: subject))
    self.location = location
  }
}
