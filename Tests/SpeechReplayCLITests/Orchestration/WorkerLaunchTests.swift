import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Workers started from two threads at once: none inherits another's descriptors (which kept
/// Foundation from seeing a worker end), and closing a worker that never exits does not wait for good.
@Suite struct WorkerLaunchTests {
  private static let rounds = 300
  private static let threads = 3

  /// Foundation's `Process.run()` leaves a child holding a descriptor made by a launch on another
  /// thread between its close list and its spawn; unserialized, 35 to 38 of these 900 children held one here.
  @Test func workersStartedFromSeveralThreadsAtOnceHoldOnlyTheirOwnDescriptors() throws {
    let children = ThreadLockedList()
    defer { for pid in children.pids { kill(pid, SIGKILL) } }
    for _ in 0..<Self.rounds {
      // Each thread waits at the gate, so the launches of a round start together.
      let gate = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for _ in 0..<Self.threads {
        done.enter()
        Thread.detachNewThread {
          gate.wait()
          let process = Process()
          process.executableURL = URL(fileURLWithPath: "/bin/sleep")
          process.arguments = ["60"]
          let started: Void? = try? WorkerLaunch.serialized { try process.run() }
          if started != nil { children.append(process.processIdentifier) }
          done.leave()
        }
      }
      for _ in 0..<Self.threads { gate.signal() }
      done.wait()
    }
    #expect(children.pids.count == Self.rounds * Self.threads)
    for pid in children.pids {
      let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
      // 0, 1 and 2, and the one socket end Foundation gives each child to learn that it ended.
      let inherited = open.compactMap(Int.init).filter { $0 > 2 }
      #expect(inherited.count <= 1, "child \(pid) holds descriptors \(inherited.sorted())")
    }
  }

  /// A reused worker that answers, then ignores the end of its requests (or whose end the parent
  /// cannot see) is killed once the grace has passed: `close()` returns and the process is gone.
  @Test(.timeLimit(.minutes(1)))
  func closingAWorkerThatNeverExitsKillsItInsteadOfWaitingForGood() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let pidFile = folder.url.appendingPathComponent("pid").path
    let script = try folder.write(
      "stubborn-worker",
      """
      #!/bin/sh
      echo $$ > '\(pidFile)'
      read request
      printf '\\036speech-replay end of reply\\n'
      exec sleep 600

      """)
    chmod(script, 0o755)
    let workers = ReusableWorkers(executable: URL(fileURLWithPath: script), endGrace: .milliseconds(300))
    let pool = WorkerPool(command: WorkerCommand(executable: workers.executable), jobs: 1, reusing: workers)
    let scenario = PlannedScenario(file: try folder.write("s.yaml", "name: s\n"), name: "s")
    _ = await pool.run([scenario], seed: 1)
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, 0) == 0, "the worker answered and is idle")

    workers.close()
    #expect(kill(pid, 0) == -1 && errno == ESRCH, "the worker \(pid) that ignored the end of its requests was killed")
  }
}

/// Process ids collected from several threads.
private final class ThreadLockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [pid_t] = []

  func append(_ pid: pid_t) {
    lock.lock()
    list.append(pid)
    lock.unlock()
  }

  var pids: [pid_t] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
