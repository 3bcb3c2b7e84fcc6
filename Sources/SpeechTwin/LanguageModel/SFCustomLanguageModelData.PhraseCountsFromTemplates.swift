extension SFCustomLanguageModelData {
  /// Phrase counts from template classes and templates written with the result builder — the twin
  /// of Apple's `SFCustomLanguageModelData.PhraseCountsFromTemplates`.
  ///
  /// ```swift
  /// SFCustomLanguageModelData(locale: locale, identifier: "chess", version: "1") {
  ///   SFCustomLanguageModelData.PhraseCountsFromTemplates(classes: ["piece": ["pawn", "rook"], "square": ["e4", "d4"]]) {
  ///     SFCustomLanguageModelData.TemplatePhraseCountGenerator.Template("move my <piece> to <square>", count: 100)
  ///   }
  /// }
  /// ```
  public struct PhraseCountsFromTemplates: DataInsertable {
    /// The generator holding the classes and the built templates.
    let generator: TemplatePhraseCountGenerator

    /// Creates phrase counts from `classes` and the templates `builder` returns.
    /// - Parameters:
    ///   - classes: Token classes by name, for `<name>` references.
    ///   - builder: The templates.
    public init(classes: [String: [String]], @TemplateInsertableBuilder builder: () -> any TemplateInsertable) {
      generator = TemplatePhraseCountGenerator()
      for (name, values) in classes { generator.define(className: name, values: values) }
      builder().insert(generator: generator)
    }
  }
}
