import AudioPCM
import SimulatedDevice

extension ScenarioDecoder {
  /// The step kinds, in the order messages list them.
  static let stepKinds = ScenarioKeys.Step.all

  /// A list of steps; `microphone` gives the format a `route: { port: builtInMic }` step returns to.
  func steps(
    _ node: ScenarioNode, microphone: SimulatedDevice.MicrophoneConfiguration = .init()
  ) throws(ScenarioError) -> [Scenario.Step] {
    var steps: [Scenario.Step] = []
    let items = try node.list()
    if items.isEmpty {
      throw node.error(
        "the list of steps is empty; a scenario runs at least one step, for example [start, { play: end }, stop]")
    }
    for item in items { steps.append(try step(item, microphone: microphone)) }
    return steps
  }

  /// One step: `start`, `stop`, `dismiss`, or a mapping with one key such as `play: 2s`.
  private func step(
    _ node: ScenarioNode, microphone: SimulatedDevice.MicrophoneConfiguration
  ) throws(ScenarioError) -> Scenario.Step {
    if case .scalar = node.node { return try wordStep(node) }
    guard case .mapping(let mapping) = node.node, mapping.count == 1 else {
      if case .mapping = node.node {
        throw node.error(
          "a step has exactly one key; write each step as its own list item ('- play: 2s' then '- snapshot: name')")
      }
      throw node.error("a step is a word (start, stop, dismiss) or one key with a value (play: 2s), not \(node.shown)")
    }
    let (kind, keyNode, value) = try node.mapping(keys: Self.stepKinds).entries[0]
    return .init(try action(kind, value, microphone: microphone), at: keyNode.location)
  }

  /// A step written as a word: `start`, `stop` or `dismiss`.
  private func wordStep(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Step {
    typealias Kind = ScenarioKeys.Step
    let name = try node.string()
    switch Self.stepKinds.first(where: { $0.name == name }) {
    case Kind.start?: return .init(.start, at: node.location)
    case Kind.stop?: return .init(.stop, at: node.location)
    case Kind.dismiss?: return .init(.dismiss, at: node.location)
    case let kind?:
      throw node.error("the step '\(kind)' needs a value; write it as '\(kind): …' (for example \(example(kind)))")
    case nil:
      let kinds = Self.stepKinds.names
      throw node.error(
        "unknown step '\(name)'; expected one of \(kinds.joined(separator: ", "))\(ScenarioNode.suggestion(name, kinds))"
      )
    }
  }

  /// What a step written as one key does: `play: 2s`, `route: { … }`, `cycle: { … }`.
  private func action(
    _ kind: ScenarioKey, _ value: ScenarioNode, microphone: SimulatedDevice.MicrophoneConfiguration
  ) throws(ScenarioError) -> Scenario.Step.Action {
    typealias Kind = ScenarioKeys.Step
    switch kind {
    case Kind.start, Kind.stop, Kind.dismiss:
      guard value.isNull else { throw value.error("the step '\(kind)' takes no value; write '- \(kind)'") }
      return kind == Kind.start ? .start : kind == Kind.stop ? .stop : .dismiss
    case Kind.play:
      if case .scalar(let scalar) = value.node, scalar.string == "end" { return .play(.toEnd) }
      guard case .scalar(let scalar) = value.node, DurationText.parse(scalar.string) != nil else {
        throw value.error(
          "\(value.shown) is not a duration; write play: 2s, 500ms or 1.5s, or play: end for the rest of the audio")
      }
      return .play(.duration(try value.duration()))
    case Kind.wait: return .wait(try value.duration())
    case Kind.network: return .network(online: try value.choice(["online", "offline"]) == "online")
    case Kind.install: return .install(locale: try locale(value))
    case Kind.remove: return .remove(locale: try locale(value))
    case Kind.permission: return .permission(granted: try value.choice(["grant", "deny"]) == "grant")
    case Kind.interrupt: return try interrupt(value)
    case Kind.route: return try route(value, microphone: microphone)
    case Kind.audioSystem: return .audioSystem(try Self.audioSystemFault(value))
    case Kind.snapshot: return .snapshot(try value.nonEmptyString())
    default: return try cycle(value, microphone: microphone)
    }
  }

  /// `interrupt: 1s`, or `interrupt: { duration: 1s, shouldResume: false }` for a call the user took.
  private func interrupt(_ value: ScenarioNode) throws(ScenarioError) -> Scenario.Step.Action {
    guard case .mapping = value.node else { return .interrupt(try value.duration()) }
    let interruption = try value.mapping(keys: ScenarioKeys.Interrupt.all)
    let duration = try interruption.required(ScenarioKeys.Interrupt.duration, example: "1s").duration()
    let shouldResume = try interruption[ScenarioKeys.Interrupt.shouldResume]?.bool() ?? true
    return .interrupt(duration, shouldResume: shouldResume)
  }

  /// `route: { sampleRate: 16000, channels: 1 }` or `route: { port: usbAudio, sampleType: int16 }`.
  private func route(
    _ value: ScenarioNode, microphone: SimulatedDevice.MicrophoneConfiguration
  ) throws(ScenarioError) -> Scenario.Step.Action {
    typealias Key = ScenarioKeys.Route
    let route = try value.mapping(keys: Key.all)
    let sampleType = try route[Key.sampleType].map(Self.microphoneSampleType)
    guard let portNode = route[Key.port] else {
      let rate = try route.required(Key.sampleRate, example: "16000").double(in: 1_000...384_000)
      let channels = try route[Key.channels]?.int(in: 1...2) ?? 1
      return .route(sampleRate: rate, channels: channels, sampleType: sampleType)
    }
    let name = try portNode.choice(AudioInputPort.knownNames)
    let rate = try route[Key.sampleRate]?.double(in: 1_000...384_000)
    let channels = try route[Key.channels]?.int(in: 1...2)
    // The port's usual format fills what the step leaves out (the configured one for builtInMic).
    let usual = AudioInputPort.named(name)
    let builtIn = name == "builtInMic"
    return .route(
      sampleRate: rate ?? (builtIn ? microphone.sampleRate : usual?.sampleRate ?? 48_000),
      channels: channels ?? (builtIn ? min(2, max(1, microphone.channelCount)) : usual?.channelCount ?? 1),
      port: name,
      sampleType: sampleType)
  }

  /// `cycle: { count: 3, steps: [start, { play: 1s }, stop] }`.
  private func cycle(
    _ value: ScenarioNode, microphone: SimulatedDevice.MicrophoneConfiguration
  ) throws(ScenarioError) -> Scenario.Step.Action {
    let cycle = try value.mapping(keys: ScenarioKeys.Cycle.all)
    let count = try cycle.required(ScenarioKeys.Cycle.count, example: "3").int(in: 1...10_000)
    let inner = try steps(
      try cycle.required(ScenarioKeys.Cycle.steps, example: "[start, { play: 1s }, stop]"), microphone: microphone)
    return .cycle(count: count, steps: inner)
  }

  /// A microphone's sample type, `float32` or `int16` (`device.microphone.sampleType`, `route.sampleType`).
  static func microphoneSampleType(_ node: ScenarioNode) throws(ScenarioError) -> AudioFormat.SampleType {
    try node.choice(["float32", "int16"]) == "int16" ? .int16 : .float32
  }

  private func example(_ kind: ScenarioKey) -> String {
    typealias Kind = ScenarioKeys.Step
    return switch kind {
    case Kind.play: "play: 2s"
    case Kind.wait: "wait: 500ms"
    case Kind.interrupt: "interrupt: 500ms or interrupt: { duration: 1s, shouldResume: false }"
    case Kind.network: "network: offline"
    case Kind.install, Kind.remove: "\(kind): en-US"
    case Kind.permission: "permission: deny"
    case Kind.route: "route: { sampleRate: 16000, channels: 1 } or route: { port: usbAudio, sampleType: int16 }"
    case Kind.audioSystem: "audioSystem: configurationChange or audioSystem: { activationFails: insufficientPriority }"
    case Kind.snapshot: "snapshot: after-hello"
    default: "cycle: { count: 3, steps: [start, stop] }"
    }
  }
}
