// A stand-in worker for the orchestration tests: answers `run-scenario FILE [--seed N]` like
// `speech-replay` does, but what it does is read from the file's `probe:` line, so tests can make
// a worker pass, fail, trap, exit or stay silent without depending on the scenario runner. The
// line may be a YAML comment (`# probe: trap`), so the file is also a valid scenario for the parent.
//
//   probe: pass    (default) prints a little output, then a passed result
//   probe: fail    a failed result with a located failure
//   probe: trap    fatalError: the process dies of a signal mid-run
//   probe: exit    prints output and exits with status 3 and no result line
//   probe: silent  exits 0 without a result line
//   probe: noisy   prints 300 000 characters before its result (more than a pipe holds)
//   probe: random  a trace hash and a trace line taken from system random (never the same twice)
//   probe: hang    writes its process id to FILE.pid, then never ends (the parent's timeout or a signal must end it)
//   probe: leftover  a passed result, then (in a reused worker) WorkerCommand.retireRequest, as a
//                  run that left objects alive prints
//
// Like `speech-replay run-scenario`, it dies with its parent (ParentWatch); FILE.pid's second line
// is the temporary folder of its output files, which the parent would remove.
//
// With `--trace-dir DIR` it writes its trace lines there, as `speech-replay run-scenario` does.
// `scenario-worker-probe serve-scenarios` is the reused worker, as `speech-replay serve-scenarios`
// is. With a `pid-file: yes` line it writes its process id to FILE.worker-pid (which process ran it).
import Foundation
import SpeechReplay
import SpeechReplayCLI

let outputFolder = ProcessInfo.processInfo.environment[ParentWatch.folderVariable] ?? ""
let commandLine = Array(CommandLine.arguments.dropFirst())
let serving = commandLine.first == WorkerCommand.serveSubcommand
ParentWatch.startInWorker(watchingInput: !serving)
ScenarioWorker.prepareOutput()
if serving {
  // A reused worker: one request a line (run-scenario's arguments as a JSON array), each reply
  // ended by WorkerCommand.endOfReply, until the end of the input.
  ParentWatch.serveRequests { line in
    let arguments = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String] ?? []
    if let file = arguments.first { runProbe(file: file, arguments: arguments) }
    print(WorkerCommand.endOfReply)
  }
}
guard commandLine.count >= 2, commandLine[0] == WorkerCommand.subcommand else {
  FileHandle.standardError.write(Data("usage: scenario-worker-probe run-scenario FILE [--seed N]\n".utf8))
  exit(64)
}
runProbe(file: commandLine[1], arguments: Array(commandLine.dropFirst()))

/// One scenario as its `probe:` line says.
func runProbe(file: String, arguments: [String]) {
  func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
  }
  let seed = option("--seed").flatMap { UInt64($0) }
  let traceDirectory = option("--trace-dir")
  let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
  func value(of key: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix("\(key):") }.map {
      $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
    }
  }
  let name = value(of: "name") ?? SuitePlan.fallbackName(for: file)
  let mode = value(of: "probe") ?? value(of: "# probe") ?? "pass"
  var result = ScenarioResult(
    name: name, file: file, status: .passed, seed: seed ?? 7, wallSeconds: 0.01, virtualSeconds: 2.5,
    traceHash: "probe-\(name.utf8.count)",
    figures: Figures([Figure("probe.characters", Double(text.count), unit: .count)]))
  if value(of: "pid-file") == "yes" {
    // Which process ran it (reused workers share one), for the tests of reused workers.
    try? Data("\(getpid())\n".utf8).write(to: URL(fileURLWithPath: file + ".worker-pid"), options: .atomic)
  }
  print("probe worker running \(file)")
  var traceLines = ["#0 0.000000000 probe.start", "#1 0.500000000 probe.step", "#2 1.000000000 probe.stop"]
  switch mode {
  case "fail":
    result.status = .failed
    result.failures = [
      ScenarioFailure(
        "snapshot 'after-sentence' differs: expected \"a < b & c\"", check: CheckID(.state, "snapshot"),
        at: SourceLocation(file: file, line: 3, column: 5))
    ]
  case "trap":
    FileHandle.standardError.write(Data("probe worker about to trap\n".utf8))
    fatalError("probe worker trapped on purpose")
  case "exit":
    FileHandle.standardError.write(Data("probe worker giving up\n".utf8))
    exit(3)
  case "silent":
    exit(0)
  case "random":
    // System random on purpose: this worker is the deliberately non-deterministic subject.
    let token = UInt64.random(in: 0...UInt64.max)
    result.traceHash = String(token, radix: 16)
    traceLines[1] = "#1 0.500000000 probe.random token=\(token)"
  case "hang":
    // The test reads the pid to check that nothing outlives the run.
    try? Data("\(getpid())\n\(outputFolder)\n".utf8).write(to: URL(fileURLWithPath: file + ".pid"), options: .atomic)
    FileHandle.standardError.write(Data("probe worker hanging\n".utf8))
    while true { pause() }
  case "noisy":
    print(String(repeating: "x", count: 299_999))
  default:
    break
  }
  if let traceDirectory {
    try? DeterminismCheck.writeTrace(traceLines, to: DeterminismCheck.traceFile(for: file, in: traceDirectory))
  }
  print(ScenarioWorker.resultLine(for: result))
  if mode == "leftover" { print(WorkerCommand.retireRequest) }
}
