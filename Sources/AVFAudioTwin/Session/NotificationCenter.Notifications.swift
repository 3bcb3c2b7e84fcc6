public import Foundation

// Only where Foundation lacks it: on Apple's platforms Foundation's own is used.
#if !canImport(Darwin)
  // Foundation's `notifications(named:object:)` (iOS 15, macOS 12), which the open-source Foundation
  // of Linux does not have: voice apps iterate `AVAudioSession.interruptionNotification` and
  // `.AVAudioEngineConfigurationChange` with it (`for await _ in center.notifications(named:)`).
  extension NotificationCenter {
    /// The notifications this center posts with `name` (and from `object`, when given), as an
    /// asynchronous sequence.
    ///
    /// As Apple's, the sequence starts observing when it is made, not when it is first iterated, and
    /// keeps every notification until it is read (**twin decision** where Apple's documentation is
    /// silent: nothing is dropped); it stops observing when it is released. Iteration ends when the
    /// iterating task is cancelled.
    /// - Parameters:
    ///   - name: The notification name to observe.
    ///   - object: The sender to observe; nil for every sender.
    /// - Returns: The sequence; keep it (or its iterator) as long as the notifications are wanted.
    public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
      Notifications(center: self, name: name, object: object)
    }

    /// An asynchronous sequence of a center's notifications of one name (Apple's
    /// `NotificationCenter.Notifications`).
    public final class Notifications: AsyncSequence, @unchecked Sendable {
      // @unchecked: the observer token and stream are set once in init; the stream is thread-safe.
      public typealias Element = Notification

      private let center: NotificationCenter
      private let observer: any NSObjectProtocol
      private let stream: AsyncStream<Notification>

      init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        let (stream, continuation) = AsyncStream<Notification>.makeStream(bufferingPolicy: .unbounded)
        nonisolated(unsafe) let sink = continuation
        self.center = center
        self.stream = stream
        observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
          nonisolated(unsafe) let notification = notification
          sink.yield(notification)
        }
      }

      deinit { center.removeObserver(observer) }

      /// Reads the sequence's notifications in the order they were posted.
      public struct Iterator: AsyncIteratorProtocol {
        // Holds the sequence so that observing lasts as long as the iteration.
        let sequence: Notifications
        var base: AsyncStream<Notification>.Iterator

        /// The next notification; nil when the iterating task is cancelled.
        public mutating func next() async -> Notification? { await base.next() }
      }

      /// An iterator over the notifications posted since the sequence was made.
      public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, base: stream.makeAsyncIterator())
      }
    }
  }
#endif
