public import Foundation
import Simulation

extension NotificationCenter {
  /// Posts a notification the frameworks post on a device from a thread of their own: an observer
  /// added with `queue: .main` runs as main-actor work before the post returns, instead of the post
  /// waiting, on the simulation's one thread, for a main queue that thread would run
  /// (`Simulation.postAsTheSystem(_:)`).
  package func postAsTheSystem(name: Notification.Name, object: Any?, userInfo: [AnyHashable: Any]? = nil) {
    nonisolated(unsafe) let object = object
    nonisolated(unsafe) let userInfo = userInfo
    Simulation.postAsTheSystem { self.post(name: name, object: object, userInfo: userInfo) }
  }
}
