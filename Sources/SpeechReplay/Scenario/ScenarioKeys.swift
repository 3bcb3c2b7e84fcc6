/// One key of a scenario file's schema. Only ``ScenarioKeys`` (and a check family's folder) makes
/// them, so a writer cannot spell a key the decoder does not accept, and the decoder reads a
/// mapping only through them (`ScenarioMapping` has no read by text): rename a key there and every
/// writer, every read and every mapping's list of accepted keys follows (or fails to compile).
package struct ScenarioKey: Hashable, Sendable, CustomStringConvertible {
  /// The key as the file spells it.
  package let name: String

  fileprivate init(_ name: String) { self.name = name }

  /// A key under `expect:` that a check family declares in its folder (`Checks/<Family>/`).
  init(family name: String) { self.name = name }

  package var description: String { name }

  /// A key the user names rather than the schema: a snapshot's name under `expect.snapshots`.
  package static func snapshotName(_ name: String) -> ScenarioKey { ScenarioKey(name) }

  /// The key a case of a value type spells: a budget's measure or statistic, a metric's name.
  init(case value: some RawRepresentable<String>) { self.name = value.rawValue }
}

/// The key table of scenario files (schema 1): the decoder's `mapping(keys:)` lists these, and every
/// writer (capture import, `scenario new`, exploration's perturbations and reproducers) writes them.
/// Each `all` is a mapping's accepted keys, in the order error messages list them.
package enum ScenarioKeys {
  package static let schema = ScenarioKey("schema")
  package static let name = ScenarioKey("name")
  package static let description = ScenarioKey("description")
  package static let seed = ScenarioKey("seed")
  package static let audio = ScenarioKey("audio")
  package static let device = ScenarioKey("device")
  package static let model = ScenarioKey("model")
  package static let subject = ScenarioKey("subject")
  package static let timing = ScenarioKey("timing")
  package static let steps = ScenarioKey("steps")
  package static let expect = ScenarioKey("expect")
  package static let limits = ScenarioKey("limits")
  package static let observed = ScenarioKey("observed")
  package static let explore = ScenarioKey("explore")
  package static let schedule = ScenarioKey("schedule")
  /// The top-level keys.
  package static let all = [
    schema, name, description, seed, audio, device, model, subject, timing, steps, expect, limits, observed, explore,
    schedule,
  ]

  /// `schedule: { seed: 7, wakeUpDelay: 2ms }`.
  package enum Schedule {
    package static let seed = ScenarioKey("seed")
    package static let wakeUpDelay = ScenarioKey("wakeUpDelay")
    package static let all = [seed, wakeUpDelay]
  }

  /// `limits:`.
  package enum Limits {
    package static let virtualTime = ScenarioKey("virtualTime")
    package static let steps = ScenarioKey("steps")
    package static let wallClock = ScenarioKey("wallClock")
    package static let all = [virtualTime, steps, wallClock]
  }

  /// `device:`.
  package enum Device {
    package static let microphone = ScenarioKey("microphone")
    package static let locales = ScenarioKey("locales")
    package static let download = ScenarioKey("download")
    package static let network = ScenarioKey("network")
    package static let permission = ScenarioKey("permission")
    package static let transcriberAvailable = ScenarioKey("transcriberAvailable")
    package static let maximumAnalyzers = ScenarioKey("maximumAnalyzers")
    package static let resultDelivery = ScenarioKey("resultDelivery")
    package static let locale = ScenarioKey("locale")
    package static let languages = ScenarioKey("languages")
    package static let converterFailsAt = ScenarioKey("converterFailsAt")
    package static let all = [
      microphone, locales, download, network, permission, transcriberAvailable, maximumAnalyzers, resultDelivery,
      locale, languages, converterFailsAt,
    ]
  }

  /// `device.microphone:`.
  package enum Microphone {
    package static let sampleRate = ScenarioKey("sampleRate")
    package static let channels = ScenarioKey("channels")
    package static let sampleType = ScenarioKey("sampleType")
    package static let tapFrames = ScenarioKey("tapFrames")
    package static let jitter = ScenarioKey("jitter")
    package static let tapSchedule = ScenarioKey("tapSchedule")
    package static let all = [sampleRate, channels, sampleType, tapFrames, jitter, tapSchedule]
  }

  /// `device.locales:`.
  package enum Locales {
    package static let supported = ScenarioKey("supported")
    package static let installed = ScenarioKey("installed")
    package static let reserved = ScenarioKey("reserved")
    package static let maximumReserved = ScenarioKey("maximumReserved")
    package static let all = [supported, installed, reserved, maximumReserved]
  }

  /// `device.download:`.
  package enum Download {
    package static let duration = ScenarioKey("duration")
    package static let steps = ScenarioKey("steps")
    package static let failsAt = ScenarioKey("failsAt")
    package static let returnsWhileDownloading = ScenarioKey("returnsWhileDownloading")
    package static let all = [duration, steps, failsAt, returnsWhileDownloading]
  }

  /// `device.permission:` as a mapping.
  package enum Permission {
    package static let state = ScenarioKey("state")
    package static let answer = ScenarioKey("answer")
    package static let after = ScenarioKey("after")
    package static let all = [state, answer, after]
  }

  /// `subject:`.
  package enum Subject {
    package static let locale = ScenarioKey("locale")
    package static let preset = ScenarioKey("preset")
    package static let inputBufferLimit = ScenarioKey("inputBufferLimit")
    package static let options = ScenarioKey("options")
    package static let requires = ScenarioKey("requires")
    package static let all = [locale, preset, inputBufferLimit, options, requires]
  }

  /// `model:`.
  package enum Model {
    package static let locale = ScenarioKey("locale")
    package static let latency = ScenarioKey("latency")
    package static let results = ScenarioKey("results")
    package static let transcript = ScenarioKey("transcript")
    package static let generate = ScenarioKey("generate")
    package static let faults = ScenarioKey("faults")
    package static let spacing = ScenarioKey("spacing")
    package static let profile = ScenarioKey("profile")
    package static let all = [locale, latency, results, transcript, generate, faults, spacing, profile]
  }

  /// `model.generate:`.
  package enum Generate {
    package static let volatileEvery = ScenarioKey("volatileEvery")
    package static let finalAfterSilence = ScenarioKey("finalAfterSilence")
    package static let style = ScenarioKey("style")
    package static let rewrites = ScenarioKey("rewrites")
    package static let confidence = ScenarioKey("confidence")
    package static let all = [volatileEvery, finalAfterSilence, style, rewrites, confidence]
  }

  /// One of `model.results:`.
  package enum Result {
    package static let at = ScenarioKey("at")
    package static let text = ScenarioKey("text")
    package static let final = ScenarioKey("final")
    package static let withdraw = ScenarioKey("withdraw")
    package static let range = ScenarioKey("range")
    package static let alternatives = ScenarioKey("alternatives")
    package static let confidence = ScenarioKey("confidence")
    package static let finalizeAs = ScenarioKey("finalizeAs")
    package static let delay = ScenarioKey("delay")
    package static let all = [at, text, final, withdraw, range, alternatives, confidence, finalizeAs, delay]
    /// The keys of which a result has exactly one.
    package static let kinds = [text, final, withdraw]
  }

  /// One of `model.faults:`.
  package enum Fault {
    package static let error = ScenarioKey("error")
    package static let code = ScenarioKey("code")
    package static let message = ScenarioKey("message")
    package static let delay = ScenarioKey("delay")
    package static let stall = ScenarioKey("stall")
    package static let `for` = ScenarioKey("for")
    package static let latencySpike = ScenarioKey("latencySpike")
    package static let extra = ScenarioKey("extra")
    package static let analyzerStops = ScenarioKey("analyzerStops")
    package static let all = [error, code, message, delay, stall, `for`, latencySpike, extra, analyzerStops]
    /// The keys of which a fault has exactly one.
    package static let kinds = [error, stall, latencySpike, analyzerStops]
  }

  /// `timing:` as a mapping.
  package enum Timing {
    package static let mode = ScenarioKey("mode")
    package static let modelCost = ScenarioKey("modelCost")
    package static let all = [mode, modelCost]
  }

  /// `observed:`.
  package enum Observed {
    package static let timeline = ScenarioKey("timeline")
    package static let divergence = ScenarioKey("divergence")
    package static let all = [timeline, divergence]
  }

  /// `explore:`.
  package enum Explore {
    package static let keep = ScenarioKey("keep")
    package static let all = [keep]
  }

  /// `expect:`.
  package enum Expect {
    package static let final = ScenarioKey("final")
    package static let snapshots = ScenarioKey("snapshots")
    package static let diagnostics = ScenarioKey("diagnostics")
    // The other families' keys are declared in their folders under `Checks/`.
    package static let trap = ScenarioKey("trap")
    /// The scenario's own tolerances for `compare` (not a check family's key).
    package static let tolerances = ScenarioKey("tolerances")
    /// Obsolete: read only to warn that it has no effect.
    package static let observed = ScenarioKey("observed")
    /// Every family's keys in registry order, then `trap`, `tolerances` and `observed`.
    package static var all: [ScenarioKey] { CheckRegistry.expectKeys + [trap, tolerances, observed] }
  }

  /// An expected UI state (`expect.final`, one of `expect.snapshots`).
  package enum State {
    package static let committed = ScenarioKey("committed")
    package static let volatile = ScenarioKey("volatile")
    package static let phase = ScenarioKey("phase")
    package static let microphone = ScenarioKey("microphone")
    package static let all = [committed, volatile, phase, microphone]
  }

  /// `expect.diagnostics` as a mapping.
  package enum Diagnostics {
    package static let allow = ScenarioKey("allow")
    package static let all = [allow]
  }

  /// `expect.trap` as a mapping.
  package enum Trap {
    package static let says = ScenarioKey("says")
    package static let checks = ScenarioKey("checks")
    package static let all = [says, checks]
  }

  /// `expect.leaks`.
  package enum Leaks {
    package static let window = ScenarioKey("window")
    package static let heapBytesPerCycle = ScenarioKey("heapBytesPerCycle")
    package static let all = [window, heapBytesPerCycle]
  }

  /// `expect.invariants`.
  package enum Invariants {
    package static let broken = ScenarioKey("broken")
    package static let off = ScenarioKey("off")
    package static let maximumInputLag = ScenarioKey("maximumInputLag")
    package static let mainActorHang = ScenarioKey("mainActorHang")
    package static let maximumRestartsPerSecond = ScenarioKey("maximumRestartsPerSecond")
    package static let bufferGrowthPerMinute = ScenarioKey("bufferGrowthPerMinute")
    package static let all = [
      broken, off, maximumInputLag, mainActorHang, maximumRestartsPerSecond, bufferGrowthPerMinute,
    ]
  }

  /// A bound of `expect.metrics` or a budget's statistics.
  package enum Bound {
    package static let min = ScenarioKey("min")
    package static let max = ScenarioKey("max")
    package static let all = [min, max]
  }

  /// A step: a word (`start`, `stop`, `dismiss`) or a mapping with one of these keys.
  package enum Step {
    package static let start = ScenarioKey("start")
    package static let play = ScenarioKey("play")
    package static let wait = ScenarioKey("wait")
    package static let stop = ScenarioKey("stop")
    package static let dismiss = ScenarioKey("dismiss")
    package static let network = ScenarioKey("network")
    package static let install = ScenarioKey("install")
    package static let remove = ScenarioKey("remove")
    package static let permission = ScenarioKey("permission")
    package static let interrupt = ScenarioKey("interrupt")
    package static let route = ScenarioKey("route")
    package static let audioSystem = ScenarioKey("audioSystem")
    package static let snapshot = ScenarioKey("snapshot")
    package static let cycle = ScenarioKey("cycle")
    package static let all = [
      start, play, wait, stop, dismiss, network, install, remove, permission, interrupt, route, audioSystem, snapshot,
      cycle,
    ]
  }

  /// `route:` step.
  package enum Route {
    package static let port = ScenarioKey("port")
    package static let sampleRate = ScenarioKey("sampleRate")
    package static let channels = ScenarioKey("channels")
    package static let sampleType = ScenarioKey("sampleType")
    package static let all = [port, sampleRate, channels, sampleType]
  }

  /// `audioSystem:` step: a fault's name, or `{ activationFails: code }`.
  package enum AudioSystem {
    package static let activationFails = ScenarioKey("activationFails")
    package static let configurationChange = ScenarioKey("configurationChange")
    package static let mediaServicesReset = ScenarioKey("mediaServicesReset")
    package static let systemDeactivation = ScenarioKey("systemDeactivation")
    package static let all = [activationFails, configurationChange, mediaServicesReset, systemDeactivation]
  }

  /// `interrupt:` step as a mapping.
  package enum Interrupt {
    package static let duration = ScenarioKey("duration")
    package static let shouldResume = ScenarioKey("shouldResume")
    package static let all = [duration, shouldResume]
  }

  /// `expect.audio:` as a mapping.
  package enum Audio {
    package static let maximumLost = ScenarioKey("maximumLost")
    package static let all = [maximumLost]
  }

  /// `cycle:` step.
  package enum Cycle {
    package static let count = ScenarioKey("count")
    package static let steps = ScenarioKey("steps")
    package static let all = [count, steps]
  }
}

extension Array where Element == ScenarioKey {
  /// The keys as the file spells them.
  package var names: [String] { map(\.name) }
}
