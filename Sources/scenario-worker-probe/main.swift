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
import Foundation
import SpeechReplay

ScenarioWorker.prepareOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == WorkerCommand.subcommand else {
  FileHandle.standardError.write(Data("usage: scenario-worker-probe run-scenario FILE [--seed N]\n".utf8))
  exit(64)
}
let file = arguments[1]
let seed = arguments.count >= 4 && arguments[2] == "--seed" ? UInt64(arguments[3]) : nil
let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
func value(of key: String) -> String? {
  text.split(separator: "\n").first { $0.hasPrefix("\(key):") }.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) }
}
let name = value(of: "name") ?? SuitePlan.fallbackName(for: file)
let mode = value(of: "probe") ?? value(of: "# probe") ?? "pass"
var result = ScenarioResult(
  name: name, file: file, status: .passed, seed: seed ?? 7, wallSeconds: 0.01, virtualSeconds: 2.5,
  traceHash: "probe-\(name.utf8.count)", figures: ["probe.characters": Double(text.count)])
print("probe worker running \(file)")
switch mode {
case "fail":
  result.status = .failed
  result.failures = [ScenarioFailure("snapshot 'after-sentence' differs: expected \"a < b & c\"", at: SourceLocation(file: file, line: 3, column: 5))]
case "trap":
  FileHandle.standardError.write(Data("probe worker about to trap\n".utf8))
  fatalError("probe worker trapped on purpose")
case "exit":
  FileHandle.standardError.write(Data("probe worker giving up\n".utf8))
  exit(3)
case "silent":
  exit(0)
case "noisy":
  print(String(repeating: "x", count: 299_999))
default:
  break
}
print(ScenarioWorker.resultLine(for: result))
