/// A subject a `dismiss` step let go of, held weakly with the app objects it holds: once the
/// simulation is over they must be gone.
struct Dismissal: @unchecked Sendable {
  // @unchecked: the weak references are only read on the simulation's main actor, then after the
  // simulation has finished, on one thread.
  /// The subject, nil once deallocated.
  weak var subject: AnyObject?
  /// The subject's type, for the message.
  let typeName: String
  /// Where the `dismiss` step is written.
  let location: SourceLocation
  /// The objects the subject holds in its stored properties (the app's model it adapts, say),
  /// which must go with it.
  var objects: [AppObject]
  /// The screen was dismissed while its stack still finished a stop (phase `stopping`: one it
  /// began by itself, an interruption that could not resume, say): the stack holds itself until
  /// that stop ends, which may be after the run's last step, when the simulation stops.
  var wasStopping = false

  /// One object a dismissed subject held.
  struct AppObject: @unchecked Sendable {
    /// The object, nil once deallocated.
    weak var object: AnyObject?
    /// `DictationSubject.model`: the subject's type and the property's name, for the message.
    let property: String
    /// The object's type, for the message.
    let typeName: String
    /// Another subject of the run (a reopened screen) holds the same object: shared by design (a
    /// service, a cache), so it may outlive one screen.
    var shared = false
  }

  /// Remembers `subject` and the objects in its stored properties weakly.
  init(_ subject: AnyObject, at location: SourceLocation) {
    self.subject = subject
    // `_typeName` prints what `String(reflecting:)` / `String(describing:)` print for a type, without
    // the runtime's conformance searches for the printing protocols first (LiveObjectTracker).
    self.typeName = _typeName(type(of: subject), qualified: true)
    self.location = location
    let owner = _typeName(type(of: subject), qualified: false)
    objects = Self.heldObjects(of: subject).map { label, object in
      AppObject(object: object, property: "\(owner).\(label)", typeName: _typeName(type(of: object), qualified: true))
    }
  }

  /// Modules whose objects are not the app's: the twins and the harness (their analyzers,
  /// transcribers and engines are counted by `LiveObjectTracker`; an audio session is a
  /// process-wide singleton, as on a device) and the standard libraries.
  static let foreignModules: Set<String> = [
    "AVFAudioTwin", "AVFAudioTwinTapAPI", "AVFoundationTwin", "CoreAudioTypesTwin", "CoreMediaTwin", "SpeechTwin",
    "SimulatedDevice", "Simulation", "SpeechReplay", "SpeechReplayCapture", "Foundation", "FoundationEssentials",
    "Swift", "_Concurrency", "Observation", "Dispatch",
  ]

  /// The app's class instances `subject` holds in its stored properties (its own and its
  /// superclasses'), optionals unwrapped; one level deep, the subject itself and objects of
  /// ``foreignModules`` left out.
  static func heldObjects(of subject: AnyObject) -> [(String, AnyObject)] {
    var found: [(String, AnyObject)] = []
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror {
      for (index, child) in current.children.enumerated() {
        guard let object = classInstance(child.value), object !== subject else { continue }
        let module = _typeName(type(of: object), qualified: true).prefix { $0 != "." }
        guard !foreignModules.contains(String(module)) else { continue }
        found.append((child.label ?? "#\(index)", object))
      }
      mirror = current.superclassMirror
    }
    return found
  }

  /// The value as a class instance (inside an optional too); nil for anything else.
  private static func classInstance(_ value: Any) -> AnyObject? {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class: return value as AnyObject
    case .optional: return mirror.children.first.flatMap { classInstance($0.value) }
    default: return nil
    }
  }
}
