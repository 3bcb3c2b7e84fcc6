import Foundation
import ReferenceSubjects
import SimulatedDevice
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplay

/// A pass explains itself: each exemption the audio check applies is reported as the seconds it
/// excused (`audio.excused.<reason>`), and `explain` prints them with why.
@Suite struct AudioExcuseTests {
  static let droppingScenario = """
    schema: 1
    name: a stack that drops every tenth buffer, with the loss declared
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps:
    - start
    - play: end
    - stop
    expect:
      audio: { maximumLost: 3s }

    """

  /// A declared loss passes, and says how much of it the declaration covered.
  @Test func aDeclaredLossThatPassesIsReportedAsExcused() throws {
    let path = try TestFiles.write(Self.droppingScenario)
    let result = ScenarioRunner(subject: .reference(faults: [.dropsEveryTenthBuffer])).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures.map(\.message))")
    let lost = try #require(result.figures["audio.lostSeconds"])
    #expect(lost > 0.1, "every tenth buffer was dropped")
    let declared = try #require(result.figures[AudioExcuse.Reason.declaredLoss.figureName])
    let edges = result.figures[AudioExcuse.Reason.comparisonEdge.figureName] ?? 0
    // The declared loss covers what was lost, but for what the shortest loss's margin lets pass.
    #expect(declared <= lost + 1e-9 && declared + edges >= lost - 1e-9, "declared \(declared), lost \(lost)")
  }

  /// The same stack without the declaration fails: nothing is excused that the verdict holds against it.
  @Test func anUndeclaredLossIsNotExcused() throws {
    let path = try TestFiles.write(
      Self.droppingScenario.replacingOccurrences(of: "expect:\n  audio: { maximumLost: 3s }\n", with: ""))
    let result = ScenarioRunner(subject: .reference(faults: [.dropsEveryTenthBuffer])).run(fileAt: path, seed: nil)
    #expect(result.failures.contains { $0.check == CheckID(.audio, "lost") }, "\(result.failures.map(\.message))")
    #expect(result.figures[AudioExcuse.Reason.declaredLoss.figureName] == nil)
  }

  /// `explain` prints the audio figures and each excuse with its reason and why.
  @Test func explainPrintsTheExcuses() throws {
    let path = try TestFiles.write(Self.droppingScenario)
    let text = ScenarioRunner(subject: .reference(faults: [.dropsEveryTenthBuffer])).explain(fileAt: path, seed: nil)
    #expect(text.contains("\naudio: ") && text.contains(" s lost, "), "\(text)")
    #expect(text.contains("audio excused: ") && text.contains(" declaredLoss — within the loss the scenario declares"))
  }

  /// An allowance takes its share of the lost spans from the front, cutting a span where it runs out.
  @Test func anAllowanceTakesItsShareFromTheFront() {
    var spans = [0..<160, 320..<480]
    let taken = AudioExcuse.take(0.015, from: &spans)
    #expect(taken.spans == [0..<160, 320..<400])
    #expect(spans == [400..<480])
    #expect(AudioExcuse.take(1, from: &spans).spans == [400..<480] && spans.isEmpty)
  }

  /// Every reason has a figure name under `audio.excused.` and a sentence saying why, found again
  /// from the figure's name (the HTML report's figure table shows it on hover).
  @Test func everyReasonExplainsItself() {
    for reason in AudioExcuse.Reason.allCases {
      #expect(reason.figureName == "audio.excused.\(reason.rawValue)")
      #expect(reason.why.count > 20)
      #expect(AudioExcuse.why(figureNamed: reason.figureName) == reason.why)
    }
    #expect(AudioExcuse.why(figureNamed: "audio.lostSeconds") == nil)
  }
}
