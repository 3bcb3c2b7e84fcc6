extension SFCustomLanguageModelData {
  /// The base class of generators of phrase counts — the twin of Apple's abstract
  /// `SFCustomLanguageModelData.PhraseCountGenerator`: an asynchronous sequence of ``PhraseCount``s
  /// that ``SFCustomLanguageModelData/insert(phraseCountGenerator:)`` takes and
  /// ``SFCustomLanguageModelData/export(to:)`` reads to the end.
  ///
  /// The base class generates nothing; ``TemplatePhraseCountGenerator`` expands templates.
  /// Not mirrored: Apple's `Codable` and `Hashable` conformances of this class hierarchy (their
  /// encoding and equality are not documented).
  open class PhraseCountGenerator: DataInsertable, AsyncSequence {
    /// The phrase counts, one at a time.
    public typealias Element = PhraseCount

    /// Creates a generator.
    public init() {}

    /// An iterator over the generated phrase counts; the base class's ends at once.
    open class Iterator: AsyncIteratorProtocol {
      /// Creates an iterator.
      public init() {}

      /// The next phrase count, or nil at the end.
      /// - Returns: Nil in the base class.
      open func next() async throws -> PhraseCount? { nil }
    }

    /// A new iterator over the generated phrase counts.
    /// - Returns: The base class's empty iterator.
    open func makeAsyncIterator() -> Iterator { Iterator() }
  }
}
