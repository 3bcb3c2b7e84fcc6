#if os(Linux)
  @_spi(SwiftCorelibsFoundation) internal import FoundationEssentials
  internal import Foundation

  /// What `NotificationCenter.addObserver(forName:object:queue:using:)` returns while the simulation
  /// stands in for it (``RunScopedObservers``): the center's own registration, to remove it by.
  final class RunScopedObserverToken: NSObject, @unchecked Sendable {
    // @unchecked: immutable after init.
    let token: NotificationCenter._NotificationObserverToken

    init(_ token: NotificationCenter._NotificationObserverToken) {
      self.token = token
    }

    /// The registration behind an observer object: this token's, or that of the token Foundation
    /// made itself (`_NSNotificationObserverToken`, for an observer added by code in another
    /// library), read from its stored `token`; nil for any other object.
    static func registration(of observer: Any) -> NotificationCenter._NotificationObserverToken? {
      if let observer = observer as? RunScopedObserverToken { return observer.token }
      let stored = Mirror(reflecting: observer).children.first { $0.label == "token" }?.value
      return stored as? NotificationCenter._NotificationObserverToken
    }
  }
#endif
