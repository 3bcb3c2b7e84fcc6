// AVFoundation's asset reading re-exports what Apple's AVFoundation umbrella does for audio code:
// AVFAudio's types and CoreMedia's sample buffers.
@_exported import AVFAudioTwin
@_exported import CoreMediaTwin
