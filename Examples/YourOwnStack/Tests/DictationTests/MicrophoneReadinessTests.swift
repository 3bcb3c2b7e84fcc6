#if os(Linux)
// The app's file written with Apple's imports (DictationReadiness), run on the simulated device.
// Linux only: on a Mac that file is built against Apple's frameworks, which these tests cannot drive.
import DictationReadiness
import Foundation
import SpeechReplayTesting
import Testing

@Suite(.serialized) struct MicrophoneReadinessTests {
  @Test func theAppsOwnFileAnswersFromTheSimulatedDevice() throws {
    let ready = try withSimulatedDevice { _ in await MicrophoneReadiness.check(locale: Locale(identifier: "en-US")) }
    #expect(ready == "Ready.")
    let needsDownload = try withSimulatedDevice(configure: { $0.assets.installedLocales = [] }) { _ in
      await MicrophoneReadiness.check(locale: Locale(identifier: "en-US"))
    }
    #expect(needsDownload == "The en-US model needs a download.")
    let denied = try withSimulatedDevice(configure: { $0.recordPermission = .init(state: .denied) }) { _ in
      await MicrophoneReadiness.check(locale: Locale(identifier: "en-US"))
    }
    #expect(denied == "The microphone is off.")
  }
}
#endif
