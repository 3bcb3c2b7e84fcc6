/// The figures of one run, by name: what the checks measured, each typed (``Figure``).
///
/// Reads like the dictionary it replaces (`figures["latency.final.p90"]` is the value), so reports
/// can look a figure up by name; ``figure(named:)`` has its unit and clock.
public struct Figures: Sendable, Hashable, Codable, Sequence {
  private var table: [String: Figure]

  /// No figures.
  public init() { table = [:] }

  /// The given figures (a later one with the same name wins).
  public init(_ figures: some Sequence<Figure>) {
    table = [:]
    for figure in figures { table[figure.name] = figure }
  }

  /// The value of the figure `name`, if the run has it.
  public subscript(name: String) -> Double? { table[name]?.value }

  /// The figure `name`, with its unit and clock.
  public func figure(named name: String) -> Figure? { table[name] }

  /// Adds or replaces a figure.
  public mutating func record(_ figure: Figure) { table[figure.name] = figure }

  /// Adds or replaces each figure.
  public mutating func record(_ figures: some Sequence<Figure>) { for figure in figures { record(figure) } }

  /// Removes the figure `name`, if there is one.
  public mutating func remove(named name: String) { table[name] = nil }

  /// The names, sorted.
  public var names: [String] { table.keys.sorted() }

  /// Whether there are none.
  public var isEmpty: Bool { table.isEmpty }

  /// How many.
  public var count: Int { table.count }

  /// The figures ordered by name.
  public func makeIterator() -> IndexingIterator<[Figure]> { table.values.sorted { $0.name < $1.name }.makeIterator() }

  /// The values by name (for readers that only need numbers).
  public var values: [String: Double] { table.mapValues(\.value) }

  private struct Stored: Codable {
    var value: Double
    var unit: Figure.Unit
    var clock: Figure.Clock
  }

  /// Encodes `{ name: { value, unit, clock } }`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(table.mapValues { Stored(value: $0.value, unit: $0.unit, clock: $0.clock) })
  }

  /// Decodes `{ name: { value, unit, clock } }`, or the plain `{ name: value }` of reports written
  /// before figures were typed (read as virtual counts: those reports held no machine figure but
  /// the heap's growth per cycle, which is read as the machine figure it is).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let stored = try? container.decode([String: Stored].self) {
      table = Dictionary(
        uniqueKeysWithValues: stored.map {
          ($0.key, Figure($0.key, $0.value.value, unit: $0.value.unit, clock: $0.value.clock))
        })
    } else {
      let plain = try container.decode([String: Double].self)
      table = Dictionary(
        uniqueKeysWithValues: plain.map { name, value in
          (
            name,
            name == LeakCheck.heapFigure
              ? Figure(name, value, unit: .bytes, clock: .wall) : Figure(name, value, unit: .count)
          )
        })
    }
  }
}

extension Figures: ExpressibleByDictionaryLiteral {
  /// `["results": 3]`: figures written as a literal (in tests and probes) are virtual counts.
  public init(dictionaryLiteral elements: (String, Double)...) {
    self.init(elements.map { Figure($0.0, $0.1, unit: .count) })
  }
}
