// Apple's AVFAudio re-exports CoreAudioTypes (AudioStreamBasicDescription, AudioBufferList,
// kAudioFormatLinearPCM…); the twin re-exports their twins the same way.
@_exported public import CoreAudioTypesTwin
