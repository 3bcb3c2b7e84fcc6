import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

/// Reads a scenario's nodes into typed values (schema 1).
struct ScenarioDecoder {
  let file: String
  let folder: String

  func scenario(_ root: ScenarioNode) throws(ScenarioError) -> Scenario {
    guard case .mapping = root.node else {
      throw root.error(
        "a scenario file is a mapping of keys (schema, name, audio, device, model, steps, expect), not \(root.shown)")
    }
    let top = try root.mapping(keys: Scenario.topLevelKeys)
    try checkSchema(top)
    let fallbackName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    let model =
      try top[ScenarioKeys.model].map { (node) throws(ScenarioError) in try self.model(node) } ?? Scenario.Model()
    var device =
      try top[ScenarioKeys.device].map { (node) throws(ScenarioError) in try self.device(node) }
      ?? SimulatedDevice.Configuration()
    var audioDuration = 0.0
    var warnings: [ScenarioFailure] = []
    if let audio = top[ScenarioKeys.audio] {
      let path = resolve(try audio.nonEmptyString())
      (audioDuration, warnings) = try duration(ofAudio: path, at: audio)
      device.microphone.audioFile = path
    }
    if let timing = top[ScenarioKeys.timing] { device.modelComputeCost = try self.timing(timing).modelCost }
    let steps = try self.steps(
      try top.required(ScenarioKeys.steps, example: "[start, { play: end }, stop]"), microphone: device.microphone)
    try checkSteps(steps, hasAudio: top.has(ScenarioKeys.audio))
    if top.has(ScenarioKeys.audio) { warnings += playsPastEnd(steps, audioDuration: audioDuration) }
    warnings += try resultWarnings(
      top[ScenarioKeys.model], audioDuration: audioDuration, hasAudio: top.has(ScenarioKeys.audio))
    var subject = SubjectOptions(locale: model.locale)
    var presetLocation: SourceLocation?
    var requirements: ([SubjectCapability], SourceLocation?) = ([], nil)
    if let node = top[ScenarioKeys.subject] {
      (subject, presetLocation) = try self.subject(node, defaultLocale: model.locale)
      requirements = try self.requirements(node)
    }
    subject.audioFile = device.microphone.audioFile
    warnings += try localeWarnings(top, device: device, subject: subject)
    let expectations =
      try top[ScenarioKeys.expect].map { (node) throws(ScenarioError) in try self.expectations(node, steps: steps) }
      ?? .init()
    warnings += try obsoleteKeys(top[ScenarioKeys.expect])
    var scenario = Scenario(
      name: try top[ScenarioKeys.name]?.nonEmptyString() ?? fallbackName,
      description: try top[ScenarioKeys.description]?.string() ?? "",
      file: file,
      seed: try top[ScenarioKeys.seed]?.uint64(),
      device: device, audioDuration: audioDuration, model: model, subject: subject, steps: steps,
      expectations: expectations)
    if let node = top[ScenarioKeys.limits] { scenario.limits = try limits(node) }
    if let node = top[ScenarioKeys.explore] { try explore(node) }
    if let node = top[ScenarioKeys.schedule] { scenario.schedule = try schedule(node) }
    scenario.warnings = warnings
    scenario.presetLocation = presetLocation
    (scenario.requirements, scenario.requirementsLocation) = requirements
    scenario.observed = try top[ScenarioKeys.observed].map { (node) throws(ScenarioError) in try self.observed(node) }
    return scenario
  }

  /// `schema: 1`, the one version this decoder reads, as a number.
  private func checkSchema(_ top: ScenarioMapping) throws(ScenarioError) {
    let schema = try top.required(ScenarioKeys.schema, example: "\(Scenario.schemaVersion)")
    if case .scalar(let scalar) = schema.node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
      throw schema.error(
        "'schema' is the text \(schema.shown), not a number; write schema: \(Scenario.schemaVersion) without quotes")
    }
    guard try schema.int() == Scenario.schemaVersion else {
      throw schema.error(
        "schema \(try schema.int()) is not supported; this version of speech-replay reads schema \(Scenario.schemaVersion)"
      )
    }
  }

  /// `limits: { virtualTime: 10h, steps: 5000000, wallClock: 10m }`.
  private func limits(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Limits {
    let map = try node.mapping(keys: ScenarioKeys.Limits.all)
    var limits = Scenario.Limits()
    if let value = map[ScenarioKeys.Limits.virtualTime] {
      limits.virtualTime = try value.duration()
      guard limits.virtualTime! > .zero else {
        throw value.error("'limits.virtualTime' must be longer than 0s; write for example virtualTime: 10h")
      }
    }
    if let value = map[ScenarioKeys.Limits.steps] { limits.steps = try value.int(in: 1...Int(Int32.max) * 1_000) }
    if let value = map[ScenarioKeys.Limits.wallClock] {
      limits.wallClock = try value.duration()
      guard limits.wallClock! > .zero else {
        throw value.error("'limits.wallClock' must be longer than 0s; write for example wallClock: 10m")
      }
    }
    return limits
  }

  /// `schedule: fifo`, or `schedule: { seed: 7 }` with an optional `wakeUpDelay: 2ms` bound.
  private func schedule(_ node: ScenarioNode) throws(ScenarioError) -> Simulation.SchedulePolicy {
    if case .scalar = node.node {
      _ = try node.choice(["fifo"])
      return .fifo
    }
    let map = try node.mapping(keys: ScenarioKeys.Schedule.all)
    let seed = try map.required(ScenarioKeys.Schedule.seed, example: "7").uint64()
    guard let value = map[ScenarioKeys.Schedule.wakeUpDelay] else { return .seeded(seed) }
    let delay = try value.duration()
    guard delay >= .zero, delay <= .seconds(1) else {
      throw value.error("'schedule.wakeUpDelay' must be from 0s to 1s; write for example wakeUpDelay: 2ms")
    }
    return .seeded(seed, maximumWakeUpDelay: delay)
  }

  /// A path relative to the scenario's folder (absolute paths stay).
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
  }

  /// The audio file's length, and its problems (cut short, wrong extension) as warnings at the `audio:` key.
  private func duration(
    ofAudio path: String, at node: ScenarioNode
  ) throws(ScenarioError) -> (Double, [ScenarioFailure]) {
    if let size = ScenarioFileBounds.size(of: path), size > ScenarioFileBounds.audioBytes {
      throw node.error(
        "the audio file '\(path)' is \(ScenarioFileBounds.text(size)), more than the \(ScenarioFileBounds.text(ScenarioFileBounds.audioBytes)) a scenario may replay; is it the right file? cut the recording to the part the scenario needs (speech-replay audio convert)"
      )
    }
    do {
      let summary = try AudioFileSummaries.summary(ofFileAt: path)
      let warnings = summary.warnings.map {
        ScenarioFailure(
          "the audio file has a problem: \($0)", check: CheckID(.scenario, "audio-file"), at: node.location)
      }
      return (summary.seconds, warnings)
    } catch {
      throw node.error(
        "the audio file '\(path)' cannot be read: \(error); give a path relative to the scenario file to a WAV, CAF, FLAC or AIFF file"
      )
    }
  }

  // MARK: device

  func device(_ node: ScenarioNode) throws(ScenarioError) -> SimulatedDevice.Configuration {
    typealias Key = ScenarioKeys.Device
    let map = try node.mapping(keys: Key.all)
    var configuration = SimulatedDevice.Configuration()
    if let node = map[Key.microphone] { try microphone(node, into: &configuration.microphone) }
    if let node = map[Key.locales] { try locales(node, into: &configuration.assets) }
    if let node = map[Key.download] { try download(node, into: &configuration.assets) }
    if let network = map[Key.network] {
      configuration.networkAvailable = try network.choice(["online", "offline"]) == "online"
    }
    if let permission = map[Key.permission] { configuration.recordPermission = try self.permission(permission) }
    if let value = map[Key.transcriberAvailable] { configuration.speechTranscriberAvailable = try value.bool() }
    if let value = map[Key.maximumAnalyzers] {
      configuration.maximumSimultaneousAnalyzers = try value.int(in: 0...64)
    }
    if let value = map[Key.converterFailsAt] { configuration.converterFailure = .init(at: try value.duration()) }
    if let value = map[Key.resultDelivery] {
      let orders = SimulatedDevice.ResultDelivery.allCases.map(\.rawValue)
      // `choice` checked the value.
      configuration.resultDelivery = SimulatedDevice.ResultDelivery(rawValue: try value.choice(orders))!
    }
    try userLocale(map, into: &configuration)
    return configuration
  }

  /// `device.microphone: { sampleRate: 48000, channels: 1, tapFrames: 4800, tapSchedule: taps.tsv, … }`.
  private func microphone(
    _ node: ScenarioNode, into microphone: inout SimulatedDevice.MicrophoneConfiguration
  ) throws(ScenarioError) {
    typealias Key = ScenarioKeys.Microphone
    let mic = try node.mapping(keys: Key.all)
    if let value = mic[Key.sampleRate] { microphone.sampleRate = try value.double(in: 1_000...384_000) }
    if let value = mic[Key.channels] { microphone.channelCount = try value.int(in: 1...2) }
    if let value = mic[Key.sampleType] { microphone.sampleType = try Self.microphoneSampleType(value) }
    if let value = mic[Key.tapFrames] { microphone.tapFrames = try value.int(in: 16...1_000_000) }
    if let value = mic[Key.jitter] { microphone.jitter = try value.duration() }
    if let value = mic[Key.tapSchedule] { microphone.tapSchedule = try tapSchedule(value) }
  }

  /// `device.locales: { supported: […], installed: […], reserved: […], maximumReserved: 3 }`.
  private func locales(
    _ node: ScenarioNode, into assets: inout SimulatedDevice.AssetConfiguration
  ) throws(ScenarioError) {
    typealias Key = ScenarioKeys.Locales
    let map = try node.mapping(keys: Key.all)
    if let value = map[Key.supported] { assets.supportedLocales = try locales(value) }
    if let value = map[Key.installed] {
      assets.installedLocales = try locales(value)
      try checkSupported(value, assets.supportedLocales, role: "installed")
      // reserved follows installed unless given
      assets.reservedLocales = assets.installedLocales
    }
    if let value = map[Key.reserved] {
      assets.reservedLocales = try locales(value)
      try checkSupported(value, assets.supportedLocales, role: "reserved")
    }
    if let value = map[Key.maximumReserved] { assets.maximumReservedLocales = try value.int(in: 0...100) }
  }

  /// `device.download: { duration: 2s, steps: 10, failsAt: 0.5 }`.
  private func download(
    _ node: ScenarioNode, into assets: inout SimulatedDevice.AssetConfiguration
  ) throws(ScenarioError) {
    typealias Key = ScenarioKeys.Download
    let map = try node.mapping(keys: Key.all)
    if let value = map[Key.duration] { assets.downloadDuration = try value.duration() }
    if let value = map[Key.steps] { assets.progressSteps = try value.int(in: 1...1_000) }
    if let value = map[Key.failsAt] { assets.downloadFailsAt = try value.double(in: 0...1) }
    if let value = map[Key.returnsWhileDownloading] { assets.downloadReturnsWhileDownloading = try value.bool() }
  }

  /// `device.locale: en_GB` (what `Locale.current` returns to the stack) and `device.languages:
  /// [en-GB, fr-FR]` (`Locale.preferredLanguages`; by default the locale's language and region).
  private func userLocale(
    _ map: ScenarioMapping, into configuration: inout SimulatedDevice.Configuration
  )
    throws(ScenarioError)
  {
    if let value = map[ScenarioKeys.Device.locale] {
      let identifier = try value.nonEmptyString()
      configuration.setUserLocale(identifier)
    }
    if let value = map[ScenarioKeys.Device.languages] {
      let languages = try value.strings()
      guard !languages.isEmpty else {
        throw value.error("'device.languages' lists at least one language; write for example languages: [en-GB, en-US]")
      }
      configuration.preferredLanguages = languages
    }
  }

  /// `permission: granted`, or `{ state: undetermined, answer: deny, after: 2s }` (a first launch:
  /// the prompt is answered 2 s after the app asked).
  private func permission(_ node: ScenarioNode) throws(ScenarioError) -> SimulatedDevice.RecordPermission {
    let states = SimulatedDevice.RecordPermission.State.allCases.map(\.rawValue)
    if case .scalar = node.node {
      let state = SimulatedDevice.RecordPermission.State(rawValue: try node.choice(states))!  // choice checked it
      return .init(state: state, answersRequestWith: state != .denied)
    }
    let map = try node.mapping(keys: ScenarioKeys.Permission.all)
    let state = SimulatedDevice.RecordPermission.State(
      rawValue: try map.required(ScenarioKeys.Permission.state, example: "undetermined").choice(states))!
    let answer = try map[ScenarioKeys.Permission.answer]?.choice(["grant", "deny"]) ?? "grant"
    let after = try map[ScenarioKeys.Permission.after]?.duration() ?? .zero
    if let node = map[ScenarioKeys.Permission.after], state != .undetermined {
      throw node.error(
        "'device.permission.after' is how long the prompt shows before the user answers, and only an undetermined permission prompts; write state: undetermined or leave 'after' out"
      )
    }
    return .init(state: state, answersRequestWith: answer == "grant", answersAfter: after)
  }

  // MARK: subject

  func subject(_ node: ScenarioNode, defaultLocale: String) throws(ScenarioError) -> (SubjectOptions, SourceLocation?) {
    let map = try node.mapping(keys: ScenarioKeys.Subject.all)
    var options = SubjectOptions(
      locale: try map[ScenarioKeys.Subject.locale].map { (node) throws(ScenarioError) in try locale(node) }
        ?? defaultLocale)
    options.preset = try map[ScenarioKeys.Subject.preset]?.nonEmptyString()
    options.inputBufferLimit = try map[ScenarioKeys.Subject.inputBufferLimit]?.int(in: 1...1_000_000)
    if let extra = map[ScenarioKeys.Subject.options] {
      guard case .mapping(let mapping) = extra.node else {
        throw extra.error("'subject.options' must be a mapping of names to values, not \(extra.shown)")
      }
      for (key, value) in mapping {
        let name = try ScenarioNode(node: key, file: file, path: "subject.options").string()
        options.options[name] = try ScenarioNode(node: value, file: file, path: "subject.options.\(name)").string()
      }
    }
    return (options, map[ScenarioKeys.Subject.preset]?.location)
  }

  /// `subject.requires: [fileTranscription, …]`: the capabilities a subject must declare to run the scenario.
  func requirements(_ node: ScenarioNode) throws(ScenarioError) -> ([SubjectCapability], SourceLocation?) {
    let map = try node.mapping(keys: ScenarioKeys.Subject.all)
    guard let list = map[ScenarioKeys.Subject.requires] else { return ([], nil) }
    var names: [SubjectCapability] = []
    for item in try list.list() {
      let name = try item.nonEmptyString()
      guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
        throw item.error(
          "'\(name)' is not a capability name; use letters, digits, '-', '_' or '.', such as fileTranscription or dictationFallback"
        )
      }
      if !names.contains(SubjectCapability(name)) { names.append(SubjectCapability(name)) }
    }
    return (names, list.location)
  }
}
