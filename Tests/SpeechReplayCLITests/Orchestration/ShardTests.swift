import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite struct ShardTests {
  @Test func parsesIndexOverCount() throws {
    let shard = try Shard(parsing: "2/4")
    #expect(shard.index == 2)
    #expect(shard.count == 4)
    #expect(shard.description == "2/4")
    #expect(try Shard(parsing: " 1 / 1 ").count == 1)
  }

  @Test(arguments: [
    ("0/3", "between 1 and 3"), ("4/3", "between 1 and 3"), ("1/0", "at least 1"), ("x", "not INDEX/COUNT"),
    ("1/", "not INDEX/COUNT"), ("/2", "not INDEX/COUNT"), ("1/2/3", "not INDEX/COUNT"), ("-1/2", "between 1 and 2"),
    ("", "not INDEX/COUNT"),
  ])
  func rejectsMalformedArguments(text: String, expected: String) {
    #expect {
      try Shard(parsing: text)
    } throws: { error in
      let message = (error as? OrchestrationError)?.message ?? ""
      return message.contains(expected) && message.hasPrefix("--shard")
        && (error as? OrchestrationError)?.kind == .badArgument
    }
  }

  @Test(arguments: 1...7)
  func everyKeyFallsInExactlyOneShard(count: Int) throws {
    let keys = (0..<300).map { "Scenarios/group-\($0 % 9)/scenario-\($0).yaml" }
    let shards = try (1...count).map { try Shard(index: $0, count: count) }
    var sizes = Array(repeating: 0, count: count)
    for key in keys {
      let owners = shards.filter { $0.contains(key: key) }
      #expect(owners.count == 1, "\(key) is in \(owners.count) shards")
      sizes[(owners.first?.index ?? 1) - 1] += 1
    }
    #expect(sizes.reduce(0, +) == keys.count)
    // 300 keys over at most 7 shards: a working hash leaves no shard empty.
    #expect(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
  }

  @Test func assignmentIsStableAcrossMachines() {
    // FNV-1a 64 of the relative path, mod COUNT, plus 1 — computed independently (Python) when written;
    // a change here would send files to other shards than other CI jobs built from older commits.
    #expect(Shard.shardIndex(of: "Scenarios/volatile-replaced.yaml", count: 3) == 2)
    #expect(Shard.shardIndex(of: "Scenarios/volatile-replaced.yaml", count: 4) == 2)
    #expect(Shard.shardIndex(of: "Scenarios/offline-first-run.yaml", count: 3) == 3)
    #expect(Shard.shardIndex(of: "Scenarios/offline-first-run.yaml", count: 4) == 1)
  }
}
