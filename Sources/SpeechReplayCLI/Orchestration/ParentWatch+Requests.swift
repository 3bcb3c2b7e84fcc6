import Foundation
import Simulation

extension ParentWatch {
  /// A reused worker's loop: hands each line of standard input to `handle`, in order, on the calling
  /// thread, and ends the process at the end of the input.
  ///
  /// A thread of its own reads the lines as they come, so the end of the input is seen even while
  /// `handle` runs (a scenario that hangs): the parent closes the requests only when it is done with
  /// this worker, which is then idle, or when it dies — either way the worker dies at once, as
  /// ``startInWorker(watchingInput:)``'s watcher would make it. Call ``startInWorker(watchingInput:)``
  /// with `false` first.
  ///
  /// - Parameter handle: Runs one request line (without its line break).
  package static func serveRequests(_ handle: (String) -> Void) -> Never {
    let queue = ThreadLock<[String]>([])
    let ready = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while let line = readLine(strippingNewline: true) {
        queue.withLock { $0.append(line) }
        ready.signal()
      }
      die()
    }
    while true {
      ready.wait()
      guard let line = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
      handle(line)
    }
  }
}
