import Foundation
import Synchronization

/// A request to recognize speech from an audio source — the twin of Apple's abstract
/// `SFSpeechRecognitionRequest`. Use ``SFSpeechAudioBufferRecognitionRequest`` or
/// ``SFSpeechURLRecognitionRequest``.
///
/// Set the properties before passing the request to
/// ``SFSpeechRecognizer/recognitionTask(with:resultHandler:)``; the task reads them when it starts.
open class SFSpeechRecognitionRequest: @unchecked Sendable {
  private let settings = Mutex(Settings())

  private struct Settings: @unchecked Sendable {
    var taskHint = SFSpeechRecognitionTaskHint.unspecified
    var shouldReportPartialResults = true
    var contextualStrings: [String] = []
    var interactionIdentifier: String?
    var requiresOnDeviceRecognition = false
    var addsPunctuation = false
    var customizedLanguageModel: SFSpeechLanguageModel.Configuration?
  }

  /// Creates a request with Apple's defaults: partial results on, on-device not required, no
  /// automatic punctuation.
  public init() {}

  /// The kind of speech expected; overrides the recognizer's ``SFSpeechRecognizer/defaultTaskHint``
  /// unless `.unspecified`.
  open var taskHint: SFSpeechRecognitionTaskHint {
    get { settings.withLock { $0.taskHint } }
    set { settings.withLock { $0.taskHint = newValue } }
  }

  /// Whether partial (non-final) results are reported. Default true.
  open var shouldReportPartialResults: Bool {
    get { settings.withLock { $0.shouldReportPartialResults } }
    set { settings.withLock { $0.shouldReportPartialResults = newValue } }
  }

  /// Phrases to recognize even if they are not in the system vocabulary (recorded; a scripted
  /// model's text does not change).
  open var contextualStrings: [String] {
    get { settings.withLock { $0.contextualStrings } }
    set { settings.withLock { $0.contextualStrings = newValue } }
  }

  /// A string that identifies the request to the developer (deprecated by Apple: not used).
  open var interactionIdentifier: String? {
    get { settings.withLock { $0.interactionIdentifier } }
    set { settings.withLock { $0.interactionIdentifier = newValue } }
  }

  /// Whether the audio must stay on the device. Default false. When the locale has no on-device
  /// model the task fails (``SFSpeechRecognizer/supportsOnDeviceRecognition``).
  open var requiresOnDeviceRecognition: Bool {
    get { settings.withLock { $0.requiresOnDeviceRecognition } }
    set { settings.withLock { $0.requiresOnDeviceRecognition = newValue } }
  }

  /// Whether punctuation is added automatically. Default false: the twin then removes the
  /// sentence punctuation the model script writes (`.`, `,`, `?`, `!`, `;`, `:` at word ends).
  open var addsPunctuation: Bool {
    get { settings.withLock { $0.addsPunctuation } }
    set { settings.withLock { $0.addsPunctuation = newValue } }
  }

  /// A custom language model to use, prepared with
  /// ``SFSpeechLanguageModel/prepareCustomLanguageModel(for:clientIdentifier:configuration:completion:)``.
  open var customizedLanguageModel: SFSpeechLanguageModel.Configuration? {
    get { settings.withLock { $0.customizedLanguageModel } }
    set { settings.withLock { $0.customizedLanguageModel = newValue } }
  }

  /// The audio the task reads; subclasses provide it.
  func makeAudioSource() -> RecognitionAudioSource {
    fatalError(
      "SFSpeechRecognitionRequest is abstract; use SFSpeechAudioBufferRecognitionRequest or SFSpeechURLRecognitionRequest"
    )
  }
}
