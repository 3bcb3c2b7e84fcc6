extension SFCustomLanguageModelData {
  /// Several templates as one — what ``TemplateInsertableBuilder`` builds (Apple: "You are not
  /// intended to use this directly").
  public struct CompoundTemplate: TemplateInsertable {
    private let components: [any TemplateInsertable]

    /// Creates a compound of `components`.
    /// - Parameter components: The templates, in order.
    public init(_ components: [any TemplateInsertable]) { self.components = components }

    /// Adds every component to `generator`, in order.
    public func insert(generator: TemplatePhraseCountGenerator) {
      for component in components { component.insert(generator: generator) }
    }
  }
}
