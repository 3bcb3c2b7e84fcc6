import Foundation
import SpeechReplay
import Testing

/// Issue t30's sweep: YAML that libyaml itself refuses is located at the place it refuses and said
/// in a scenario's words, never at 1:1 with libyaml's text (which named its own C function or
/// echoed the raw line, control characters and all).
@Suite struct HostileScenarioYAMLTests {
  static let head = "schema: 1\nname: n\nsteps: [start, stop]\n"

  func refusal(_ yaml: String) -> ScenarioError? {
    do {
      _ = try Scenario.parse(yaml: yaml, file: "s.yaml", relativeTo: ".")
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("\u{0}", "0000"), ("\u{1B}", "001B"), ("\u{7}", "0007"),
  ])
  func aControlCharacterIsLocatedAndNamed(character: String, code: String) throws {
    let error = try #require(refusal(Self.head + "description: \"a\(character)b\"\n"))
    #expect(error.location.line == 4)
    #expect(error.location.column == 16)
    #expect(error.message.contains("the character U+\(code) here, a control character YAML does not allow"))
    #expect(error.message.contains("\\u\(code)"))
    #expect(!error.message.contains("reader:"))
    #expect(!error.message.contains(character))
  }

  @Test func aControlCharacterAfterWideCharactersCountsItsColumnInCharacters() throws {
    let error = try #require(refusal("schema: 1\r\nname: \"名前 😀\u{0}\"\nsteps: [start]\n"))
    #expect(error.location.line == 2)
    #expect(error.location.column == 12)
  }

  /// 100 000 `[` met libyaml's own nesting bound (in its scanner, before YAMLLimits saw an event):
  /// "Maximum nesting level reached, set with yaml_set_max_nest_level()".
  @Test func bracketsNestedPastLibyamlsBoundGetTheDepthRefusal() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = try #require(refusal(Self.head + "description: " + deep + "\n"))
    #expect(error.location.line == 4)
    #expect(error.message.contains("lists and mappings nest more than 100 deep here"), "\(error)")
    #expect(!error.message.contains("yaml_set_max_nest_level"))
  }
}
