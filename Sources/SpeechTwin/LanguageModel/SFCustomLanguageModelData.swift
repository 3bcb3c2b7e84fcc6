import Foundation

/// Training data for a custom language model: phrases with counts and custom pronunciations —
/// the twin of Apple's `SFCustomLanguageModelData`.
///
/// ```swift
/// let data = SFCustomLanguageModelData(locale: Locale(identifier: "en-US"), identifier: "com.example.terms", version: "1.0") {
///   SFCustomLanguageModelData.PhraseCount(phrase: "speech replay", count: 10)
/// }
/// try await data.export(to: url)
/// ```
///
/// The twin's export is JSON (Apple's is an opaque archive); only the twin's
/// ``SFSpeechLanguageModel`` reads it.
public final class SFCustomLanguageModelData: @unchecked Sendable {
  /// The locale of the data.
  public let locale: Locale
  /// The data's identifier.
  public let identifier: String
  /// The data's version.
  public let version: String
  private var phrases: [PhraseCount] = []
  private var terms: [CustomPronunciation] = []
  /// Generators in the order they were inserted; read to their end by ``export(to:)``.
  private var generators: [PhraseCountGenerator] = []

  /// Creates empty training data.
  public init(locale: Locale, identifier: String, version: String) {
    self.locale = locale
    self.identifier = identifier
    self.version = version
  }

  /// Creates training data from a builder of phrases and pronunciations.
  public convenience init(
    locale: Locale, identifier: String, version: String, @DataInsertableBuilder builder: () -> [any DataInsertable]
  ) {
    self.init(locale: locale, identifier: identifier, version: version)
    for item in builder() { insert(item) }
  }

  /// Adds a phrase with how often it occurs.
  public func insert(phraseCount: PhraseCount) { phrases.append(phraseCount) }

  /// Adds a custom pronunciation.
  public func insert(term: CustomPronunciation) { terms.append(term) }

  /// Adds a stream of phrase counts (a ``TemplatePhraseCountGenerator``); it is read when the data
  /// is exported.
  /// - Parameter phraseCountGenerator: A generator of phrase counts.
  public func insert(phraseCountGenerator: PhraseCountGenerator) { generators.append(phraseCountGenerator) }

  /// Adds anything the builder takes.
  public func insert(_ insertable: any DataInsertable) {
    if let phrase = insertable as? PhraseCount { insert(phraseCount: phrase) }
    if let term = insertable as? CustomPronunciation { insert(term: term) }
    if let generator = insertable as? PhraseCountGenerator { insert(phraseCountGenerator: generator) }
    if let templates = insertable as? PhraseCountsFromTemplates { insert(phraseCountGenerator: templates.generator) }
  }

  /// Writes the training data to `path` for ``SFSpeechLanguageModel/prepareCustomLanguageModel(for:clientIdentifier:configuration:)``:
  /// the phrase counts inserted and those the generators produce, in the order they were inserted
  /// (phrase counts first, then each generator's).
  public func export(to path: URL) async throws {
    var all = phrases
    for generator in generators {
      for try await phrase in generator { all.append(phrase) }
    }
    let exported = Exported(
      locale: locale.identifier(.bcp47), identifier: identifier, version: version, phrases: all, terms: terms)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(exported).write(to: path)
  }

  /// A phrase and how often it occurs in the training data.
  public struct PhraseCount: DataInsertable, Sendable, Hashable, Codable {
    /// The phrase.
    public let phrase: String
    /// How often it occurs.
    public let count: Int
    /// Creates a phrase count.
    public init(phrase: String, count: Int) {
      self.phrase = phrase
      self.count = count
    }
  }

  /// A word and its pronunciation in X-SAMPA phonemes.
  public struct CustomPronunciation: DataInsertable, Sendable, Hashable, Codable {
    /// The written word.
    public let grapheme: String
    /// Its phonemes.
    public let phonemes: [String]
    /// Creates a pronunciation.
    public init(grapheme: String, phonemes: [String]) {
      self.grapheme = grapheme
      self.phonemes = phonemes
    }
  }

  /// Something the training-data builder takes.
  public protocol DataInsertable {}

  /// Builds a list of phrases and pronunciations.
  @resultBuilder public struct DataInsertableBuilder {
    /// Collects the items.
    public static func buildBlock(_ components: [any DataInsertable]...) -> [any DataInsertable] {
      components.flatMap { $0 }
    }
    /// One item.
    public static func buildExpression(_ expression: any DataInsertable) -> [any DataInsertable] { [expression] }
    /// Several items (from a loop).
    public static func buildArray(_ components: [[any DataInsertable]]) -> [any DataInsertable] {
      components.flatMap { $0 }
    }
    /// An optional item.
    public static func buildOptional(_ component: [any DataInsertable]?) -> [any DataInsertable] { component ?? [] }
    /// One branch of an `if`.
    public static func buildEither(first component: [any DataInsertable]) -> [any DataInsertable] { component }
    /// The other branch of an `if`.
    public static func buildEither(second component: [any DataInsertable]) -> [any DataInsertable] { component }
  }

  /// The twin's export format.
  struct Exported: Codable {
    var locale: String
    var identifier: String
    var version: String
    var phrases: [PhraseCount]
    var terms: [CustomPronunciation]

    static func read(from url: URL) throws -> Exported {
      try JSONDecoder().decode(Exported.self, from: Data(contentsOf: url))
    }
  }
}
