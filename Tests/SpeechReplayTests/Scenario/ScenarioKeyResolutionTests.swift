import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The scenario parser resolves no tags (Yams' basic resolver): every scalar is read as written,
/// and a key is a duplicate when its text is.
@Suite struct ScenarioKeyResolutionTests {
  @Test func aKeyWrittenTwiceIsReportedWithItsPlace() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: first
      name: second
      steps: [start, stop]
      """)
    do {
      _ = try Scenario.load(fileAt: path)
      Issue.record("a duplicated key loaded")
    } catch {
      #expect(error.description.contains("the key 'name' appears twice; keep one"))
      #expect(error.location.file == path)
    }
  }

  @Test(arguments: ["yes", "2026-11-28", "0x10", "~x", "1.5e3"])
  func scalarsThatLookTypedAreReadAsWritten(_ text: String) throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: \(text)
      steps: [start, stop]
      """)
    #expect(try Scenario.load(fileAt: path).name == text)
  }
}
