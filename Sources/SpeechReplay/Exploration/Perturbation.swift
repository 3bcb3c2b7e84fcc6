import SimulatedDevice
import Yams

/// One deterministic edit of a scenario that a live stack should survive: another microphone, a
/// route change or an interruption at some moment, a network flip, a slow or failing download, a
/// permission change, a slower or stalling model, other result boundaries, or extra taps by the user.
///
/// A perturbation is a value: the same value applied to the same scenario gives the same file.
/// Moments (`at`) are seconds after the first step began (the steps' virtual time); model times are
/// times of the audio file, as the scenario format writes them. Each case lists simpler versions of
/// itself (``simpler``) for the shrinker. The catalogue is documented in `Documentation/Explore.md`.
package enum Perturbation: Sendable, Hashable, CustomStringConvertible {
  /// `device.microphone.tapFrames` and `jitter`.
  case taps(frames: Int, jitterMilliseconds: Int)
  /// `device.microphone.sampleRate` and `channels`: the hardware format when the session starts.
  case hardware(sampleRate: Int, channels: Int)
  /// A `route:` step: a new format (`port` nil) or a named input becoming the route.
  case route(at: Double, sampleRate: Int, channels: Int, port: String?)
  /// `count` `interrupt:` steps back to back (steps run in order, so interruptions cannot overlap
  /// in the format; back to back is the closest).
  case interruptions(at: Double, length: Double, count: Int)
  /// `network: offline` at a moment, `network: online` after `offlineFor`.
  case networkFlip(at: Double, offlineFor: Double)
  /// The model is not installed (`locales.installed: []`), so the first start downloads it for
  /// `duration`; with `failsAt`, the download fails after that fraction.
  case download(duration: Double, failsAt: Double?)
  /// `permission: deny` at a moment; `permission: grant` again after `grantAfter` when given.
  case permission(at: Double, grantAfter: Double?)
  /// `model.latency` for every result, and a latency spike of `extra` seconds over audio `spikeAt…spikeAt+spikeLength`.
  case latency(base: Double, spikeAt: Double, spikeLength: Double, extra: Double)
  /// A model stall at audio time `at` for `length`.
  case stall(at: Double, length: Double)
  /// A model error at audio time `at`.
  case modelError(at: Double)
  /// Other result boundaries for a transcript-generated model: volatile results every
  /// `volatileEvery`, a final after `finalAfterSilence` of silence (short: finals inside sentences;
  /// long: one final for everything), spoken style (no capitals, no full stop), a misheard word.
  case results(volatileEvery: Double, finalAfterSilence: Double, asSpoken: Bool, rewrite: Int?)
  /// `timing: { mode: aware, modelCost: cost }`: the model needs `cost` seconds per second of audio.
  case slowModel(cost: Double)
  /// Extra taps on the microphone control at a moment.
  case userTaps(at: Double, pattern: TapPattern)
  /// `device.microphone.sampleType` and `channels`: an input that delivers Int16 (some USB and
  /// Bluetooth inputs) or Float32, mono or stereo, from the start.
  case sampleFormat(sampleType: String, channels: Int)
  /// `device.microphone.tapFrames` of a size an app's buffer arithmetic gets wrong (not a multiple of
  /// the rate ratio, prime, below one 20 ms block, above a second).
  case oddTaps(frames: Int)
  /// A `route:` step at a moment to an input with another rate, channel count and sample type.
  case routeFormat(at: Double, sampleRate: Int, channels: Int, sampleType: String)
  /// `device.resultDelivery: afterFinalizeReturns`: the results a `finalize…()` publishes reach the
  /// app's results loop only after the call returned, as Apple allows (the default order delivers
  /// them before). Nothing is simpler but dropping it.
  case lateResultDelivery
  /// `schedule: { seed: N }`: the simulation runs ready jobs and fires timers due together in an
  /// order drawn from `seed`, and wakes real-clock sleepers up to 2 ms late, as a device's thread
  /// pool may (``Simulation/SchedulePolicy``). Nothing is simpler but dropping it (the default order).
  case schedule(seed: UInt64)
  /// `device.locale`: the user's locale (`Locale.current` inside the run) in another form
  /// equivalent to the model's: `en_US`, or a region override such as `en-US-u-rg-eszzzz`. Nothing
  /// is simpler but dropping it (the phone's default, en-US).
  case userLocale(String)
  /// `model.faults: [{ analyzerStops: at }]`: the analyzer stops unexpectedly once audio through
  /// `at` (audio seconds) is consumed, ignores finalize calls and keeps its slot (Twins.md).
  case analyzerStop(at: Double)
  /// The model not installed, and `device.download: { duration, returnsWhileDownloading: true }`:
  /// `downloadAndInstall()` returns while the asset stays downloading for `duration` (Twins.md).
  case queuedDownload(duration: Double)
  /// `device.converterFailsAt: at`: the first `AVAudioConverter` conversion from that moment of the
  /// steps returns `.error` (Twins.md).
  case converterError(at: Double)
  /// An `audioSystem:` step at a moment: an activation refused, an engine configuration change or a
  /// media-services reset (``Perturbation/drawAudioSystemFault(using:)``).
  case audioSystem(at: Double, fault: AudioSystemFault)
  /// `device.permission: { state: undetermined, answer, after }`: a first launch, where the app asks
  /// for the record permission and the user answers the system's prompt `after` seconds later,
  /// granting or denying it. Simpler: granting, then answering sooner.
  case firstLaunch(grants: Bool, after: Double)

  /// The kind of edit, the swarm's unit of choice.
  package var kind: Kind {
    switch self {
    case .taps: .taps
    case .hardware: .hardware
    case .route: .route
    case .interruptions: .interruption
    case .networkFlip: .network
    case .download: .download
    case .permission: .permission
    case .latency: .latency
    case .stall: .stall
    case .modelError: .modelError
    case .results: .results
    case .slowModel: .slowModel
    case .userTaps: .userTaps
    case .sampleFormat, .oddTaps, .routeFormat: .audioPath
    case .lateResultDelivery: .resultDelivery
    case .schedule: .schedule
    case .userLocale: .userLocale
    case .analyzerStop, .queuedDownload, .converterError: .speechFault
    case .audioSystem: .audioSystem
    case .firstLaunch: .firstLaunch
    }
  }

  // MARK: Applying

  /// Applies the edit to a scenario document.
  package func apply(to document: inout ScenarioDocument) {
    typealias D = ScenarioDocument
    typealias K = ScenarioKeys
    let microphone = [K.device, K.Device.microphone]
    let generate = [K.model, K.Model.generate]
    switch self {
    case .taps(let frames, let jitter):
      document.set(scalar: "\(frames)", at: microphone + [K.Microphone.tapFrames])
      document.set(jitter == 0 ? nil : Node("\(jitter)ms"), at: microphone + [K.Microphone.jitter])
    case .hardware(let rate, let channels):
      document.set(scalar: "\(rate)", at: microphone + [K.Microphone.sampleRate])
      document.set(scalar: "\(channels)", at: microphone + [K.Microphone.channels])
    case .route(let at, let rate, let channels, let port):
      let value: Node =
        if let port { D.flow([(K.Route.port, Node(port))]) } else {
          D.flow([(K.Route.sampleRate, Node("\(rate)")), (K.Route.channels, Node("\(channels)"))])
        }
      document.insert([D.step(K.Step.route, value)], atSeconds: at)
    case .interruptions(let at, let length, let count):
      document.insert(
        Array(repeating: D.step(K.Step.interrupt, Node(D.durationText(length))), count: count), atSeconds: at)
    case .networkFlip(let at, let offlineFor):
      document.insert([D.step(K.Step.network, Node("offline"))], atSeconds: at)
      document.insert([D.step(K.Step.network, Node("online"))], atSeconds: at + offlineFor)
    case .download(let duration, let failsAt):
      document.set(Node([Node]()), at: [K.device, K.Device.locales, K.Locales.installed])
      document.set(nil, at: [K.device, K.Device.locales, K.Locales.reserved])
      document.set(scalar: D.durationText(duration), at: [K.device, K.Device.download, K.Download.duration])
      document.set(failsAt.map { Node("\($0)") }, at: [K.device, K.Device.download, K.Download.failsAt])
    case .permission(let at, let grantAfter):
      document.insert([D.step(K.Step.permission, Node("deny"))], atSeconds: at)
      if let grantAfter { document.insert([D.step(K.Step.permission, Node("grant"))], atSeconds: at + grantAfter) }
    case .latency(let base, let spikeAt, let spikeLength, let extra):
      if base > 0 { document.set(scalar: D.durationText(base), at: [K.model, K.Model.latency]) }
      if extra > 0 {
        appendModelFault(
          D.flow([
            (
              K.Fault.latencySpike,
              Node([Node(D.durationText(spikeAt)), Node(D.durationText(spikeAt + spikeLength))], .implicit, .flow)
            ),
            (K.Fault.extra, Node(D.durationText(extra))),
          ]), to: &document)
      }
    case .stall(let at, let length):
      appendModelFault(
        D.flow([(K.Fault.stall, Node(D.durationText(at))), (K.Fault.for, Node(D.durationText(length)))]), to: &document)
    case .modelError(let at):
      appendModelFault(
        D.flow([
          (K.Fault.error, Node(D.durationText(at))), (K.Fault.code, Node("6")),
          (K.Fault.message, Node("the speech model stopped", .implicit, .doubleQuoted)),
        ]), to: &document)
    case .results(let volatileEvery, let finalAfterSilence, let asSpoken, let rewrite):
      document.set(scalar: D.durationText(volatileEvery), at: generate + [K.Generate.volatileEvery])
      document.set(scalar: D.durationText(finalAfterSilence), at: generate + [K.Generate.finalAfterSilence])
      document.set(scalar: asSpoken ? "asSpoken" : "sentence", at: generate + [K.Generate.style])
      if let rewrite {
        document.set(
          Node([(Node("\(rewrite)"), Node("uh", .implicit, .doubleQuoted))], .implicit, .flow),
          at: generate + [K.Generate.rewrites])
      }
    case .slowModel(let cost):
      document.set(D.flow([(K.Timing.mode, Node("aware")), (K.Timing.modelCost, Node("\(cost)"))]), at: [K.timing])
    case .userTaps(let at, let pattern):
      let start = D.step(K.Step.start)
      let stop = D.step(K.Step.stop)
      let steps: [Node] =
        switch pattern {
        case .doubleStart: [start]
        case .stopStart: [stop, start]
        case .stopDuringPreparing: [stop, start, stop, start]
        case .burst: [stop, start, stop, start, stop, start]
        case .dismissReopen: [stop, D.step(K.Step.dismiss), start]
        }
      var tapped = document
      tapped.insert(steps, atSeconds: at)
      // A user taps only a screen that is open: after a dismissal, they open it again first.
      if !tapped.isPerformableByUser, steps.first.flatMap(D.stepName) != K.Step.start.name {
        tapped = document
        tapped.insert([start] + steps, atSeconds: at)
      }
      document = tapped
    case .sampleFormat(let sampleType, let channels):
      document.set(scalar: sampleType, at: microphone + [K.Microphone.sampleType])
      document.set(scalar: "\(channels)", at: microphone + [K.Microphone.channels])
    case .oddTaps(let frames):
      document.set(scalar: "\(frames)", at: microphone + [K.Microphone.tapFrames])
    case .routeFormat(let at, let rate, let channels, let sampleType):
      document.insert(
        [
          D.step(
            K.Step.route,
            D.flow([
              (K.Route.sampleRate, Node("\(rate)")), (K.Route.channels, Node("\(channels)")),
              (K.Route.sampleType, Node(sampleType)),
            ]))
        ], atSeconds: at)
    case .lateResultDelivery:
      document.set(
        scalar: SimulatedDevice.ResultDelivery.afterFinalizeReturns.rawValue, at: [K.device, K.Device.resultDelivery])
    case .schedule(let seed):
      document.set(D.flow([(K.Schedule.seed, Node("\(seed)"))]), at: [K.schedule])
    case .userLocale(let identifier):
      document.set(scalar: identifier, at: [K.device, K.Device.locale])
    case .analyzerStop, .queuedDownload, .converterError:
      applySpeechFault(to: &document)
    case .audioSystem(let at, let fault):
      document.insert([Self.audioSystemStep(fault)], atSeconds: at)
    case .firstLaunch(let grants, let after):
      document.set(
        D.flow([
          (K.Permission.state, Node("undetermined")), (K.Permission.answer, Node(grants ? "grant" : "deny")),
          (K.Permission.after, Node(D.durationText(after))),
        ]), at: [K.device, K.Device.permission])
    }
  }

  func appendModelFault(_ fault: Node, to document: inout ScenarioDocument) {
    let faults = [ScenarioKeys.model, ScenarioKeys.Model.faults]
    let existing = document.value(at: faults)?.sequence.map(Array.init) ?? []
    document.set(Node(existing + [fault], .implicit, .block), at: faults)
  }

  // MARK: Shrinking

  /// Simpler versions of this edit, each closer to the scenario as written: defaults instead of
  /// odd values, earlier moments, shorter lengths, fewer repetitions. Empty when nothing is simpler.
  package var simpler: [Perturbation] {
    func earlier(_ at: Double) -> [Double] {
      guard at > 0 else { return [] }
      return at < 0.02 ? [0] : [0, Self.round(at / 2), Self.round(at - 0.25)].filter { $0 >= 0 && $0 < at }
    }
    func shorter(_ length: Double, floor: Double = 0.01) -> [Double] {
      length / 2 >= floor ? [Self.round(length / 2)] : []
    }
    switch self {
    case .taps(let frames, let jitter):
      return (jitter > 0 ? [.taps(frames: frames, jitterMilliseconds: 0)] : [])
        + (frames != 4800 ? [.taps(frames: 4800, jitterMilliseconds: jitter)] : [])
    case .hardware(let rate, let channels):
      return (channels != 1 ? [.hardware(sampleRate: rate, channels: 1)] : [])
        + (rate != 48000 ? [.hardware(sampleRate: 48000, channels: channels)] : [])
    case .route(let at, let rate, let channels, let port):
      return earlier(at).map { .route(at: $0, sampleRate: rate, channels: channels, port: port) }
        + (port != nil ? [.route(at: at, sampleRate: 16000, channels: 1, port: nil)] : [])
        + (port == nil && channels != 1 ? [.route(at: at, sampleRate: rate, channels: 1, port: nil)] : [])
    case .interruptions(let at, let length, let count):
      return (count > 1 ? [.interruptions(at: at, length: length, count: count - 1)] : [])
        + earlier(at).map { .interruptions(at: $0, length: length, count: count) }
        + shorter(length).map { .interruptions(at: at, length: $0, count: count) }
    case .networkFlip(let at, let offlineFor):
      return earlier(at).map { .networkFlip(at: $0, offlineFor: offlineFor) }
        + shorter(offlineFor).map { .networkFlip(at: at, offlineFor: $0) }
    case .download(let duration, let failsAt):
      return (failsAt != nil ? [.download(duration: duration, failsAt: nil)] : [])
        + shorter(duration, floor: 0.1).map { .download(duration: $0, failsAt: failsAt) }
    case .permission(let at, let grantAfter):
      return (grantAfter != nil ? [.permission(at: at, grantAfter: nil)] : [])
        + earlier(at).map { .permission(at: $0, grantAfter: grantAfter) }
    case .latency(let base, let spikeAt, let spikeLength, let extra):
      return (base > 0 ? [.latency(base: 0, spikeAt: spikeAt, spikeLength: spikeLength, extra: extra)] : [])
        + (extra > 0 ? [.latency(base: base, spikeAt: spikeAt, spikeLength: spikeLength, extra: 0)] : [])
        + (extra > 0
          ? shorter(extra).map { .latency(base: base, spikeAt: spikeAt, spikeLength: spikeLength, extra: $0) } : [])
        + (extra > 0
          ? earlier(spikeAt).map { .latency(base: base, spikeAt: $0, spikeLength: spikeLength, extra: extra) } : [])
    case .stall(let at, let length):
      return earlier(at).map { .stall(at: $0, length: length) } + shorter(length).map { .stall(at: at, length: $0) }
    case .modelError(let at):
      return earlier(at).map { .modelError(at: $0) }
    case .results(let volatileEvery, let finalAfterSilence, let asSpoken, let rewrite):
      var versions: [Perturbation] = []
      if rewrite != nil {
        versions.append(
          .results(volatileEvery: volatileEvery, finalAfterSilence: finalAfterSilence, asSpoken: asSpoken, rewrite: nil)
        )
      }
      if asSpoken {
        versions.append(
          .results(
            volatileEvery: volatileEvery, finalAfterSilence: finalAfterSilence, asSpoken: false, rewrite: rewrite))
      }
      if volatileEvery != 0.2 {
        versions.append(
          .results(volatileEvery: 0.2, finalAfterSilence: finalAfterSilence, asSpoken: asSpoken, rewrite: rewrite))
      }
      if finalAfterSilence != 0.8 {
        versions.append(
          .results(volatileEvery: volatileEvery, finalAfterSilence: 0.8, asSpoken: asSpoken, rewrite: rewrite))
      }
      return versions
    case .slowModel(let cost):
      return cost > 0.2 ? [.slowModel(cost: Self.round(cost / 2))] : []
    case .userTaps(let at, let pattern):
      let patterns = TapPattern.allCases.prefix { $0 != pattern }
      return patterns.map { .userTaps(at: at, pattern: $0) } + earlier(at).map { .userTaps(at: $0, pattern: pattern) }
    case .sampleFormat(let sampleType, let channels):
      return (channels != 1 ? [.sampleFormat(sampleType: sampleType, channels: 1)] : [])
        + (sampleType != "float32" ? [.sampleFormat(sampleType: "float32", channels: channels)] : [])
    case .oddTaps(let frames):
      return frames != 4800 ? [.taps(frames: 4800, jitterMilliseconds: 0)] : []
    case .routeFormat(let at, let rate, let channels, let sampleType):
      return earlier(at).map { .routeFormat(at: $0, sampleRate: rate, channels: channels, sampleType: sampleType) }
        + (sampleType != "float32"
          ? [.routeFormat(at: at, sampleRate: rate, channels: channels, sampleType: "float32")] : [])
        + (channels != 1 ? [.routeFormat(at: at, sampleRate: rate, channels: 1, sampleType: sampleType)] : [])
    case .audioSystem(let at, let fault):
      return earlier(at).map { .audioSystem(at: $0, fault: fault) }
        + (fault == .activationFails(.insufficientPriority) || !Self.isActivationFailure(fault)
          ? [] : [.audioSystem(at: at, fault: .activationFails(.insufficientPriority))])
    case .lateResultDelivery, .schedule, .userLocale:
      return []
    case .analyzerStop, .queuedDownload, .converterError:
      return simplerSpeechFaults
    case .firstLaunch(let grants, let after):
      return (grants ? [] : [.firstLaunch(grants: true, after: after)])
        + shorter(after).map { .firstLaunch(grants: grants, after: $0) }
    }
  }

  static func round(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }

  // MARK: Text

  /// The edit as one line of YAML (a flow mapping), as reproducer files list it.
  package var description: String {
    func s(_ seconds: Double) -> String { ScenarioDocument.durationText(seconds) }
    return switch self {
    case .taps(let frames, let jitter): "{ kind: taps, tapFrames: \(frames), jitter: \(jitter)ms }"
    case .hardware(let rate, let channels): "{ kind: hardware, sampleRate: \(rate), channels: \(channels) }"
    case .route(let at, let rate, let channels, let port):
      port.map { "{ kind: route, at: \(s(at)), port: \($0) }" }
        ?? "{ kind: route, at: \(s(at)), sampleRate: \(rate), channels: \(channels) }"
    case .interruptions(let at, let length, let count):
      "{ kind: interruption, at: \(s(at)), length: \(s(length)), count: \(count) }"
    case .networkFlip(let at, let offlineFor): "{ kind: network, at: \(s(at)), offlineFor: \(s(offlineFor)) }"
    case .download(let duration, let failsAt):
      "{ kind: download, duration: \(s(duration))\(failsAt.map { ", failsAt: \($0)" } ?? "") }"
    case .permission(let at, let grantAfter):
      "{ kind: permission, at: \(s(at))\(grantAfter.map { ", grantAfter: \(s($0))" } ?? "") }"
    case .latency(let base, let spikeAt, let spikeLength, let extra):
      "{ kind: latency, base: \(s(base)), spikeAt: \(s(spikeAt)), spikeLength: \(s(spikeLength)), extra: \(s(extra)) }"
    case .stall(let at, let length): "{ kind: stall, at: \(s(at)), length: \(s(length)) }"
    case .modelError(let at): "{ kind: modelError, at: \(s(at)) }"
    case .results(let volatileEvery, let finalAfterSilence, let asSpoken, let rewrite):
      "{ kind: results, volatileEvery: \(s(volatileEvery)), finalAfterSilence: \(s(finalAfterSilence)), style: \(asSpoken ? "asSpoken" : "sentence")\(rewrite.map { ", rewrite: \($0)" } ?? "") }"
    case .slowModel(let cost): "{ kind: slowModel, modelCost: \(cost) }"
    case .userTaps(let at, let pattern): "{ kind: userTaps, at: \(s(at)), pattern: \(pattern.rawValue) }"
    case .sampleFormat(let sampleType, let channels):
      "{ kind: audioPath, sampleType: \(sampleType), channels: \(channels) }"
    case .oddTaps(let frames): "{ kind: audioPath, tapFrames: \(frames) }"
    case .routeFormat(let at, let rate, let channels, let sampleType):
      "{ kind: audioPath, at: \(s(at)), route: { sampleRate: \(rate), channels: \(channels), sampleType: \(sampleType) } }"
    case .lateResultDelivery: "{ kind: resultDelivery, order: afterFinalizeReturns }"
    case .schedule(let seed): "{ kind: schedule, seed: \(seed) }"
    case .userLocale(let identifier): "{ kind: userLocale, locale: \(identifier) }"
    case .analyzerStop, .queuedDownload, .converterError: speechFaultDescription
    case .audioSystem(let at, let fault): "{ kind: audioSystem, at: \(s(at)), fault: \"\(fault)\" }"
    case .firstLaunch(let grants, let after):
      "{ kind: firstLaunch, answer: \(grants ? "grant" : "deny"), after: \(s(after)) }"
    }
  }
}
