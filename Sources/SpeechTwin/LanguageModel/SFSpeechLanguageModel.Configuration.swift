import Foundation

extension SFSpeechLanguageModel {
  /// Where a custom language model and its vocabulary are (or will be) — the twin of Apple's
  /// `SFSpeechLanguageModel.Configuration`.
  public final class Configuration: Sendable, Hashable, CustomStringConvertible {
    /// The language model file.
    public let languageModel: URL
    /// The compiled vocabulary file, if any.
    public let vocabulary: URL?
    /// How strongly the custom model is weighted (26.0), if set.
    public let weight: NSNumber?

    /// A configuration with a language model file only.
    public convenience init(languageModel: URL) {
      self.init(languageModel: languageModel, vocabulary: nil, weight: nil)
    }

    /// A configuration with a language model and a vocabulary file.
    public convenience init(languageModel: URL, vocabulary: URL?) {
      self.init(languageModel: languageModel, vocabulary: vocabulary, weight: nil)
    }

    /// A configuration with a language model, a vocabulary and a weight (26.0).
    public init(languageModel: URL, vocabulary: URL?, weight: NSNumber?) {
      self.languageModel = languageModel
      self.vocabulary = vocabulary
      self.weight = weight
    }

    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
      lhs.languageModel == rhs.languageModel && lhs.vocabulary == rhs.vocabulary && lhs.weight == rhs.weight
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(languageModel)
      hasher.combine(vocabulary)
      hasher.combine(weight?.doubleValue)
    }

    /// `Configuration(model.bin, vocabulary: vocab.bin)`.
    public var description: String {
      "Configuration(\(languageModel.lastPathComponent)\(vocabulary.map { ", vocabulary: \($0.lastPathComponent)" } ?? ""))"
    }
  }
}
