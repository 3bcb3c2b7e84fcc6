#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Foundation
  import SpeechTwin
  import Testing

  /// Template-generated training data: `TemplatePhraseCountGenerator`, `PhraseCountsFromTemplates` and
  /// `insert(phraseCountGenerator:)`, written as apps write them. The expansion rule is a twin decision.
  @Suite struct SFCustomLanguageModelTemplateTests {
    static func phrases(_ generator: SFCustomLanguageModelData.PhraseCountGenerator) async throws -> [String] {
      var phrases: [String] = []
      for try await phrase in generator { phrases.append("\(phrase.phrase) ×\(phrase.count)") }
      return phrases
    }

    @Test func aTemplateExpandsOverItsClassesAndSplitsItsCount() async throws {
      let generator = SFCustomLanguageModelData.TemplatePhraseCountGenerator()
      generator.define(className: "piece", values: ["pawn", "rook"])
      generator.define(className: "square", values: ["e4", "d4", "c4"])
      generator.insert(template: "move my <piece> to <square>", count: 14)
      generator.insert(template: "resign", count: 3)
      generator.insert(template: "take the <unknown>", count: 1)
      #expect(
        try await Self.phrases(generator) == [
          "move my pawn to e4 ×3", "move my pawn to d4 ×3", "move my pawn to c4 ×2",
          "move my rook to e4 ×2", "move my rook to d4 ×2", "move my rook to c4 ×2",
          "resign ×3", "take the <unknown> ×1",
        ])
      // A count smaller than the expansions leaves the rest out; the base class generates nothing.
      let few = SFCustomLanguageModelData.TemplatePhraseCountGenerator()
      few.define(className: "piece", values: ["pawn", "rook", "king"])
      few.insert(template: "<piece>", count: 2)
      #expect(try await Self.phrases(few) == ["pawn ×1", "rook ×1"])
      #expect(try await Self.phrases(SFCustomLanguageModelData.PhraseCountGenerator()).isEmpty)
      let iterator = SFCustomLanguageModelData.TemplatePhraseCountGenerator.Iterator(
        templates: [.init("<a> <a>", count: 4)], templateClasses: ["a": ["x", "y"]])
      var pairs: [String] = []
      while let next = try await iterator.next() { pairs.append(next.phrase) }
      #expect(pairs == ["x x", "x y", "y x", "y y"])
    }

    @Test func theResultBuilderFormAndTheGeneratorFormExportTheirPhrases() async throws {
      let wantsOpening = true
      let data = SFCustomLanguageModelData(
        locale: Locale(identifier: "en-US"), identifier: "com.example.chess", version: "1.0"
      ) {
        SFCustomLanguageModelData.PhraseCount(phrase: "checkmate", count: 5)
        SFCustomLanguageModelData.PhraseCountsFromTemplates(classes: ["piece": ["pawn", "rook"]]) {
          SFCustomLanguageModelData.TemplatePhraseCountGenerator.Template("move my <piece>", count: 4)
          if wantsOpening {
            SFCustomLanguageModelData.TemplatePhraseCountGenerator.Template("play the <opening>", count: 1)
          }
          for square in ["e4", "d4"] {
            SFCustomLanguageModelData.TemplatePhraseCountGenerator.Template("to \(square)", count: 1)
          }
        }
      }
      let generator = SFCustomLanguageModelData.TemplatePhraseCountGenerator()
      generator.insert(template: "resign", count: 2)
      data.insert(phraseCountGenerator: generator)
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: url) }
      try await data.export(to: url)
      let exported = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
      let phrases = (exported?["phrases"] as? [[String: Any]] ?? []).map {
        "\($0["phrase"] ?? "?") ×\($0["count"] ?? "?")"
      }
      #expect(
        phrases == [
          "checkmate ×5", "move my pawn ×2", "move my rook ×2", "play the <opening> ×1", "to e4 ×1", "to d4 ×1",
          "resign ×2",
        ])
    }
  }
#endif
