import AudioPCM
import SimulatedDevice

extension Scenario {
  /// One thing the simulated user or the world does, with its place in the file.
  package struct Step: Sendable, Hashable, CustomStringConvertible {
    /// How long the microphone hears the audio file.
    package enum PlayLength: Sendable, Hashable {
      /// For this long.
      case duration(Duration)
      /// Until the audio file ends.
      case toEnd
    }

    /// What the step does.
    package enum Action: Sendable, Hashable {
      /// The user taps the microphone control: the subject's `start()` begins (steps go on meanwhile).
      case start
      /// The microphone hears the audio file for a while (otherwise it hears silence).
      case play(PlayLength)
      /// Time passes; the microphone hears silence.
      case wait(Duration)
      /// The user taps stop: the runner awaits the subject's `stop()`.
      case stop
      /// The screen that owns the transcriber goes away: the runner lets go of the subject, which
      /// must then be deallocated by the end of the run (with every object it tracks). A later
      /// `start` opens the screen again with a new subject.
      case dismiss
      /// The network goes on or off line.
      case network(online: Bool)
      /// A locale's model is installed at once.
      case install(locale: String)
      /// A locale's model is removed.
      case remove(locale: String)
      /// The record permission is granted or denied.
      case permission(granted: Bool)
      /// An interruption (a call) begins and ends after the duration, with the `.shouldResume` hint
      /// unless `shouldResume` is false (a call the user took: the app must not resume by itself).
      case interrupt(Duration, shouldResume: Bool = true)
      /// The audio route changes to a new hardware format; with a port (`bluetoothHFP`), that input
      /// is connected and becomes the route (`builtInMic`: the external input goes away). A sample
      /// type (`.int16`) makes the new input deliver it; nil keeps the default.
      case route(sampleRate: Double, channels: Int, port: String? = nil, sampleType: AudioFormat.SampleType? = nil)
      /// The device's audio system fails as Apple documents (``AudioSystemFault``): an activation
      /// refused, an engine configuration change, a media-services reset, a system deactivation.
      case audioSystem(AudioSystemFault)
      /// The UI state is recorded under a name.
      case snapshot(String)
      /// The inner steps run `count` times.
      case cycle(count: Int, steps: [Step])
    }

    /// What the step does.
    package var action: Action
    /// Where the step is written.
    package var location: SourceLocation

    /// Creates a step.
    package init(_ action: Action, at location: SourceLocation) {
      self.action = action
      self.location = location
    }

    /// The step as a scenario file writes it: `play: 2s`, `cycle: 3 × 4 steps`.
    package var description: String {
      switch action {
      case .start: "start"
      case .play(.duration(let duration)): "play: \(DurationText.text(duration))"
      case .play(.toEnd): "play: end"
      case .wait(let duration): "wait: \(DurationText.text(duration))"
      case .stop: "stop"
      case .dismiss: "dismiss"
      case .network(let online): "network: \(online ? "online" : "offline")"
      case .install(let locale): "install: \(locale)"
      case .remove(let locale): "remove: \(locale)"
      case .permission(let granted): "permission: \(granted ? "grant" : "deny")"
      case .interrupt(let duration, let shouldResume):
        "interrupt: \(DurationText.text(duration))\(shouldResume ? "" : ", shouldResume: false")"
      case .route(let rate, let channels, let port, let sampleType):
        "route: \(Int(rate)) Hz, \(channels) channel\(channels == 1 ? "" : "s")\(sampleType.map { " \($0)" } ?? "")\(port.map { ", \($0)" } ?? "")"
      case .audioSystem(let fault): "audioSystem: \(fault)"
      case .snapshot(let name): "snapshot: \(name)"
      case .cycle(let count, let steps): "cycle: \(count) × \(steps.count) steps"
      }
    }
  }
}
