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
    let schema = try top.required("schema", example: "\(Scenario.schemaVersion)")
    if case .scalar(let scalar) = schema.node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
      throw schema.error(
        "'schema' is the text \(schema.shown), not a number; write schema: \(Scenario.schemaVersion) without quotes")
    }
    guard try schema.int() == Scenario.schemaVersion else {
      throw schema.error(
        "schema \(try schema.int()) is not supported; this version of speech-replay reads schema \(Scenario.schemaVersion)"
      )
    }
    let fallbackName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    let model = try top["model"].map { (node) throws(ScenarioError) in try self.model(node) } ?? Scenario.Model()
    var device =
      try top["device"].map { (node) throws(ScenarioError) in try self.device(node) } ?? SimulatedDevice.Configuration()
    var audioDuration = 0.0
    var warnings: [ScenarioFailure] = []
    if let audio = top["audio"] {
      let path = resolve(try audio.nonEmptyString())
      (audioDuration, warnings) = try duration(ofAudio: path, at: audio)
      device.microphone.audioFile = path
    }
    if let timing = top["timing"] { device.modelComputeCost = try self.timing(timing).modelCost }
    let steps = try self.steps(
      try top.required("steps", example: "[start, { play: end }, stop]"), microphone: device.microphone)
    try checkSteps(steps, hasAudio: top.has("audio"))
    if top.has("audio") { warnings += playsPastEnd(steps, audioDuration: audioDuration) }
    warnings += try resultWarnings(top["model"], audioDuration: audioDuration, hasAudio: top.has("audio"))
    var subject = SubjectOptions(locale: model.locale)
    var presetLocation: SourceLocation?
    var requirements: ([SubjectCapability], SourceLocation?) = ([], nil)
    if let node = top["subject"] {
      (subject, presetLocation) = try self.subject(node, defaultLocale: model.locale)
      requirements = try self.requirements(node)
    }
    subject.audioFile = device.microphone.audioFile
    warnings += try localeWarnings(top, device: device, subject: subject)
    let expectations =
      try top["expect"].map { (node) throws(ScenarioError) in try self.expectations(node, steps: steps) } ?? .init()
    warnings += try obsoleteKeys(top["expect"])
    var scenario = Scenario(
      name: try top["name"]?.nonEmptyString() ?? fallbackName,
      description: try top["description"]?.string() ?? "",
      file: file,
      seed: try top["seed"]?.uint64(),
      device: device, audioDuration: audioDuration, model: model, subject: subject, steps: steps,
      expectations: expectations)
    if let node = top["limits"] { scenario.limits = try limits(node) }
    if let node = top["explore"] { try explore(node) }
    if let node = top["schedule"] { scenario.schedule = try schedule(node) }
    scenario.warnings = warnings
    scenario.presetLocation = presetLocation
    (scenario.requirements, scenario.requirementsLocation) = requirements
    scenario.observed = try top["observed"].map { (node) throws(ScenarioError) in try self.observed(node) }
    return scenario
  }

  /// `limits: { virtualTime: 10h, steps: 5000000, wallClock: 10m }`.
  private func limits(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Limits {
    let map = try node.mapping(keys: ScenarioKeys.Limits.all.names)
    var limits = Scenario.Limits()
    if let value = map["virtualTime"] {
      limits.virtualTime = try value.duration()
      guard limits.virtualTime! > .zero else {
        throw value.error("'limits.virtualTime' must be longer than 0s; write for example virtualTime: 10h")
      }
    }
    if let value = map["steps"] { limits.steps = try value.int(in: 1...Int(Int32.max) * 1_000) }
    if let value = map["wallClock"] {
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
    let map = try node.mapping(keys: ScenarioKeys.Schedule.all.names)
    let seed = try map.required("seed", example: "7").uint64()
    guard let value = map["wakeUpDelay"] else { return .seeded(seed) }
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
    let map = try node.mapping(keys: ScenarioKeys.Device.all.names)
    var configuration = SimulatedDevice.Configuration()
    if let microphone = map["microphone"] {
      let mic = try microphone.mapping(keys: ScenarioKeys.Microphone.all.names)
      if let value = mic["sampleRate"] { configuration.microphone.sampleRate = try value.double(in: 1_000...384_000) }
      if let value = mic["channels"] { configuration.microphone.channelCount = try value.int(in: 1...2) }
      if let value = mic["sampleType"] { configuration.microphone.sampleType = try Self.microphoneSampleType(value) }
      if let value = mic["tapFrames"] { configuration.microphone.tapFrames = try value.int(in: 16...1_000_000) }
      if let value = mic["jitter"] { configuration.microphone.jitter = try value.duration() }
      if let value = mic["tapSchedule"] { configuration.microphone.tapSchedule = try tapSchedule(value) }
    }
    if let locales = map["locales"] {
      let map = try locales.mapping(keys: ScenarioKeys.Locales.all.names)
      if let value = map["supported"] { configuration.assets.supportedLocales = try self.locales(value) }
      if let value = map["installed"] {
        configuration.assets.installedLocales = try self.locales(value)
        try checkSupported(value, configuration.assets.supportedLocales, role: "installed")
        // reserved follows installed unless given
        configuration.assets.reservedLocales = configuration.assets.installedLocales
      }
      if let value = map["reserved"] {
        configuration.assets.reservedLocales = try self.locales(value)
        try checkSupported(value, configuration.assets.supportedLocales, role: "reserved")
      }
      if let value = map["maximumReserved"] { configuration.assets.maximumReservedLocales = try value.int(in: 0...100) }
    }
    if let download = map["download"] {
      let map = try download.mapping(keys: ScenarioKeys.Download.all.names)
      if let value = map["duration"] { configuration.assets.downloadDuration = try value.duration() }
      if let value = map["steps"] { configuration.assets.progressSteps = try value.int(in: 1...1_000) }
      if let value = map["failsAt"] { configuration.assets.downloadFailsAt = try value.double(in: 0...1) }
    }
    if let network = map["network"] {
      configuration.networkAvailable = try network.choice(["online", "offline"]) == "online"
    }
    if let permission = map["permission"] { configuration.recordPermission = try self.permission(permission) }
    if let value = map["transcriberAvailable"] { configuration.speechTranscriberAvailable = try value.bool() }
    if let value = map["maximumAnalyzers"] { configuration.maximumSimultaneousAnalyzers = try value.int(in: 0...64) }
    if let value = map["resultDelivery"] {
      let orders = SimulatedDevice.ResultDelivery.allCases.map(\.rawValue)
      // `choice` checked the value.
      configuration.resultDelivery = SimulatedDevice.ResultDelivery(rawValue: try value.choice(orders))!
    }
    try userLocale(map, into: &configuration)
    return configuration
  }

  /// `device.locale: en_GB` (what `Locale.current` returns to the stack) and `device.languages:
  /// [en-GB, fr-FR]` (`Locale.preferredLanguages`; by default the locale's language and region).
  private func userLocale(
    _ map: ScenarioMapping, into configuration: inout SimulatedDevice.Configuration
  )
    throws(ScenarioError)
  {
    if let value = map["locale"] {
      let identifier = try value.nonEmptyString()
      configuration.setUserLocale(identifier)
    }
    if let value = map["languages"] {
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
    let map = try node.mapping(keys: ScenarioKeys.Permission.all.names)
    let state = SimulatedDevice.RecordPermission.State(
      rawValue: try map.required("state", example: "undetermined").choice(states))!
    let answer = try map["answer"]?.choice(["grant", "deny"]) ?? "grant"
    let after = try map["after"]?.duration() ?? .zero
    if let node = map["after"], state != .undetermined {
      throw node.error(
        "'device.permission.after' is how long the prompt shows before the user answers, and only an undetermined permission prompts; write state: undetermined or leave 'after' out"
      )
    }
    return .init(state: state, answersRequestWith: answer == "grant", answersAfter: after)
  }

  // MARK: subject

  func subject(_ node: ScenarioNode, defaultLocale: String) throws(ScenarioError) -> (SubjectOptions, SourceLocation?) {
    let map = try node.mapping(keys: ScenarioKeys.Subject.all.names)
    var options = SubjectOptions(
      locale: try map["locale"].map { (node) throws(ScenarioError) in try locale(node) } ?? defaultLocale)
    options.preset = try map["preset"]?.nonEmptyString()
    options.inputBufferLimit = try map["inputBufferLimit"]?.int(in: 1...1_000_000)
    if let extra = map["options"] {
      guard case .mapping(let mapping) = extra.node else {
        throw extra.error("'subject.options' must be a mapping of names to values, not \(extra.shown)")
      }
      for (key, value) in mapping {
        let name = try ScenarioNode(node: key, file: file, path: "subject.options").string()
        options.options[name] = try ScenarioNode(node: value, file: file, path: "subject.options.\(name)").string()
      }
    }
    return (options, map["preset"]?.location)
  }

  /// `subject.requires: [fileTranscription, …]`: the capabilities a subject must declare to run the scenario.
  func requirements(_ node: ScenarioNode) throws(ScenarioError) -> ([SubjectCapability], SourceLocation?) {
    let map = try node.mapping(keys: ScenarioKeys.Subject.all.names)
    guard let list = map["requires"] else { return ([], nil) }
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
