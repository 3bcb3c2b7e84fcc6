// As `import Speech` does: Foundation's types (TimeInterval, URL, Date, Locale, NSError…) resolve in a
// file that imports only SpeechShim.
@_exported import Foundation
@_exported import Observation

// One import line for app code written against Apple's Speech, AVFAudio and CoreMedia:
//
//     import SpeechShim
//
// On iOS, tvOS and visionOS it re-exports Apple's frameworks, so the app ships unchanged. Elsewhere
// it re-exports speech-replay's twins, so the same code builds on Linux and runs in the simulation —
// and on macOS too, where the harness needs the twins to replay scenarios. To build macOS code
// against Apple's frameworks instead (for example to run the twins' behaviour tests against the real
// thing), set SPEECH_REPLAY_TEST_AGAINST_APPLE=1 when building (see Documentation/Twins.md).
#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  @_exported import AVFAudio
  @_exported import AVFoundation
  @_exported import CoreAudioTypes
  @_exported import CoreMedia
  @_exported import Speech
#else
  @_exported import AVFAudioTwin
  @_exported import AVFAudioTwinTapAPI
  @_exported import AVFoundationTwin
  @_exported import CoreAudioTypesTwin
  @_exported import CoreMediaTwin
  @_exported import SpeechTwin
#endif
