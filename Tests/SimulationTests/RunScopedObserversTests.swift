import Foundation
import Simulation
import Synchronization
import Testing

/// An observer added during one run is never called for a notification another run posts: on a
/// device each app has its own process and its own `NotificationCenter.default`; in the harness
/// runs share a process (RunScopedObservers).
@Suite(.serialized) struct RunScopedObserversTests {
  /// Counts the calls of each observer by name.
  final class Calls: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func call(_ observer: String) { counts.withLock { $0[observer, default: 0] += 1 } }
    subscript(_ observer: String) -> Int { counts.withLock { $0[observer, default: 0] } }
  }

  /// Keeps an observer token across runs; the simulation runs on one thread.
  final class TokenBox: @unchecked Sendable {
    var token: (any NSObjectProtocol)?
  }

  /// Adds an observer of `name` to the default center that counts its calls as `label`.
  static func observe(
    _ name: Notification.Name, as label: String, in calls: Calls, queue: OperationQueue? = nil
  ) -> any NSObjectProtocol {
    NotificationCenter.default.addObserver(forName: name, object: nil, queue: queue) { _ in calls.call(label) }
  }

  /// Posts `name` on the default center as the twins post a system notification.
  static func postAsTheSystem(_ name: Notification.Name) {
    Simulation.postAsTheSystem { NotificationCenter.default.post(name: name, object: nil) }
  }

  @Test(arguments: [false, true])
  func anObserverLeakedByOneRunIsNotCalledForTheNextRunsPost(onTheMainQueue: Bool) throws {
    let name = Notification.Name("RunScopedObserversTests.leaked.\(onTheMainQueue)")
    let calls = Calls()
    let queue: OperationQueue? = onTheMainQueue ? .main : nil
    // Run A adds an observer and never removes it, as a stack leaked by its own tap block does.
    let leaked = try Simulation.run(testConfiguration("run A")) {
      _ = Self.observe(name, as: "A", in: calls, queue: queue)
      Self.postAsTheSystem(name)
    }
    #expect(leaked.outcome == .finished)
    #expect(calls["A"] == 1, "run A's own post reaches its observer")
    let report = try Simulation.run(testConfiguration("run B")) { () -> Int in
      let observer = Self.observe(name, as: "B", in: calls, queue: queue)
      defer { NotificationCenter.default.removeObserver(observer) }
      let skippedBefore = RunScopedObservers.skippedDeliveries
      Self.postAsTheSystem(name)
      return RunScopedObservers.skippedDeliveries - skippedBefore
    }
    #expect(report.outcome == .finished)
    #expect(calls["A"] == 1, "run A's leaked observer heard run B's notification")
    #expect(calls["B"] == 1)
    #expect((report.value ?? 0) >= 1, "the skipped delivery is counted")
  }

  /// Observers added outside any run (the harness's, a test's) hear every run, and posts made
  /// outside any run reach every observer, as before.
  @Test func observersAndPostsOutsideAnyRunAreNotScoped() throws {
    let name = Notification.Name("RunScopedObserversTests.outside")
    let calls = Calls()
    let outside = Self.observe(name, as: "outside", in: calls)
    defer { NotificationCenter.default.removeObserver(outside) }
    let observerOfA = TokenBox()
    for run in ["A", "B"] {
      let report = try Simulation.run(testConfiguration("run \(run)")) {
        Self.postAsTheSystem(name)
        if run == "A" { observerOfA.token = Self.observe(name, as: "A", in: calls) }
      }
      #expect(report.outcome == .finished)
    }
    NotificationCenter.default.post(name: name, object: nil)
    #expect(calls["outside"] == 3)
    #expect(calls["A"] == 1, "the post outside any run reaches run A's observer")
    NotificationCenter.default.removeObserver(try #require(observerOfA.token))
  }

  /// Removing works as Foundation's does: by the token, and only when the name and object given match.
  @Test func removingAnObserverStopsItsCalls() throws {
    let name = Notification.Name("RunScopedObserversTests.removed")
    let other = Notification.Name("RunScopedObserversTests.other")
    let calls = Calls()
    let report = try Simulation.run(testConfiguration("remove")) {
      let observer = Self.observe(name, as: "observer", in: calls)
      NotificationCenter.default.removeObserver(observer, name: other, object: nil)
      Self.postAsTheSystem(name)
      NotificationCenter.default.removeObserver(observer, name: name, object: nil)
      Self.postAsTheSystem(name)
      let again = Self.observe(name, as: "again", in: calls)
      NotificationCenter.default.removeObserver(again)
      Self.postAsTheSystem(name)
    }
    #expect(report.outcome == .finished)
    #expect(calls["observer"] == 1, "a removal naming another notification leaves the observer")
    #expect(calls["again"] == 0)
  }
}
