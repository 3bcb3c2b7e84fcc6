// A second writer for the history tests: records runs into a history database, so a test can run
// two writers at once, or kill one in the middle of its transaction.
//
//   history-writer-probe DB RUNS RESULTS LABEL [--hold-after N]
//
// Writes RUNS runs of RESULTS scenario results each (scenario names `LABEL-i`). With --hold-after,
// the first run prints `holding` once N results are inserted and then waits inside its open
// transaction until a signal ends the process (the test sends SIGKILL).
import Foundation
import SpeechReplay
import SpeechReplayCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

ScenarioWorker.prepareOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, let runs = Int(arguments[1]), let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: history-writer-probe DB RUNS RESULTS LABEL [--hold-after N]\n".utf8))
  exit(64)
}
let path = arguments[0]
let label = arguments[3]
let holdAfter = arguments.firstIndex(of: "--hold-after").flatMap {
  $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil
}
let results = (0..<count).map { index in
  ScenarioResult(
    name: "\(label)-\(index)", file: "Scenarios/\(label)-\(index).yaml", status: .passed, seed: 1, wallSeconds: 0.25,
    virtualSeconds: 3, traceHash: "hash-\(index)", figures: ["results": Double(index), "inputs": 40])
}
do {
  let store = try HistoryStore(path: path)
  for run in 0..<runs {
    try store.record(RunMetadata(gitCommit: nil, mode: "unaware", host: label), results: results) { inserted in
      if run == 0, inserted == holdAfter {
        print("holding")
        // Wait inside the open transaction until the test kills this process.
        while true { pause() }
      }
    }
  }
  print("wrote \(runs) runs")
} catch {
  FileHandle.standardError.write(Data("history-writer-probe: \(error)\n".utf8))
  exit(1)
}
