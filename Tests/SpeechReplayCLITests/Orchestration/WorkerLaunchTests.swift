import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Workers started from several threads at once: none inherits another's descriptors (which kept
/// Foundation from seeing a worker end), and closing a worker that never exits does not wait for good.
@Suite struct WorkerLaunchTests {
  private static let rounds = 200
  private static let threads = 3

  /// Foundation's `Process.run()` leaves a child holding descriptors made by a launch on another
  /// thread between its close list and its spawn — the other child's socket end among them, which
  /// keeps that child's end from being seen. Unserialized, 35 to 38 of 900 children started three at
  /// a time held such a descriptor here. So launches never overlap, and no child holds a socket
  /// another child of its round holds (descriptors of other tests' processes, which this process runs
  /// beside it, are not counted).
  @Test func workersStartedFromSeveralThreadsAtOnceLaunchOneAtATime() throws {
    let launches = LaunchCounter()
    var shared: [String] = []
    for _ in 0..<Self.rounds {
      let children = Self.launchTogether(Self.threads, counting: launches)
      defer { for pid in children { kill(pid, SIGKILL) } }
      #expect(children.count == Self.threads)
      var holders: [String: [pid_t]] = [:]
      for pid in children {
        for socket in Self.sockets(of: pid) { holders[socket, default: []].append(pid) }
      }
      shared += holders.filter { $0.value.count > 1 }.map { "\($0.key) held by \($0.value)" }
    }
    #expect(launches.mostAtOnce == 1, "\(launches.mostAtOnce) launches ran at once")
    #expect(shared.isEmpty, "children started together hold one another's sockets: \(shared)")
  }

  /// Starts `count` `sleep` processes from as many threads at once, through ``WorkerLaunch``.
  private static func launchTogether(_ count: Int, counting launches: LaunchCounter) -> [pid_t] {
    let children = ThreadLockedList()
    // Each thread waits at the gate, so the launches start together.
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<count {
      done.enter()
      Thread.detachNewThread {
        gate.wait()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        let started: Void? = try? WorkerLaunch.serialized {
          launches.begin()
          defer { launches.end() }
          try process.run()
        }
        if started != nil { children.append(process.processIdentifier) }
        done.leave()
      }
    }
    for _ in 0..<count { gate.signal() }
    done.wait()
    return children.pids
  }

  /// The sockets a process holds, as `socket:[inode]`.
  private static func sockets(of pid: pid_t) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
      .filter { $0.hasPrefix("socket:") }
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

/// How many launches ran at once, at most.
private final class LaunchCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var running = 0
  private var most = 0

  func begin() {
    lock.lock()
    running += 1
    most = max(most, running)
    lock.unlock()
  }

  func end() {
    lock.lock()
    running -= 1
    lock.unlock()
  }

  var mostAtOnce: Int {
    lock.lock()
    defer { lock.unlock() }
    return most
  }
}
