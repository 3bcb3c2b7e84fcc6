extension Perturbation {
  /// A kind of perturbation. Each run of an exploration switches on a random subset of kinds
  /// (swarm testing: a run with few kinds can reach states a run with all of them never does) and
  /// draws one perturbation of each kind that applies to the scenario.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    case taps, hardware, route, interruption, network, download, permission, latency, stall, modelError, results,
      slowModel, userTaps, audioPath, resultDelivery, schedule, userLocale, firstLaunch, speechFault, audioSystem

    /// The kinds of the swarm draw, in the order their coins are tossed. ``audioPath``,
    /// ``resultDelivery``, ``schedule``, ``userLocale``, ``firstLaunch``, ``speechFault`` and
    /// ``audioSystem`` came later and are each drawn from a stream of their own
    /// (``Explorer/candidate(run:bases:)``), so that a seed gives the other kinds the same runs it gave
    /// before they existed.
    package static let swarm = allCases.filter { !laterKinds.contains($0) }

    /// The kinds drawn from streams of their own.
    package static let laterKinds: Set<Kind> = [
      .audioPath, .resultDelivery, .schedule, .userLocale, .firstLaunch, .speechFault, .audioSystem,
    ]

    /// Whether the kind can edit a scenario like this one.
    package func applies(to context: Context) -> Bool {
      switch self {
      case .results: (context.transcriptWords ?? 0) > 0
      case .latency, .stall, .modelError, .speechFault: context.audioDuration > 0
      default: true
      }
    }

    /// Draws one perturbation of this kind.
    package func draw(using random: inout ExplorationRandom, in context: Context) -> Perturbation {
      let span = context.stepsDuration
      let audio = context.audioDuration
      switch self {
      case .taps:
        return .taps(
          frames: [160, 256, 441, 512, 1024, 1600, 2048, 4096, 4410, 9600].randomElement(using: &random)!,
          jitterMilliseconds: [0, 0, 2, 5, 20].randomElement(using: &random)!)
      case .hardware:
        return .hardware(
          sampleRate: [8000, 16000, 22050, 24000, 32000, 44100, 48000, 96000].randomElement(using: &random)!,
          channels: Int.random(in: 1...2, using: &random))
      case .route:
        let at = random.moment(upTo: span)
        if Bool.random(using: &random) {
          return .route(
            at: at, sampleRate: 0, channels: 1,
            port: ["headsetMic", "bluetoothHFP", "usbAudio", "carAudio", "lineIn", "builtInMic"].randomElement(
              using: &random)!)
        }
        return .route(
          at: at, sampleRate: [8000, 16000, 24000, 44100, 48000].randomElement(using: &random)!,
          channels: Int.random(in: 1...2, using: &random), port: nil)
      case .interruption:
        return .interruptions(
          at: random.moment(upTo: span), length: random.seconds(in: 0.05...1.5),
          count: [1, 1, 2, 3].randomElement(using: &random)!)
      case .network:
        return .networkFlip(at: random.moment(upTo: span), offlineFor: random.seconds(in: 0.1...3))
      case .download:
        return .download(
          duration: random.seconds(in: 0.1...4),
          failsAt: Int.random(in: 0..<3, using: &random) == 0 ? random.seconds(in: 0.1...0.9) : nil)
      case .permission:
        return .permission(
          at: random.moment(upTo: span), grantAfter: Bool.random(using: &random) ? random.seconds(in: 0.1...2) : nil)
      case .latency:
        return .latency(
          base: [0, 0, 0.05, 0.2, 0.6].randomElement(using: &random)!, spikeAt: random.moment(upTo: audio),
          spikeLength: random.seconds(in: 0.1...2),
          extra: random.seconds(in: 0.1...2))
      case .stall:
        return .stall(at: random.moment(upTo: audio), length: random.seconds(in: 0.1...2))
      case .modelError:
        return .modelError(at: random.moment(upTo: audio))
      case .results:
        return .results(
          volatileEvery: random.seconds(in: 0.05...0.6), finalAfterSilence: random.seconds(in: 0.05...2),
          asSpoken: Bool.random(using: &random),
          rewrite: Bool.random(using: &random)
            ? Int.random(in: 0..<(context.transcriptWords ?? 1), using: &random) : nil)
      case .slowModel:
        return .slowModel(cost: random.seconds(in: 0.1...2.5))
      case .userTaps:
        return .userTaps(at: random.moment(upTo: span), pattern: TapPattern.allCases.randomElement(using: &random)!)
      case .resultDelivery:
        return .lateResultDelivery
      case .schedule:
        return .schedule(seed: random.next() % 1_000_000)
      case .userLocale:
        // Forms a phone's Settings give that are equivalent to the model's locale: another spelling,
        // or a region override (Settings > Region on an en-US phone).
        let bcp47 = context.modelLocale.replacingOccurrences(of: "_", with: "-")
        return .userLocale(
          [bcp47.replacingOccurrences(of: "-", with: "_"), "\(bcp47)-u-rg-eszzzz", "\(bcp47)-u-rg-gbzzzz"]
            .randomElement(using: &random)!)
      case .speechFault:
        return Self.drawSpeechFault(using: &random, in: context)
      case .audioSystem:
        return .audioSystem(at: random.moment(upTo: span), fault: Perturbation.drawAudioSystemFault(using: &random))
      case .firstLaunch:
        // Most users grant; the prompt shows from a fraction of a second to several seconds.
        return .firstLaunch(
          grants: Int.random(in: 0..<3, using: &random) > 0, after: random.seconds(in: 0.1...5))
      case .audioPath:
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          return .sampleFormat(
            sampleType: Bool.random(using: &random) ? "int16" : "float32",
            channels: Int.random(in: 1...2, using: &random))
        case 1:
          // Sizes the app's buffer arithmetic gets wrong: not a multiple of any rate ratio, prime,
          // smaller than one 20 ms block, or larger than a second.
          return .oddTaps(
            frames: [100, 333, 1023, 1601, 2399, 4097, 4799, 7919, 65_536].randomElement(using: &random)!)
        default:
          return .routeFormat(
            at: random.moment(upTo: span), sampleRate: [8000, 16000, 44100, 48000].randomElement(using: &random)!,
            channels: Int.random(in: 1...2, using: &random),
            sampleType: Bool.random(using: &random) ? "int16" : "float32")
        }
      }
    }
  }
}
