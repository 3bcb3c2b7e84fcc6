import AudioPCM
import SimulatedDevice

extension ScenarioDecoder {
  /// The step kinds, in the order messages list them.
  static let stepKinds = ScenarioKeys.Step.all.names

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
    let kinds = Self.stepKinds.joined(separator: ", ")
    if case .scalar = node.node {
      let name = try node.string()
      switch name {
      case "start": return .init(.start, at: node.location)
      case "stop": return .init(.stop, at: node.location)
      case "dismiss": return .init(.dismiss, at: node.location)
      default:
        if Self.stepKinds.contains(name) {
          throw node.error("the step '\(name)' needs a value; write it as '\(name): …' (for example \(example(name)))")
        }
        throw node.error(
          "unknown step '\(name)'; expected one of \(kinds)\(ScenarioNode.suggestion(name, Self.stepKinds))")
      }
    }
    guard case .mapping(let mapping) = node.node, mapping.count == 1 else {
      if case .mapping = node.node {
        throw node.error(
          "a step has exactly one key; write each step as its own list item ('- play: 2s' then '- snapshot: name')")
      }
      throw node.error("a step is a word (start, stop, dismiss) or one key with a value (play: 2s), not \(node.shown)")
    }
    let map = try node.mapping(keys: Self.stepKinds)
    let (kind, keyNode, value) = map.entries[0]
    let location = keyNode.location
    switch kind {
    case "start", "stop", "dismiss":
      guard value.isNull else { throw value.error("the step '\(kind)' takes no value; write '- \(kind)'") }
      return .init(kind == "start" ? .start : kind == "stop" ? .stop : .dismiss, at: location)
    case "play":
      if case .scalar(let scalar) = value.node, scalar.string == "end" { return .init(.play(.toEnd), at: location) }
      guard case .scalar(let scalar) = value.node, DurationText.parse(scalar.string) != nil else {
        throw value.error(
          "\(value.shown) is not a duration; write play: 2s, 500ms or 1.5s, or play: end for the rest of the audio")
      }
      return .init(.play(.duration(try value.duration())), at: location)
    case "wait": return .init(.wait(try value.duration()), at: location)
    case "network": return .init(.network(online: try value.choice(["online", "offline"]) == "online"), at: location)
    case "install": return .init(.install(locale: try locale(value)), at: location)
    case "remove": return .init(.remove(locale: try locale(value)), at: location)
    case "permission": return .init(.permission(granted: try value.choice(["grant", "deny"]) == "grant"), at: location)
    case "interrupt":
      // `interrupt: 1s`, or `interrupt: { duration: 1s, shouldResume: false }` for a call the user took.
      guard case .mapping = value.node else { return .init(.interrupt(try value.duration()), at: location) }
      let interruption = try value.mapping(keys: ScenarioKeys.Interrupt.all.names)
      let duration = try interruption.required("duration", example: "1s").duration()
      let shouldResume = try interruption["shouldResume"]?.bool() ?? true
      return .init(.interrupt(duration, shouldResume: shouldResume), at: location)
    case "route":
      let route = try value.mapping(keys: ScenarioKeys.Route.all.names)
      let sampleType = try route["sampleType"].map(Self.microphoneSampleType)
      guard let portNode = route["port"] else {
        let rate = try route.required("sampleRate", example: "16000").double(in: 1_000...384_000)
        let channels = try route["channels"]?.int(in: 1...2) ?? 1
        return .init(.route(sampleRate: rate, channels: channels, sampleType: sampleType), at: location)
      }
      let name = try portNode.choice(AudioInputPort.knownNames)
      let rate = try route["sampleRate"]?.double(in: 1_000...384_000)
      let channels = try route["channels"]?.int(in: 1...2)
      // The port's usual format fills what the step leaves out (the configured one for builtInMic).
      let usual = AudioInputPort.named(name)
      let builtIn = name == "builtInMic"
      return .init(
        .route(
          sampleRate: rate ?? (builtIn ? microphone.sampleRate : usual?.sampleRate ?? 48_000),
          channels: channels ?? (builtIn ? min(2, max(1, microphone.channelCount)) : usual?.channelCount ?? 1),
          port: name,
          sampleType: sampleType),
        at: location)
    case "audioSystem": return .init(.audioSystem(try Self.audioSystemFault(value)), at: location)
    case "snapshot": return .init(.snapshot(try value.nonEmptyString()), at: location)
    default:  // cycle
      let cycle = try value.mapping(keys: ScenarioKeys.Cycle.all.names)
      let count = try cycle.required("count", example: "3").int(in: 1...10_000)
      let inner = try steps(try cycle.required("steps", example: "[start, { play: 1s }, stop]"), microphone: microphone)
      return .init(.cycle(count: count, steps: inner), at: location)
    }
  }

  /// A microphone's sample type, `float32` or `int16` (`device.microphone.sampleType`, `route.sampleType`).
  static func microphoneSampleType(_ node: ScenarioNode) throws(ScenarioError) -> AudioFormat.SampleType {
    try node.choice(["float32", "int16"]) == "int16" ? .int16 : .float32
  }

  private func example(_ kind: String) -> String {
    switch kind {
    case "play": "play: 2s"
    case "wait": "wait: 500ms"
    case "interrupt": "interrupt: 500ms or interrupt: { duration: 1s, shouldResume: false }"
    case "network": "network: offline"
    case "install", "remove": "\(kind): en-US"
    case "permission": "permission: deny"
    case "route": "route: { sampleRate: 16000, channels: 1 } or route: { port: usbAudio, sampleType: int16 }"
    case "audioSystem": "audioSystem: configurationChange or audioSystem: { activationFails: insufficientPriority }"
    case "snapshot": "snapshot: after-hello"
    default: "cycle: { count: 3, steps: [start, stop] }"
    }
  }
}
