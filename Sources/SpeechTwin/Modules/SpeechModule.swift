import AVFAudioTwin
import CoreMediaTwin
import Foundation

/// A kind of analysis an analyzer performs — transcription, dictation, voice activity — with its
/// own results sequence. The twin of Apple's `SpeechModule`.
///
/// Each module instance has exactly one results sequence (reading ``results`` again returns the
/// same one); an analysis-wide error is thrown from every module's sequence.
public protocol SpeechModule: AnyObject, Sendable {
  /// The module's result type.
  associatedtype Result: SpeechModuleResult, Sendable where Result == Results.Element
  /// The module's results sequence type.
  associatedtype Results: Sendable, AsyncSequence where Results.Failure == any Error

  /// The results, in order; the sequence ends when the analysis finishes.
  var results: Results { get }

  /// Formats the module can take in its configuration; empty while the assets it needs are not
  /// installed.
  var availableCompatibleAudioFormats: [AVAudioFormat] { get async }
}

/// A result of a speech module: the audio it covers and the time before which everything is final.
public protocol SpeechModuleResult {
  /// The audio the result covers.
  var range: CMTimeRange { get }
  /// The module's results are final for all audio before this time.
  var resultsFinalizationTime: CMTime { get }
}

extension SpeechModuleResult {
  /// True when the result will not change: `resultsFinalizationTime >= range.end`.
  public var isFinal: Bool { resultsFinalizationTime >= range.end }
}

/// A module that works in one or more locales and needs their assets.
public protocol LocaleDependentSpeechModule: SpeechModule {
  /// Locales the module can use on this device, including ones that must be downloaded first.
  static var supportedLocales: [Locale] { get async }
  /// A supported locale equivalent to `locale` (same language; region may differ), preferring
  /// installed ones; nil when none.
  static func supportedLocale(equivalentTo locale: Locale) async -> Locale?
  /// The locales the module was configured with.
  var selectedLocales: [Locale] { get }
}
