import Foundation
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import Testing
import Yams

/// The Speech twins' failure modes as scenario keys and as the `speechFault` perturbation kind
/// (ScenarioFiles.md, `model.faults`; Explore.md).
@Suite struct SpeechFaultScenarioTests {
  static let hello = """
    schema: 1
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps: [start, { play: end }, { wait: 1s }, stop]
    """

  static func error(_ yaml: String) throws -> String {
    let path = try TestFiles.write(yaml)
    do {
      _ = try Scenario.load(fileAt: path)
      return "no error"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func anAnalyzerStopIsAFaultThatStopsTheAnalyzer() throws {
    let path = try TestFiles.write(
      "schema: 1\nmodel:\n  faults:\n    - { analyzerStops: 1.5s }\n    - { analyzerStops: 2s, code: 16, message: gone, delay: 10ms }\nsteps: [start]\n"
    )
    let scenario = try Scenario.load(fileAt: path)
    #expect(
      scenario.model.script.faults == [
        .error(
          at: .seconds(1.5),
          failure: ModelFailure(code: 1, message: "The speech analyzer stopped unexpectedly", stopsAnalyzer: true)),
        .error(
          at: .seconds(2), failure: ModelFailure(code: 16, message: "gone", stopsAnalyzer: true),
          delay: .milliseconds(10)),
      ])
  }

  @Test func anAnalyzerStopWithAnotherKindsKeysIsRefusedAtItsLine() throws {
    #expect(
      try Self.error("schema: 1\nmodel:\n  faults:\n    - { analyzerStops: 1s, error: 2s }\nsteps: [start]\n")
        == "scenario.yaml:4:7: a fault needs exactly one of error, stall, latencySpike or analyzerStops; this one has error and analyzerStops"
    )
    #expect(
      try Self.error("schema: 1\nmodel:\n  faults:\n    - { analyzerStops: 1s, for: 2s }\nsteps: [start]\n")
        == "scenario.yaml:4:7: 'for' belongs to another fault kind; an analyzerStops fault takes only code, message and delay, like { analyzerStops: 2.9s }"
    )
    #expect(
      try Self.error("schema: 1\nmodel:\n  faults:\n    - { analyzerStops: soon }\nsteps: [start]\n")
        == "scenario.yaml:4:24: 'soon' is not a duration; write 2s, 500ms or 1.5s")
  }

  @Test func theAnalyzerStopPerturbationWritesTheFaultAndShrinksToEarlierMoments() throws {
    let stop = Perturbation.analyzerStop(at: 1.2)
    var document = try ScenarioDocument(fileAt: try TestFiles.write(Self.hello))
    stop.apply(to: &document)
    #expect(document.yaml().contains("analyzerStops: 1200ms"), "\(document.yaml())")
    let scenario = try Scenario.parse(yaml: document.yaml(), file: document.file, relativeTo: document.folder)
    #expect(scenario.model.script.faults.count == 1)
    #expect(stop.kind == .speechFault && !Perturbation.Kind.swarm.contains(.speechFault))
    #expect(stop.simpler == [.analyzerStop(at: 0.6), .analyzerStop(at: 0.95)])
    #expect(stop.description == "{ kind: speechFault, analyzerStops: 1200ms }")
  }

  @Test func theQueuedDownloadPerturbationLeavesTheModelToDownloadAndShrinksToShorterDownloads() throws {
    let queued = Perturbation.queuedDownload(duration: 2)
    var document = try ScenarioDocument(fileAt: try TestFiles.write(Self.hello))
    queued.apply(to: &document)
    let scenario = try Scenario.parse(yaml: document.yaml(), file: document.file, relativeTo: document.folder)
    #expect(scenario.device.assets.downloadReturnsWhileDownloading)
    #expect(scenario.device.assets.installedLocales.isEmpty)
    #expect(scenario.device.assets.downloadDuration == .seconds(2))
    #expect(queued.kind == .speechFault)
    #expect(queued.simpler == [.queuedDownload(duration: 1)])
    #expect(queued.description == "{ kind: speechFault, returnsWhileDownloading: true, duration: 2000ms }")
    let refused = try Self.error(
      "schema: 1\ndevice: { download: { returnsWhileDownloading: maybe } }\nsteps: [start]\n")
    #expect(
      refused == "scenario.yaml:2:48: 'device.download.returnsWhileDownloading' must be true or false, not 'maybe'",
      "\(refused)")
  }

  @Test func exploreDrawsSpeechFaultsInSomeRunsFromTheirOwnStream() throws {
    let bases = [Explorer.explorable(try ScenarioDocument(fileAt: try TestFiles.write(Self.hello)))]
    let candidates = (0..<40).compactMap { Explorer(runs: 40, seed: 1).candidate(run: $0, bases: bases) }
    let drawn = candidates.filter { $0.perturbations.contains { $0.kind == .speechFault } }
    #expect(!drawn.isEmpty && drawn.count < candidates.count, "\(drawn.count) of \(candidates.count)")
    for candidate in drawn {
      let stops = candidate.scenario.model.script.faults.contains { fault in
        if case .error(_, let failure, _) = fault { return failure.stopsAnalyzer }
        return false
      }
      #expect(
        stops || candidate.scenario.device.assets.downloadReturnsWhileDownloading
          || candidate.scenario.device.converterFailure != nil)
    }
  }
}
