import Synchronization

extension ScriptedModelBackend {
  /// Which clock the script's entries are timed on: the analyzer's (the default), or the
  /// microphone's tape, so silence while the play gate is closed does not move the script on — a
  /// word scripted at 0.8 s of the file is heard 0.8 s into what was played, however long the user
  /// waited before. A harness switch: a scenario runner turns it on for a scenario with an audio
  /// file, and off again for a subject that reads the file itself (it hears nothing through the
  /// microphone). Shared by every copy of the backend; read when a recognizer is made.
  public final class Timing: Sendable {
    private let tape = Mutex(false)

    /// Timed on the analyzer's clock.
    public init() {}

    /// Whether recognizers made from now on follow the microphone's tape.
    public var followsTape: Bool {
      get { tape.withLock { $0 } }
      set { tape.withLock { $0 = newValue } }
    }
  }
}
