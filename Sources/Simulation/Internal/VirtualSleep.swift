internal import Synchronization

/// One `VirtualClock` sleep: armed in the timer heap, resumed when virtual time reaches its
/// deadline, or resumed with `CancellationError` at the virtual time its task is cancelled.
final class VirtualSleep: Sendable {
  private enum State {
    case pending
    case armed(UnsafeContinuation<Void, any Error>)
    case cancelled
    case finished
  }

  private let state = Mutex<State>(.pending)

  /// Stores the continuation; returns false when the task was cancelled before it got here.
  func arm(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
    state.withLock { state in
      guard case .pending = state else { return false }
      state = .armed(continuation)
      return true
    }
  }

  /// Whether the sleep still waits for its deadline (a cancelled one no longer counts as a timer).
  var isLive: Bool {
    state.withLock { state in
      switch state {
      case .pending, .armed: true
      case .cancelled, .finished: false
      }
    }
  }

  /// The deadline was reached: resume the sleeper normally.
  func fire() {
    let continuation: UnsafeContinuation<Void, any Error>? = state.withLock { state in
      guard case .armed(let continuation) = state else { return nil }
      state = .finished
      return continuation
    }
    continuation?.resume()
  }

  /// The sleeping task was cancelled: resume it at once with `CancellationError`.
  func cancel() {
    let continuation: UnsafeContinuation<Void, any Error>? = state.withLock { state in
      switch state {
      case .pending:
        state = .cancelled
        return nil
      case .armed(let continuation):
        state = .cancelled
        return continuation
      case .cancelled, .finished:
        return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }
}
