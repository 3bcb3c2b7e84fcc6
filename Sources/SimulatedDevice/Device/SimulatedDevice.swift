import Simulation
import Synchronization

/// The device a scenario runs on: microphone, speech assets, network, record permission, resource
/// limits and the speech model. The twins of Apple's APIs read it through ``current``, as Apple's
/// APIs read the real device.
///
/// ```swift
/// let device = SimulatedDevice(configuration: .init(networkAvailable: false), model: ScriptedModelBackend(script: script))
/// let report = try SimulatedDevice.withDevice(device) {
///   try Simulation.run(.init(name: "offline first run")) { await app.start() }
/// }
/// device.diagnostics   // what a developer could not have seen on a device
/// ```
///
/// State changes that a scenario makes (network off, permission denied, asset removed) take effect
/// at once; the twins observe them the next time they ask.
public final class SimulatedDevice: Sendable {
  /// The configuration the device started with.
  public let configuration: Configuration
  /// The speech model behind the transcriber twins.
  public let model: any SpeechModelBackend
  /// The speech-asset catalogue (supported, installed, reserved locales; downloads).
  public let assets: AssetCatalogue
  /// The microphone: it hears ``Configuration/microphone``'s audio file in the hardware format.
  public let microphone: Microphone
  /// Follows the microphone's audio from the tap to the analyzers by content (what the model can hear).
  public let audioConservation = AudioConservation()
  /// The bytes of audio buffers alive on the device, sampled while the microphone delivers.
  public let bufferMemory = BufferMemory()

  private let state: Mutex<State>
  /// Whether ``Configuration/converterFailure`` has failed a conversion already (`SimulatedDevice+ConverterFailure.swift`).
  let converterFailureFired = Mutex(false)

  private struct State {
    var networkAvailable: Bool
    var recordPermission: RecordPermission.State
    var speechRecognitionPermission: SpeechRecognitionPermission.State
    var networkObservers: [Int: @Sendable (Bool) -> Void] = [:]
    var nextObserver = 0
    var preparedLanguageModels: Set<String> = []
    var analyzersRunning = 0
    var analyzersCreated = 0
    var recognitionTasksStarted = 0
    var diagnostics: [Diagnostic] = []
    /// When the record-permission prompt on screen is answered (``requestRecordPermissionAfterPrompt()``).
    var recordPromptAnswered: VirtualClock.Instant?
  }

  /// Creates a device.
  /// - Parameters:
  ///   - configuration: Microphone, assets, network, permission and limits at the start.
  ///   - model: The speech model; by default one that knows no locale (every analysis fails with `noModel`).
  public init(
    configuration: Configuration = Configuration(), model: any SpeechModelBackend = ScriptedModelBackend(scripts: [:])
  ) {
    self.configuration = configuration
    self.model = model
    self.assets = AssetCatalogue(configuration.assets)
    self.microphone = Microphone(configuration: configuration.microphone)
    self.state = Mutex(
      State(
        networkAvailable: configuration.networkAvailable, recordPermission: configuration.recordPermission.state,
        speechRecognitionPermission: configuration.speechRecognitionPermission.state))
    microphone.device = self
  }

  // MARK: Network and permission

  /// Whether the network is reachable now.
  public var networkAvailable: Bool {
    get { state.withLock { $0.networkAvailable } }
    set {
      let (changed, observers) = state.withLock { state in
        defer { state.networkAvailable = newValue }
        return (
          state.networkAvailable != newValue, Array(state.networkObservers.sorted { $0.key < $1.key }.map(\.value))
        )
      }
      record(.deviceNetwork, ["available": String(newValue)])
      if changed { for observer in observers { observer(newValue) } }
    }
  }

  /// Calls `observer` with the new value each time ``networkAvailable`` changes, until the returned
  /// token is passed to ``removeNetworkObserver(_:)``. Observers run synchronously, in the order
  /// they were added, on the task that changed the network.
  public func addNetworkObserver(_ observer: @escaping @Sendable (Bool) -> Void) -> Int {
    state.withLock { state in
      state.nextObserver += 1
      state.networkObservers[state.nextObserver] = observer
      return state.nextObserver
    }
  }

  /// Stops calling an observer added with ``addNetworkObserver(_:)``.
  public func removeNetworkObserver(_ token: Int) {
    _ = state.withLock { $0.networkObservers.removeValue(forKey: token) }
  }

  /// The speech-recognition permission now (`SFSpeechRecognizer.authorizationStatus()`).
  public var speechRecognitionPermission: SpeechRecognitionPermission.State {
    get { state.withLock { $0.speechRecognitionPermission } }
    set {
      state.withLock { $0.speechRecognitionPermission = newValue }
      record(.devicePermission, ["speechRecognition": newValue.rawValue])
    }
  }

  /// Asks the simulated user for the speech-recognition permission: a permission not yet
  /// determined becomes what the configuration says the user answers; a decided one (including
  /// `restricted`) stays as it is.
  /// - Returns: The permission after the request.
  public func requestSpeechRecognitionPermission() -> SpeechRecognitionPermission.State {
    let answer = state.withLock { state -> SpeechRecognitionPermission.State in
      if state.speechRecognitionPermission == .notDetermined {
        state.speechRecognitionPermission =
          configuration.speechRecognitionPermission.answersRequestWith ? .authorized : .denied
      }
      return state.speechRecognitionPermission
    }
    record(.devicePermissionRequest, ["speechRecognition": answer.rawValue])
    return answer
  }

  /// The record permission now.
  public var recordPermission: RecordPermission.State {
    get { state.withLock { $0.recordPermission } }
    set {
      state.withLock { $0.recordPermission = newValue }
      record(.devicePermission, ["record": newValue.rawValue])
    }
  }

  /// Asks the simulated user for the record permission: an undetermined permission becomes what
  /// the configuration says the user answers; a decided one stays as it is.
  /// - Returns: Whether recording is granted.
  public func requestRecordPermission() -> Bool {
    let answer = state.withLock { state -> RecordPermission.State in
      if state.recordPermission == .undetermined {
        state.recordPermission = configuration.recordPermission.answersRequestWith ? .granted : .denied
      }
      return state.recordPermission
    }
    record(.devicePermissionRequest, ["answer": answer.rawValue])
    return answer == .granted
  }

  /// When the prompt on screen is answered: the one already showing, or one shown now until
  /// `now + answersAfter`; nil when no prompt is shown (decided, or answered at once).
  func recordPromptDeadline(now: VirtualClock.Instant) -> VirtualClock.Instant? {
    let delay = configuration.recordPermission.answersAfter
    let (deadline, shown) = state.withLock { state -> (VirtualClock.Instant?, Bool) in
      guard state.recordPermission == .undetermined, delay > .zero else { return (nil, false) }
      if let answered = state.recordPromptAnswered { return (answered, false) }
      state.recordPromptAnswered = now.advanced(by: delay)
      return (state.recordPromptAnswered, true)
    }
    if shown, let deadline {
      let answer = configuration.recordPermission.answersRequestWith ? "grant" : "deny"
      record(.devicePermissionPrompt, ["answer": answer, "answeredAt": "\(deadline.offset / .seconds(1))"])
    }
    return deadline
  }

  // MARK: Custom language models

  /// Records that a custom language model was prepared at `path` (the configuration's
  /// `languageModel` file), so recognition that names it can use it.
  public func languageModelPrepared(at path: String) {
    _ = state.withLock { $0.preparedLanguageModels.insert(path) }
  }

  /// Whether a custom language model was prepared at `path` on this device.
  public func isLanguageModelPrepared(at path: String) -> Bool {
    state.withLock { $0.preparedLanguageModels.contains(path) }
  }

  // MARK: Resource limits

  /// Takes one of the device's analyzer slots; false when ``Configuration/maximumSimultaneousAnalyzers``
  /// are already running (the caller then fails with `insufficientResources`).
  public func acquireAnalyzerSlot() -> Bool {
    state.withLock { state in
      guard state.analyzersRunning < configuration.maximumSimultaneousAnalyzers else { return false }
      state.analyzersRunning += 1
      return true
    }
  }

  /// Gives back a slot taken with ``acquireAnalyzerSlot()``.
  public func releaseAnalyzerSlot() {
    state.withLock { $0.analyzersRunning = max(0, $0.analyzersRunning - 1) }
  }

  /// Numbers the analyzers created on this device (1, 2, …), so their names in traces do not depend
  /// on what else ran in the process.
  public func nextAnalyzerNumber() -> Int {
    state.withLock { state in
      state.analyzersCreated += 1
      return state.analyzersCreated
    }
  }

  /// Numbers the legacy recognition tasks started on this device (1, 2, …), whichever
  /// `SFSpeechRecognizer` started them: an app that makes a recognizer per recording would
  /// otherwise give its second recording's task the first one's name, and the audio check would
  /// compare it on the first task's timeline.
  public func nextRecognitionTaskNumber() -> Int {
    state.withLock { state in
      state.recognitionTasksStarted += 1
      return state.recognitionTasksStarted
    }
  }

  /// Analyzers holding a slot now.
  public var analyzersRunning: Int { state.withLock { $0.analyzersRunning } }

  // MARK: Diagnostics

  /// What the twins reported that a developer could not see on a device, in order.
  public var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

  /// Records a diagnostic: kept on the device and, inside a simulation, in the trace. Never changes
  /// behaviour.
  /// - Parameters:
  ///   - subject: What it is about, for example `SpeechAnalyzer`.
  ///   - message: Plain words: what happened and what Apple's framework would have done.
  ///   - level: `.warning` (the default), or `.note` for something harmless and expected on a device.
  public func diagnose(_ subject: String, _ message: String, level: Diagnostic.Level = .warning) {
    let time = Simulation.current?.now ?? .zero
    state.withLock { $0.diagnostics.append(Diagnostic(time: time, subject: subject, message: message, level: level)) }
    Simulation.current?.trace.record(.diagnostic, ["subject": subject, "message": message])
  }

  /// Records a trace event when inside a simulation.
  func record(_ kind: TraceEvent.Kind, _ fields: KeyValuePairs<String, String>) {
    Simulation.current?.trace.record(kind, fields)
  }
}
