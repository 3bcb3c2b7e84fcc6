import CoreMediaTwin
import SimulatedDevice
import Testing

@Suite struct ModelScriptTranscriptTests {
  /// The timings of fixtures/audio/hello-world.words.tsv.
  let helloWorld = """
    start_sample\tend_sample\tstart_s\tend_s\tword
    4800\t12303\t0.3000\t0.7689\thello
    13263\t20620\t0.8289\t1.2888\tworld

    """

  @Test func generatesGrowingVolatilesAndOneFinalPerUtterance() throws {
    let words = try TimedWord.parseTable(helloWorld, source: "hello-world.words.tsv")
    let script = ModelScript(transcript: words)
    #expect(script.entries.map(\.kind) == [.volatile, .volatile, .final])
    #expect(script.entries.map { $0.alternatives[0].string } == ["hello", "hello world", "Hello world."])
    // The first volatile comes at the first 200 ms tick after "hello" ends (0.3 + 3 × 0.2 = 0.9 s).
    #expect(script.entries[0].at == .seconds(0.9))
    // The final comes 800 ms after the last word.
    #expect(script.entries[2].at == CMTime(value: 20_620, timescale: 16_000) + .seconds(0.8))
    // Finals carry each word's audio range.
    #expect(script.entries[2].alternatives[0].words.map(\.range) == words.map(\.range))
  }

  @Test func finalizingMidUtteranceCommitsOnlyTheWordsHeard() throws {
    let words = try TimedWord.parseTable(helloWorld, source: "hello-world.words.tsv")
    let script = ModelScript(transcript: words)
    #expect(script.entries[0].finalizeAs?.string == "Hello.", "only 'hello' was heard")
    #expect(script.entries[1].finalizeAs?.string == "Hello world.")
  }

  @Test func aLongPauseSplitsUtterances() {
    let words = [
      TimedWord("turn", start: .seconds(0.3), end: .seconds(0.7)),
      TimedWord("on", start: .seconds(0.76), end: .seconds(1.1)),
      TimedWord("set", start: .seconds(3.5), end: .seconds(3.9)),
    ]
    let script = ModelScript(transcript: words, options: .init(finalStyle: .asSpoken))
    let finals = script.entries.filter { $0.kind == .final }.map { $0.alternatives[0].string }
    #expect(finals == ["turn on", "set"])
  }

  @Test func rewritesShowAWrongFirstGuessThenCorrectIt() {
    let words = [
      TimedWord("the", start: .seconds(0.0), end: .seconds(0.15)),
      TimedWord("quick", start: .seconds(0.2), end: .seconds(0.35)),
    ]
    let script = ModelScript(
      transcript: words, options: .init(volatileInterval: .milliseconds(100), rewrites: [1: "quack"]))
    let volatiles = script.entries.filter { $0.kind == .volatile }.map { $0.alternatives[0].string }
    #expect(volatiles == ["the", "the quack", "the quick"])
  }

  @Test func tableErrorsNameTheLine() {
    let bad = "start_sample\tend_sample\tstart_s\tend_s\tword\n100\t50\t0\t0\toops\n"
    #expect(throws: TimedWord.TableError.self) { try TimedWord.parseTable(bad, source: "bad.tsv") }
    do {
      _ = try TimedWord.parseTable(bad, source: "bad.tsv")
    } catch let error as TimedWord.TableError {
      #expect(error.description == "bad.tsv:2: the word ends (50) before it starts (100)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(throws: TimedWord.TableError.self) { try TimedWord.parseTable("word\tstart\n", source: "x.tsv") }
    #expect(throws: TimedWord.TableError.self) {
      try TimedWord.parseTable("start_sample\tend_sample\tstart_s\tend_s\tword\n1\t2\tnope\n", source: "short.tsv")
    }
  }
}
