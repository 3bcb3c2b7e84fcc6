extension SFCustomLanguageModelData {
  /// Builds templates from a closure (`PhraseCountsFromTemplates(classes:builder:)`) — the twin of
  /// Apple's `SFCustomLanguageModelData.TemplateInsertableBuilder`.
  @resultBuilder public struct TemplateInsertableBuilder {
    /// The templates of a block.
    public static func buildBlock(_ components: any TemplateInsertable...) -> any TemplateInsertable {
      CompoundTemplate(components)
    }
    /// The templates of a `for…in` loop.
    public static func buildArray(_ components: [any TemplateInsertable]) -> any TemplateInsertable {
      CompoundTemplate(components)
    }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: any TemplateInsertable) -> any TemplateInsertable { component }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: any TemplateInsertable) -> any TemplateInsertable { component }
    /// An `if` without `else`.
    public static func buildOptional(_ component: (any TemplateInsertable)?) -> any TemplateInsertable {
      component ?? CompoundTemplate([])
    }
  }
}
