/// The change between two ledger snapshots.
public struct LedgerDiff: Sendable, Codable, Equatable, CustomStringConvertible {
  /// Change of live count per resource kind name (only non-zero entries).
  public var resources: [String: Int]
  /// Change of live instances per type name (only non-zero entries).
  public var objects: [String: Int]
  /// Change of heap in use, in bytes.
  public var heapGrowth: Int
  /// Change of resident memory, in bytes.
  public var residentGrowth: Int

  /// Creates a diff.
  /// - Parameters:
  ///   - resources: Non-zero changes per resource kind.
  ///   - objects: Non-zero changes per object type.
  ///   - heapGrowth: Heap change in bytes.
  ///   - residentGrowth: Resident memory change in bytes.
  public init(resources: [String: Int], objects: [String: Int], heapGrowth: Int, residentGrowth: Int) {
    self.resources = resources
    self.objects = objects
    self.heapGrowth = heapGrowth
    self.residentGrowth = residentGrowth
  }

  /// Resource kinds and object types whose count went up, sorted by name.
  public var grown: [String] {
    (resources.filter { $0.value > 0 }.keys.map { "resource '\($0)'" }
      + objects.filter { $0.value > 0 }.keys.map { "type '\($0)'" }).sorted()
  }

  /// Whether any resource or object count changed.
  public var isEmpty: Bool { resources.isEmpty && objects.isEmpty }

  public var description: String {
    let parts =
      resources.sorted { $0.key < $1.key }.map { "resource '\($0.key)' \($0.value > 0 ? "+" : "")\($0.value)" }
      + objects.sorted { $0.key < $1.key }.map { "type '\($0.key)' \($0.value > 0 ? "+" : "")\($0.value)" }
    return (parts.isEmpty ? "no count changed" : parts.joined(separator: ", "))
      + "; heap \(heapGrowth >= 0 ? "+" : "")\(heapGrowth) B"
  }
}
