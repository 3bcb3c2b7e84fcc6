/// A subject that reads the scenario's audio file itself (file transcription) instead of hearing it
/// through the microphone.
///
/// The runner then does not key the scripted model to the microphone's tape: a result scripted at
/// 0.8 s is published once the analyzer has read 0.8 s of the file, whatever the `play` steps did.
@MainActor
public protocol AudioFileSubject: TranscriptionSubject {}
