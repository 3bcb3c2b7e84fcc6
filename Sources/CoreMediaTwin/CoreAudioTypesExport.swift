// Apple's CoreMedia re-exports CoreAudioTypes (AudioStreamBasicDescription, AudioBufferList,
// OSStatus…); the twin re-exports their twins the same way.
@_exported public import CoreAudioTypesTwin
