import AudioPCM
import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) or a CI job's cancel (SIGTERM) during `explore`: the first stops new runs and
/// shrinking, so the exploration ends with every finding so far (shrunk as far as it got), writes
/// the reproducers and the summary, and exits 130 or 143. A second signal ends the process at once,
/// removing the partial files and the perturbed scenarios' temporary folder.
final class ExploreInterruption: Sendable {
  private let received = Atomic<Int32>(0)

  /// The first signal received, or nil.
  var signal: Int32? {
    let value = received.load(ordering: .acquiring)
    return value == 0 ? nil : value
  }

  /// Catches SIGINT and SIGTERM until the sources are cancelled.
  /// - Parameter temporaryFolder: The workers' folder of perturbed scenarios, removed on a second signal.
  /// - Returns: The signal sources.
  func catchSignals(temporaryFolder: URL?) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        guard received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing).exchanged else {
          FileReplacement.removePendingTemporaryFiles()
          if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
          exit(128 + (signal ?? number))
        }
        Failure.printNote(
          "interrupted: finishing the runs under way and keeping every finding so far (send it again to stop at once)")
      }
      source.resume()
      return source
    }
  }
}
