/// Something the template result builder takes: a template, or several — the twin of Apple's
/// `TemplateInsertable`.
public protocol TemplateInsertable {
  /// Adds itself to `generator`.
  /// - Parameter generator: The generator that expands the templates.
  func insert(generator: SFCustomLanguageModelData.TemplatePhraseCountGenerator)
}
