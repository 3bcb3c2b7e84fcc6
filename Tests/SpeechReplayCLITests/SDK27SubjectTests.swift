import Foundation
import SpeechReplayTestSupport
import Testing

/// The `speech-replay` executable offers the reference stack's 27 path as its own subject; the
/// audio check, the JSON results and the HTML report work on it as on the 26 path.
@Suite struct SDK27SubjectTests {
  @Test func the27SubjectRunsWithTheAudioCheckAndTheHTMLReport() throws {
    let folder = try TemporaryFolder(prefix: "sdk27-cli")
    defer { folder.remove() }
    let html = folder.url.appendingPathComponent("report").path
    let json = folder.url.appendingPathComponent("results.json").path
    let run = try CommandLineRun([
      "run", "Scenarios/stop-drains-converter.yaml", "Scenarios/stereo-microphone-right-channel.yaml",
      "--subject", "LiveTranscription-27", "--no-history", "--html", html, "--json", json,
    ])
    #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
    let report = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
    #expect(report.contains("audio still inside the converter at the stop is committed"))
    let results = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let scenarios = try #require(results["results"] as? [[String: Any]])
    #expect(scenarios.count == 2)
    for scenario in scenarios {
      let figures = try #require(scenario["figures"] as? [String: [String: Any]])
      // The audio check ran and found nothing lost: the converter was flushed at the stop.
      #expect((figures["audio.lostSeconds"]?["value"] as? Double) == 0, "\(scenario["name"] ?? "")")
      #expect((figures["audio.tapSeconds"]?["value"] as? Double ?? 0) > 0)
    }
  }

  @Test func anUnknownSubjectNamesBothReferencePaths() throws {
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--subject", "LiveTranscription-26", "--no-history",
    ])
    #expect(run.status != 0)
    #expect(run.standardError.contains("'LiveTranscription', 'LiveTranscription-27'"), "\(run.standardError)")
  }
}
