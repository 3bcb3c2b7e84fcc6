import AudioPCM
import CoreMediaTwin
import Foundation
import SimulatedDevice

extension ScenarioDecoder {
  /// The keys of `model:`.
  static let modelKeys = ScenarioKeys.Model.all

  /// The `model:` section: locale, latency, then `results:` or `transcript:` with `generate:`,
  /// `faults:` and `spacing:`.
  func model(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Model {
    let map = try node.mapping(keys: Self.modelKeys)
    // Whether results after the first final begin with a space (undocumented by Apple; Twins.md).
    let leadingSpace =
      try map[ScenarioKeys.Model.spacing].map { (node) throws(ScenarioError) in
        try node.choice(["none", "leading"]) == "leading"
      }
      ?? false
    let locale =
      try map[ScenarioKeys.Model.locale].map { (node) throws(ScenarioError) in try self.locale(node) } ?? "en-US"
    let latency = try map[ScenarioKeys.Model.latency]?.duration() ?? .zero
    let faults = try map[ScenarioKeys.Model.faults].map { (node) throws(ScenarioError) in try self.faults(node) } ?? []
    // A named behaviour (Documentation/ModelBehaviour.md). Without one, results generated from a
    // transcript follow Apple's measured timing and explicit results play as written.
    let named = try map[ScenarioKeys.Model.profile].map { (node) throws(ScenarioError) in
      ModelProfile.named(try node.choice(ModelProfile.all.map(\.name)))!
    }
    let profile = named ?? (map.has(ScenarioKeys.Model.transcript) ? ModelProfile.generatedDefault : nil)
    if let results = map[ScenarioKeys.Model.results], let transcript = map[ScenarioKeys.Model.transcript] {
      _ = results
      throw transcript.error(
        "'model' has both 'results' and 'transcript'; keep one: explicit results, or results generated from a word-timed transcript"
      )
    }
    if let generate = map[ScenarioKeys.Model.generate], !map.has(ScenarioKeys.Model.transcript) {
      throw generate.error("'model.generate' needs 'model.transcript', the .words.tsv file to generate results from")
    }
    if let transcript = map[ScenarioKeys.Model.transcript] {
      let path = resolve(try transcript.nonEmptyString())
      let table = try boundedText(
        path, at: transcript, what: "the transcript", limit: ScenarioFileBounds.transcriptBytes,
        advice: "give a .words.tsv path relative to the scenario file")
      let words: [TimedWord]
      do {
        words = try TimedWord.parseTable(table, source: path)
      } catch {
        throw transcript.error("the transcript '\(path)' is not a word-timing table: \(error)")
      }
      var options =
        profile.map { ModelScript.TranscriptOptions.following($0, latency: latency) }
        ?? ModelScript.TranscriptOptions(latency: latency)
      if let generate = map[ScenarioKeys.Model.generate] {
        options = try self.generate(generate, base: options, wordCount: words.count)
      }
      try checkGeneratedSize(words, options, at: transcript, path: path)
      var script = ModelScript(transcript: words, options: options)
      script.faults = faults
      script.leadingSpaceAfterFirstFinal = leadingSpace
      return Scenario.Model(locale: locale, script: script)
    }
    var entries: [ModelScript.Entry] = []
    if let results = map[ScenarioKeys.Model.results] {
      for item in try results.list() { entries.append(try entry(item)) }
    }
    var script = ModelScript(
      entries: entries, faults: faults, latency: latency, leadingSpaceAfterFirstFinal: leadingSpace)
    if let profile { script.apply(profile) }
    return Scenario.Model(locale: locale, script: script)
  }

  /// Refuses a transcript whose generated results would be slow to build or run (one long utterance).
  private func checkGeneratedSize(
    _ words: [TimedWord], _ options: ModelScript.TranscriptOptions, at node: ScenarioNode, path: String
  ) throws(ScenarioError) {
    let size = ModelScript.TranscriptSize(transcript: words, options: options)
    guard size.words > ScenarioFileBounds.generatedWords || size.ticks > ScenarioFileBounds.generatedTicks else {
      return
    }
    let longest = size.largestUtterance
    let start = longest.isEmpty ? 0 : words[longest.lowerBound].start.seconds
    let what =
      size.words > ScenarioFileBounds.generatedWords
      ? "about \(size.words) words of results, more than the \(ScenarioFileBounds.generatedWords) a scenario may generate (each volatile result repeats its utterance so far)"
      : "\(size.ticks) volatile updates, more than the \(ScenarioFileBounds.generatedTicks) a scenario may generate"
    throw node.error(
      "the transcript '\(path)' generates \(what); its longest utterance is \(longest.count) words from word \(longest.lowerBound) (\(String(format: "%.2f", start)) s) with no pause of finalAfterSilence; "
        + "add pauses, lower 'generate.finalAfterSilence', raise 'generate.volatileEvery', or split the transcript"
    )
  }

  private func generate(
    _ node: ScenarioNode, base: ModelScript.TranscriptOptions, wordCount: Int
  ) throws(ScenarioError) -> ModelScript.TranscriptOptions {
    let map = try node.mapping(keys: ScenarioKeys.Generate.all)
    var options = base
    if let value = map[ScenarioKeys.Generate.volatileEvery] {
      options.volatileInterval = try value.duration()
      guard options.volatileInterval >= ScenarioFileBounds.volatileFloor else {
        throw value.error(
          "'model.generate.volatileEvery' must be at least 10ms (a model publishes a guess every 100 to 500 ms; a shorter cadence only makes loading and running slow); write for example 200ms"
        )
      }
    }
    if let value = map[ScenarioKeys.Generate.finalAfterSilence] { options.finalAfterSilence = try value.duration() }
    if let value = map[ScenarioKeys.Generate.style] {
      options.finalStyle = try value.choice(["sentence", "asSpoken"]) == "sentence" ? .sentence : .asSpoken
    }
    if let value = map[ScenarioKeys.Generate.confidence] { options.confidence = try value.double(in: 0...1) }
    if let value = map[ScenarioKeys.Generate.rewrites] {
      guard case .mapping(let mapping) = value.node else {
        throw value.error(
          "'model.generate.rewrites' must map word indexes to wrong first guesses, like { 2: brow }, not \(value.shown)"
        )
      }
      for (key, guess) in mapping {
        let keyNode = ScenarioNode(node: key, file: file, path: "model.generate.rewrites")
        let index = try keyNode.int()
        guard (0..<wordCount).contains(index) else {
          throw keyNode.error(
            "'model.generate.rewrites' rewrites word \(index), but the transcript has \(wordCount) word\(wordCount == 1 ? "" : "s")"
              + (wordCount > 0 ? " (0 to \(wordCount - 1), counted from 0)" : "")
              + "; use an index of a word in the transcript")
        }
        options.rewrites[index] = try ScenarioNode(node: guess, file: file, path: "model.generate.rewrites.\(index)")
          .nonEmptyString()
      }
    }
    return options
  }

  /// One explicit result: `{ at: 0.4s, text: "the" }`, `{ at: 1.6s, final: "The fox.", range: [0s, 1.6s] }`, `{ at: 2s, withdraw: true }`.
  private func entry(_ node: ScenarioNode) throws(ScenarioError) -> ModelScript.Entry {
    let map = try node.mapping(keys: ScenarioKeys.Result.all)
    let at = CMTime(try map.required(ScenarioKeys.Result.at, example: "0.4s").duration())
    let kinds = ScenarioKeys.Result.kinds.filter(map.has).map(\.name)
    guard kinds.count == 1 else {
      throw node.error(
        "a result needs exactly one of text (volatile), final or withdraw; this one has \(kinds.isEmpty ? "none" : kinds.joined(separator: " and "))"
      )
    }
    let confidence = try map[ScenarioKeys.Result.confidence]?.double(in: 0...1)
    var range: CMTimeRange?
    if let value = map[ScenarioKeys.Result.range] {
      let bounds = try value.list()
      guard bounds.count == 2 else { throw value.error("'range' must be [start, end], like [0s, 1.6s]") }
      let start = CMTime(try bounds[0].duration()), end = CMTime(try bounds[1].duration())
      guard end >= start else { throw value.error("'range' ends before it starts; write [start, end]") }
      range = CMTimeRange(start: start, end: end)
    }
    let delay = try map[ScenarioKeys.Result.delay]?.duration()
    if let withdraw = map[ScenarioKeys.Result.withdraw] {
      guard try withdraw.bool() else {
        throw withdraw.error("'withdraw' can only be true; remove the key for a result that shows text")
      }
      return .withdrawal(at: at, range: range, delay: delay)
    }
    let isFinal = map.has(ScenarioKeys.Result.final)
    let best = RecognizedText(
      try (map[ScenarioKeys.Result.final] ?? map[ScenarioKeys.Result.text])!.string(), confidence: confidence)
    var alternatives = [best]
    if let value = map[ScenarioKeys.Result.alternatives] {
      for item in try value.list() { alternatives.append(RecognizedText(try item.string(), confidence: confidence)) }
    }
    var entry = ModelScript.Entry(
      kind: isFinal ? .final : .volatile, at: at, alternatives: alternatives, range: range, delay: delay)
    if let value = map[ScenarioKeys.Result.finalizeAs] {
      guard !isFinal else {
        throw value.error("'finalizeAs' applies to volatile results only; remove it from this final")
      }
      // One text, or a list of them: finalize then publishes one final per item (one per sentence).
      if case .sequence = value.node {
        entry.finalizeAsResults = try value.list().map { (item) throws(ScenarioError) in
          RecognizedText(try item.string(), confidence: confidence)
        }
      } else {
        entry.finalizeAs = RecognizedText(try value.string(), confidence: confidence)
      }
    }
    return entry
  }

  /// `faults:` items: `{ error: 1s, code: 6, message: "…", delay: 0s }`, `{ stall: 1s, for: 500ms }`,
  /// `{ latencySpike: [1s, 2s], extra: 300ms }`, `{ analyzerStops: 2.9s, code: 1, message: "…" }`.
  private func faults(_ node: ScenarioNode) throws(ScenarioError) -> [ModelScript.Fault] {
    var faults: [ModelScript.Fault] = []
    for item in try node.list() {
      let map = try item.mapping(keys: ScenarioKeys.Fault.all)
      let kinds = ScenarioKeys.Fault.kinds.filter(map.has).map(\.name)
      guard kinds.count == 1 else {
        throw item.error(
          "a fault needs exactly one of error, stall, latencySpike or analyzerStops; this one has \(kinds.isEmpty ? "none" : kinds.joined(separator: " and "))"
        )
      }
      if let at = map[ScenarioKeys.Fault.analyzerStops] {
        faults.append(try analyzerStop(at: at, in: map))
      } else if let at = map[ScenarioKeys.Fault.error] {
        let failure = ModelFailure(
          code: try map[ScenarioKeys.Fault.code]?.int() ?? 6,
          message: try map[ScenarioKeys.Fault.message]?.string() ?? "The speech model failed")
        faults.append(
          .error(
            at: CMTime(try at.duration()), failure: failure,
            delay: try map[ScenarioKeys.Fault.delay]?.duration() ?? .zero))
      } else if let at = map[ScenarioKeys.Fault.stall] {
        faults.append(
          .stall(
            at: CMTime(try at.duration()),
            duration: try map.required(ScenarioKeys.Fault.`for`, example: "500ms").duration()))
      } else if let span = map[ScenarioKeys.Fault.latencySpike] {
        let bounds = try span.list()
        guard bounds.count == 2 else { throw span.error("'latencySpike' must be [from, to], like [1s, 2s]") }
        faults.append(
          .latencySpike(
            from: CMTime(try bounds[0].duration()), to: CMTime(try bounds[1].duration()),
            extra: try map.required(ScenarioKeys.Fault.extra, example: "300ms").duration()))
      }
    }
    return faults
  }
}
