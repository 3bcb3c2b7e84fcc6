/// Thrown when a scenario chooses the file transcriber (`subject: { preset: file }`) but has no audio file.
struct FileSubjectError: Error, CustomStringConvertible {
  var description: String {
    "the file transcriber (subject preset 'file') transcribes the scenario's audio file, but the scenario has none; add 'audio: path/to/file.wav' to the scenario"
  }
}
