import Yams

// The Speech twins' own failure modes as perturbations (kind `speechFault`), drawn from a stream of
// their own (``Explorer/candidate(run:bases:)``) so a seed keeps the runs it gave before they existed.
extension Perturbation.Kind {
  /// Draws one of the Speech twins' failure modes at a moment of the audio.
  static func drawSpeechFault(using random: inout ExplorationRandom, in context: Context) -> Perturbation {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: .analyzerStop(at: random.moment(upTo: context.audioDuration))
    case 1: .queuedDownload(duration: random.seconds(in: 0.1...4))
    default: .converterError(at: random.moment(upTo: context.stepsDuration))
    }
  }
}

extension Perturbation {
  /// Applies a ``Perturbation/Kind/speechFault`` edit.
  func applySpeechFault(to document: inout ScenarioDocument) {
    typealias D = ScenarioDocument
    typealias K = ScenarioKeys
    switch self {
    case .analyzerStop(let at):
      appendModelFault(D.flow([(K.Fault.analyzerStops, Node(D.durationText(at)))]), to: &document)
    case .queuedDownload(let duration):
      document.set(Node([Node]()), at: [K.device, K.Device.locales, K.Locales.installed])
      document.set(nil, at: [K.device, K.Device.locales, K.Locales.reserved])
      document.set(scalar: D.durationText(duration), at: [K.device, K.Device.download, K.Download.duration])
      document.set(scalar: "true", at: [K.device, K.Device.download, K.Download.returnsWhileDownloading])
    case .converterError(let at):
      document.set(scalar: D.durationText(at), at: [K.device, K.Device.converterFailsAt])
    default:
      return
    }
  }

  /// Simpler versions of a ``Perturbation/Kind/speechFault`` edit: an earlier moment, a shorter download.
  var simplerSpeechFaults: [Perturbation] {
    switch self {
    case .analyzerStop(let at):
      return [Self.round(at / 2), Self.round(at - 0.25)].filter { $0 > 0 && $0 < at }.map { .analyzerStop(at: $0) }
    case .queuedDownload(let duration):
      return duration / 2 >= 0.1 ? [.queuedDownload(duration: Self.round(duration / 2))] : []
    case .converterError(let at):
      return [Self.round(at / 2), Self.round(at - 0.25)].filter { $0 > 0 && $0 < at }.map { .converterError(at: $0) }
    default:
      return []
    }
  }

  /// A ``Perturbation/Kind/speechFault`` edit as one line of YAML.
  var speechFaultDescription: String {
    switch self {
    case .analyzerStop(let at): "{ kind: speechFault, analyzerStops: \(ScenarioDocument.durationText(at)) }"
    case .queuedDownload(let duration):
      "{ kind: speechFault, returnsWhileDownloading: true, duration: \(ScenarioDocument.durationText(duration)) }"
    case .converterError(let at): "{ kind: speechFault, converterFailsAt: \(ScenarioDocument.durationText(at)) }"
    default: ""
    }
  }
}
