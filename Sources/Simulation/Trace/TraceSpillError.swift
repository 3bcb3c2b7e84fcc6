/// The trace could not be written to its temporary file (see ``TraceSpill``).
public struct TraceSpillError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The folder the file was to be made in.
  public var directory: String
  /// The system's reason.
  public var reason: String

  public var description: String {
    "the trace could not be spilled to a temporary file in '\(directory)' (\(reason)), so it was kept in memory; "
      + "set SPEECH_REPLAY_TRACE_DIR or TMPDIR to a writable folder"
  }
}
