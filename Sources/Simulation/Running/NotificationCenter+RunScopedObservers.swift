#if os(Linux)
  @_spi(SwiftCorelibsFoundation) internal import FoundationEssentials
  internal import Foundation

  // swift-corelibs-foundation's observer registration and removal, defined again under their
  // mangled names so that every call the executable's code makes (the stack's, the twins', the
  // harness's) binds to these, ahead of libFoundation.so's exported ones (as `Locale.current` in
  // `DeviceUserLocale.swift`). They do what Foundation's do, through the same
  // `@_spi(SwiftCorelibsFoundation)` registrar, except that the block is kept run-scoped
  // (`RunScopedObservers`). Foundation's calls inside its own library are not redirected.
  extension NotificationCenter {
    /// `addObserver(forName:object:queue:using:)`, as the code under test calls it.
    @_silgen_name(
      "$s20FoundationEssentials18NotificationCenterC0A0E11addObserver7forName6object5queue5usingAD16NSObjectProtocol_pAD14NSNotificationC0H0VSg_ypSgAD14OperationQueueCSgyAD0C0VYbctF"
    )
    func runScopedAddObserver(
      forName name: NSNotification.Name?, object: Any?, queue: OperationQueue?,
      using block: @Sendable @escaping (Notification) -> Void
    ) -> any NSObjectProtocol {
      let observer = RunScopedObservers.observer(block, queue: queue)
      return RunScopedObserverToken(_addObserver(name?.rawValue, object: object, using: observer))
    }

    /// `removeObserver(_:)`, as the code under test calls it.
    @_silgen_name("$s20FoundationEssentials18NotificationCenterC0A0E14removeObserveryyypF")
    func runScopedRemoveObserver(_ observer: Any) {
      runScopedRemoveObserver(observer, name: nil, object: nil)
    }

    /// `removeObserver(_:name:object:)`, as the code under test calls it: removes the observer when
    /// `name` and `object` are nil or match its registration, as Foundation does.
    @_silgen_name(
      "$s20FoundationEssentials18NotificationCenterC0A0E14removeObserver_4name6objectyyp_AD14NSNotificationC4NameVSgypSgtF"
    )
    func runScopedRemoveObserver(_ observer: Any, name: NSNotification.Name?, object: Any?) {
      let objectID = object.map { ObjectIdentifier($0 as AnyObject) }
      guard let registration = RunScopedObserverToken.registration(of: observer),
        name == nil || registration.name == name?.rawValue,
        objectID == nil || registration.objectId == objectID
      else { return }
      _removeObserver(registration)
    }
  }
#endif
