import Synchronization

extension AssetCatalogue {
  /// One download in flight: the task that performs it and every caller waiting on its progress.
  /// Concurrent installs of one locale share one `Download` (Apple consolidates them).
  final class Download: Sendable {
    let locale: String
    private let state = Mutex<State>(State())
    private struct State {
      var observers: [@Sendable (Double) -> Void] = []
      var fraction = 0.0
      var task: Task<Void, any Error>?
    }

    init(locale: String) { self.locale = locale }

    /// Adds a progress observer; it is told the progress so far at once when there is some.
    func observe(_ observer: @escaping @Sendable (Double) -> Void) {
      let fraction = state.withLock { state in
        state.observers.append(observer)
        return state.fraction
      }
      if fraction > 0 { observer(fraction) }
    }

    /// Tells every observer the new fraction (called outside the lock, so observers may do anything).
    func report(_ fraction: Double) {
      let observers = state.withLock { state in
        state.fraction = fraction
        return state.observers
      }
      for observer in observers { observer(fraction) }
    }

    /// The task performing the download; set once right after creation.
    var task: Task<Void, any Error>? {
      get { state.withLock { $0.task } }
      set { state.withLock { $0.task = newValue } }
    }
  }
}
