public import AudioPCM

extension SimulatedDevice {
  /// Everything a scenario says about the device: its microphone, speech assets, network,
  /// permissions, limits. Values are plain data so scenario files can be decoded into them.
  public struct Configuration: Sendable, Hashable {
    /// The microphone's hardware and what it hears.
    public var microphone: MicrophoneConfiguration
    /// Speech assets: which locales exist, are installed, reserved, and how downloads behave.
    public var assets: AssetConfiguration
    /// Whether the network is reachable at the start.
    public var networkAvailable: Bool
    /// The record permission at the start, and what the user answers when asked.
    public var recordPermission: RecordPermission
    /// The speech-recognition permission (`SFSpeechRecognizer.authorizationStatus()`) at the start,
    /// and what the user answers when asked.
    public var speechRecognitionPermission: SpeechRecognitionPermission
    /// Whether `SpeechTranscriber.isAvailable` (hardware support) is true.
    public var speechTranscriberAvailable: Bool
    /// How many analyzers may run at once before the next one fails with `insufficientResources`.
    public var maximumSimultaneousAnalyzers: Int
    /// Virtual seconds the speech model needs per second of audio (0: compute is free, the
    /// "timing-unaware" mode). Above 1 the analyzer falls behind real time and input backs up.
    public var modelComputeCost: Double
    /// Virtual time `SFSpeechLanguageModel.prepareCustomLanguageModel` takes to build a model.
    public var customLanguageModelPreparation: Duration
    /// When results published by `finalize…()` reach the app: before the call returns (the
    /// default) or only after it returned, as Apple also allows.
    public var resultDelivery: ResultDelivery = .beforeFinalizeReturns
    /// A converter error to inject: the first `AVAudioConverter` conversion at or after its moment fails.
    public var converterFailure: ConverterFailure?
    /// The user's locale in Settings: what `Locale.current` returns to the stack inside a run
    /// (Linux; see `DeviceUserLocale`). `en_US`, a phone's default, unless a scenario's `device.locale` says otherwise.
    public var userLocale: String = "en_US"
    /// The user's preferred languages, most preferred first: what `Locale.preferredLanguages`
    /// returns inside a run. `["en-US"]` unless a scenario's `device.languages` (or `device.locale`) says otherwise.
    public var preferredLanguages: [String] = ["en-US"]

    /// Creates a configuration; the defaults are a current iPhone with en-US installed, online,
    /// microphone permission granted.
    public init(
      microphone: MicrophoneConfiguration = MicrophoneConfiguration(),
      assets: AssetConfiguration = AssetConfiguration(),
      networkAvailable: Bool = true,
      recordPermission: RecordPermission = RecordPermission(),
      speechTranscriberAvailable: Bool = true,
      maximumSimultaneousAnalyzers: Int = 4,
      modelComputeCost: Double = 0,
      speechRecognitionPermission: SpeechRecognitionPermission = SpeechRecognitionPermission(),
      customLanguageModelPreparation: Duration = .seconds(2)
    ) {
      self.microphone = microphone
      self.assets = assets
      self.networkAvailable = networkAvailable
      self.recordPermission = recordPermission
      self.speechTranscriberAvailable = speechTranscriberAvailable
      self.maximumSimultaneousAnalyzers = maximumSimultaneousAnalyzers
      self.modelComputeCost = modelComputeCost
      self.speechRecognitionPermission = speechRecognitionPermission
      self.customLanguageModelPreparation = customLanguageModelPreparation
    }
  }

  /// The microphone: its hardware format, how the engine's tap is paced, and the audio it hears.
  public struct MicrophoneConfiguration: Sendable, Hashable {
    /// The hardware sample rate (48 kHz on most devices, 16 kHz on some headsets).
    public var sampleRate: Double
    /// Hardware channels.
    public var channelCount: Int
    /// The sample type the built-in input delivers: `.float32` (deinterleaved, the default) or
    /// `.int16` (interleaved, as some USB and Bluetooth inputs deliver).
    public var sampleType: AudioFormat.SampleType = .float32
    /// Frames per tap callback the hardware actually delivers (a tap's `bufferSize` is only a hint).
    public var tapFrames: Int
    /// Largest random delay added to each callback (seeded), for scheduling realism.
    public var jitter: Duration
    /// The audio file the microphone hears; silence when nil or after the file ends.
    public var audioFile: String?
    /// An explicit tap schedule the microphone follows instead of its regular cadence, one entry
    /// per callback (a capture's exact buffers, format changes included); empty for the regular
    /// cadence of ``tapFrames``. Once the schedule is used up, the regular cadence goes on.
    public var tapSchedule: [Microphone.TapScheduleEntry]

    /// Creates a configuration: 48 kHz mono, 4800-frame (100 ms) callbacks, no jitter, silence,
    /// no explicit schedule.
    public init(
      sampleRate: Double = 48_000, channelCount: Int = 1, tapFrames: Int = 4_800, jitter: Duration = .zero,
      audioFile: String? = nil,
      tapSchedule: [Microphone.TapScheduleEntry] = []
    ) {
      self.sampleRate = sampleRate
      self.channelCount = channelCount
      self.tapFrames = tapFrames
      self.jitter = jitter
      self.audioFile = audioFile
      self.tapSchedule = tapSchedule
    }
  }

  /// The speech-asset catalogue at the start of a scenario.
  public struct AssetConfiguration: Sendable, Hashable {
    /// Locales a transcriber can ever use on this device (BCP-47, `en-US`).
    public var supportedLocales: [String]
    /// Locales whose model is on the device.
    public var installedLocales: [String]
    /// Locales reserved by the app.
    public var reservedLocales: [String]
    /// The reservation limit (`AssetInventory.maximumReservedLocales`).
    public var maximumReservedLocales: Int
    /// How long a download takes in virtual time.
    public var downloadDuration: Duration
    /// How many progress updates a download reports.
    public var progressSteps: Int
    /// A download failure to inject: the download fails after this fraction (0…1) of its duration.
    public var downloadFailsAt: Double?
    /// Whether `downloadAndInstall()` returns as soon as a download is under way, leaving the asset
    /// `downloading` until the download ends in the background (the system queued the request:
    /// fastrepl/anarlog#7006, 2026; Twins.md, "Faults of the Speech twins").
    public var downloadReturnsWhileDownloading = false

    /// Creates a catalogue: en-US and a few others supported, en-US installed and reserved, five
    /// reservations, 3 s downloads in 10 steps that succeed.
    public init(
      supportedLocales: [String] = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "ja-JP"],
      installedLocales: [String] = ["en-US"], reservedLocales: [String] = ["en-US"], maximumReservedLocales: Int = 5,
      downloadDuration: Duration = .seconds(3), progressSteps: Int = 10, downloadFailsAt: Double? = nil
    ) {
      self.supportedLocales = supportedLocales
      self.installedLocales = installedLocales
      self.reservedLocales = reservedLocales
      self.maximumReservedLocales = maximumReservedLocales
      self.downloadDuration = downloadDuration
      self.progressSteps = progressSteps
      self.downloadFailsAt = downloadFailsAt
    }
  }

  /// The record permission and how the simulated user answers a request.
  public struct RecordPermission: Sendable, Hashable {
    /// The three states Apple's `AVAudioApplication.recordPermission` reports.
    public enum State: String, Sendable, Hashable, CaseIterable {
      /// Not asked yet.
      case undetermined
      /// The user said no.
      case denied
      /// The user said yes.
      case granted
    }

    /// The state at the start.
    public var state: State
    /// What the user answers when the app asks while undetermined.
    public var answersRequestWith: Bool
    /// How long the system's prompt stays on screen before the user answers it (virtual time); zero
    /// answers at once. A first launch reads it: the asynchronous requests return only then.
    public var answersAfter: Duration

    /// Creates a permission; granted by default.
    public init(state: State = .granted, answersRequestWith: Bool = true, answersAfter: Duration = .zero) {
      self.state = state
      self.answersRequestWith = answersRequestWith
      self.answersAfter = answersAfter
    }
  }

  /// The speech-recognition permission and how the simulated user answers a request.
  public struct SpeechRecognitionPermission: Sendable, Hashable {
    /// The four states of Apple's `SFSpeechRecognizerAuthorizationStatus`.
    public enum State: String, Sendable, Hashable, CaseIterable {
      /// Not asked yet.
      case notDetermined
      /// The user said no.
      case denied
      /// The device does not allow speech recognition (parental controls, MDM).
      case restricted
      /// The user said yes.
      case authorized
    }

    /// The state at the start.
    public var state: State
    /// What the user answers when the app asks while not determined.
    public var answersRequestWith: Bool

    /// Creates a permission; authorized by default, as the record permission is granted by default.
    public init(state: State = .authorized, answersRequestWith: Bool = true) {
      self.state = state
      self.answersRequestWith = answersRequestWith
    }
  }
}
