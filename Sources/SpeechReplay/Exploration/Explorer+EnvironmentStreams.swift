extension Explorer {
  /// The environment kinds of issue 31 that joined after the others, each from a stream of its own
  /// (the seed mixed with the kind's constant), so a seed's other perturbations and run seeds stay
  /// what they were and earlier reproducers' `--seed N … run M` lines stay true.
  ///
  /// ``Perturbation/Kind/firstLaunch`` joins a quarter of the runs: a first launch is one launch of
  /// many, and the runs without it keep the permission the scenario wrote.
  ///
  /// A user locale of another region of the model's language (en-GB on a device whose model is
  /// en-US: what `supportedLocale(equivalentTo:)` maps, and an exact comparison misses) joins a sixth
  /// of the runs that drew no ``Perturbation/Kind/userLocale`` of the older forms.
  static func laterStreams(
    seed: UInt64, run: Int, context: Perturbation.Kind.Context, drawn: [Perturbation]
  ) -> [Perturbation] {
    var perturbations: [Perturbation] = []
    var launchRandom = ExplorationRandom(seed: seed ^ firstLaunchStream, run: run)
    if Int.random(in: 0..<4, using: &launchRandom) == 0 {
      perturbations.append(Perturbation.Kind.firstLaunch.draw(using: &launchRandom, in: context))
    }
    var regionRandom = ExplorationRandom(seed: seed ^ otherRegionStream, run: run)
    if Int.random(in: 0..<6, using: &regionRandom) == 0, !drawn.contains(where: { $0.kind == .userLocale }) {
      let regions = otherRegions(of: context.modelLocale)
      perturbations.append(.userLocale(regions.randomElement(using: &regionRandom)!))
    }
    return perturbations
  }

  /// Mixed into the seed for the first-launch kind's own stream.
  static let firstLaunchStream: UInt64 = 0xF125_7A0C_4E5D_0001
  /// Mixed into the seed for the other-region user locales' own stream.
  static let otherRegionStream: UInt64 = 0x0E61_0A5E_3C1F_00E2

  /// Locales of the same language as `locale` in other regions (the language alone when no region
  /// is listed for it): equivalent for `supportedLocale(equivalentTo:)`, never equal.
  static func otherRegions(of locale: String) -> [String] {
    let canonical = locale.replacingOccurrences(of: "_", with: "-")
    let language = canonical.split(separator: "-").first.map(String.init) ?? canonical
    let table = [
      "en": ["en-GB", "en-AU", "en-IN", "en-US"], "de": ["de-AT", "de-CH", "de-DE"], "fr": ["fr-CA", "fr-BE", "fr-FR"],
      "es": ["es-MX", "es-US", "es-ES"], "pt": ["pt-PT", "pt-BR"], "zh": ["zh-TW", "zh-CN"],
    ]
    let others = (table[language] ?? []).filter { $0 != canonical }
    return others.isEmpty ? [language] : others
  }
}
