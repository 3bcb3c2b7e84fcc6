import Foundation
import SimulatedDevice
import Simulation
import Synchronization

/// The pre-26 speech recognizer — the twin of Apple's `SFSpeechRecognizer`, for apps that keep it
/// for the permission prompt and as their fallback below iOS 26.
///
/// On the simulated device it recognizes with the device's speech model (the same scripted model
/// as ``SpeechTranscriber``); its permission is the device's speech-recognition permission; it is
/// available when the network is up or the locale's model is on the device.
///
/// ```swift
/// SFSpeechRecognizer.requestAuthorization { status in … }
/// guard let recognizer = SFSpeechRecognizer(locale: Locale(identifier: "en-US")), recognizer.isAvailable else { return }
/// let request = SFSpeechAudioBufferRecognitionRequest()
/// let task = recognizer.recognitionTask(with: request) { result, error in
///   if let result { text = result.bestTranscription.formattedString }
/// }
/// ```
///
/// Result handlers and delegate methods run on the main actor, whatever ``queue`` is set to (the
/// default queue is the main queue, as on Apple's; other queues are not simulated).
open class SFSpeechRecognizer: @unchecked Sendable {
  /// The recognizer's locale.
  public let locale: Locale
  private let device: SimulatedDevice
  private let localeIdentifier: String
  private let settings = Mutex(Settings())
  private let observer = Mutex<Int?>(nil)
  private let liveObjects = LiveObjectTracker(SFSpeechRecognizer.self)

  private struct Settings: @unchecked Sendable {
    var defaultTaskHint = SFSpeechRecognitionTaskHint.unspecified
    var queue = OperationQueue.main
    weak var delegate: (any SFSpeechRecognizerDelegate)?
    var supportsOnDeviceOverride: Bool?
    var lastAvailable: Bool?
  }

  // MARK: Authorization

  /// The locales speech recognition supports on this device: the asset catalogue's supported
  /// locales (some may need the network).
  open class func supportedLocales() -> Set<Locale> {
    Set(SimulatedDevice.current.assets.supportedLocales.map(Locale.init(identifier:)))
  }

  /// The app's authorization now (the device's speech-recognition permission).
  open class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus {
    status(SimulatedDevice.current.speechRecognitionPermission)
  }

  /// Asks the user for permission: while not determined the simulated user answers as the
  /// device's configuration says; otherwise the status stays. `handler` is called once, later, on
  /// a task that is not the main actor (Apple: "not guaranteed on the main queue").
  open class func requestAuthorization(_ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void) {
    let device = SimulatedDevice.current
    let box = AuthorizationHandler(handler)
    Task.detached {
      let answer = status(device.requestSpeechRecognitionPermission())
      Simulation.current?.trace.record(.recognizerAuthorization, ["status": String(describing: answer)])
      box.call(answer)
    }
  }

  private static func status(
    _ state: SimulatedDevice.SpeechRecognitionPermission.State
  ) -> SFSpeechRecognizerAuthorizationStatus {
    switch state {
    case .notDetermined: .notDetermined
    case .denied: .denied
    case .restricted: .restricted
    case .authorized: .authorized
    }
  }

  // MARK: Creating a recognizer

  /// A recognizer for the user's current locale (`Locale.current`), or nil when it is not supported.
  public convenience init?() {
    self.init(locale: Locale.current)
  }

  /// A recognizer for `locale`, or nil when the device does not support its language.
  ///
  /// The language decides, as Apple documents it ("nil if the specified language was not
  /// supported"): a locale's extensions are not part of it, so a user locale with a region
  /// override (`en-US-u-rg-eszzzz`, English with Spain's formats) gets the en-US recognizer.
  public init?(locale: Locale) {
    let device = SimulatedDevice.current
    let identifier = Self.language(of: locale)
    guard device.assets.supportedLocales.contains(identifier) else { return nil }
    self.locale = locale
    self.device = device
    self.localeIdentifier = identifier
    settings.withLock { $0.lastAvailable = computeAvailable() }
    let token = device.addNetworkObserver { [weak self] _ in self?.networkChanged() }
    observer.withLock { $0 = token }
  }

  /// `locale`'s canonical BCP-47 identifier without its extensions (`-u-…`, `-t-…`, `-x-…`): the
  /// language, script and region the recognizer's model is chosen by.
  static func language(of locale: Locale) -> String {
    let subtags = AssetCatalogue.canonical(locale.identifier(.bcp47)).split(separator: "-")
    return subtags.prefix { $0.count > 1 }.joined(separator: "-")
  }

  deinit {
    if let token = observer.withLock({ $0 }) { device.removeNetworkObserver(token) }
  }

  // MARK: State

  /// Whether recognition can run now: the network is up or the locale's model is on the device.
  open var isAvailable: Bool { computeAvailable() }

  private func computeAvailable() -> Bool {
    device.networkAvailable || device.assets.isOnDevice(localeIdentifier)
  }

  /// Whether requests with `requiresOnDeviceRecognition` can run: the locale's model is on the
  /// device. Settable, as Apple's property is (a set value overrides the device's answer).
  open var supportsOnDeviceRecognition: Bool {
    get { settings.withLock { $0.supportsOnDeviceOverride } ?? device.assets.isOnDevice(localeIdentifier) }
    set { settings.withLock { $0.supportsOnDeviceOverride = newValue } }
  }

  /// Told when ``isAvailable`` changes; held weakly.
  open weak var delegate: (any SFSpeechRecognizerDelegate)? {
    get { settings.withLock { $0.delegate } }
    set { settings.withLock { $0.delegate = newValue } }
  }

  /// The task hint for requests whose own hint is `.unspecified`.
  open var defaultTaskHint: SFSpeechRecognitionTaskHint {
    get { settings.withLock { $0.defaultTaskHint } }
    set { settings.withLock { $0.defaultTaskHint = newValue } }
  }

  /// The queue for result handlers and delegate messages; the main queue by default. Stored only:
  /// the twin delivers on the main actor (Documentation/Twins.md).
  open var queue: OperationQueue {
    get { settings.withLock { $0.queue } }
    set { settings.withLock { $0.queue = newValue } }
  }

  private func networkChanged() {
    let available = computeAvailable()
    let changed = settings.withLock { settings -> Bool in
      defer { settings.lastAvailable = available }
      return settings.lastAvailable != available
    }
    guard changed else { return }
    Simulation.current?.trace.record(
      .recognizerAvailability, ["locale": localeIdentifier, "available": String(available)])
    Task { @MainActor [weak self] in
      guard let self, let delegate = self.delegate else { return }
      delegate.speechRecognizer(self, availabilityDidChange: available)
    }
  }

  // MARK: Recognition

  /// Starts recognizing `request`'s audio; `resultHandler` receives partial results (when the
  /// request asks for them), then the final result or an error — on the main actor.
  open func recognitionTask(
    with request: SFSpeechRecognitionRequest,
    resultHandler: @escaping (SFSpeechRecognitionResult?, (any Error)?) -> Void
  ) -> SFSpeechRecognitionTask {
    start(request, receiver: .handler(RecognitionResultHandler(resultHandler)))
  }

  /// Starts recognizing `request`'s audio and reports to `delegate` (held weakly by the task).
  open func recognitionTask(
    with request: SFSpeechRecognitionRequest, delegate: any SFSpeechRecognitionTaskDelegate
  ) -> SFSpeechRecognitionTask {
    start(request, receiver: .delegate(WeakTaskDelegate(delegate)))
  }

  private func start(_ request: SFSpeechRecognitionRequest, receiver: RecognitionReceiver) -> SFSpeechRecognitionTask {
    let number = device.nextRecognitionTaskNumber()
    let hint = request.taskHint == .unspecified ? defaultTaskHint : request.taskHint
    let task = SFSpeechRecognitionTask(
      name: "recognition \(localeIdentifier) \(number)", receiver: receiver, source: request.makeAudioSource())
    let run = RecognitionRun(
      task: task,
      settings: .init(
        localeIdentifier: localeIdentifier, partialResults: request.shouldReportPartialResults,
        requiresOnDevice: request.requiresOnDeviceRecognition, addsPunctuation: request.addsPunctuation, taskHint: hint,
        contextualStrings: request.contextualStrings,
        customLanguageModel: request.customizedLanguageModel?.languageModel.path),
      device: device)
    Task { await run.run() }
    return task
  }
}

/// The authorization handler, called once from a task (Apple's handler is not `@Sendable`).
private final class AuthorizationHandler: @unchecked Sendable {
  private let handler: (SFSpeechRecognizerAuthorizationStatus) -> Void
  init(_ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void) { self.handler = handler }
  func call(_ status: SFSpeechRecognizerAuthorizationStatus) { handler(status) }
}
