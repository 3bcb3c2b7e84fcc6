/// The resource ledger at one moment: live counts per resource kind and per object type, heap in
/// use and resident memory.
public struct LedgerSnapshot: Sendable, Codable, Equatable {
  /// Live resources by kind name.
  public var resources: [String: Int]
  /// Live instances by type name (classes that hold a `LiveObjectTracker`).
  public var objects: [String: Int]
  /// Heap bytes in use (mallinfo2 on glibc), 0 where unknown.
  public var heapInUse: Int
  /// Resident set size in bytes (/proc/self/statm), 0 where unavailable.
  public var residentBytes: Int

  /// Creates a snapshot.
  /// - Parameters:
  ///   - resources: Live resources by kind name.
  ///   - objects: Live instances by type name.
  ///   - heapInUse: Heap bytes in use.
  ///   - residentBytes: Resident set size in bytes.
  public init(resources: [String: Int], objects: [String: Int], heapInUse: Int, residentBytes: Int) {
    self.resources = resources
    self.objects = objects
    self.heapInUse = heapInUse
    self.residentBytes = residentBytes
  }

  /// What grew from `before` to `after`.
  /// - Parameters:
  ///   - before: The earlier snapshot.
  ///   - after: The later snapshot.
  /// - Returns: Non-zero changes per resource kind and object type, and memory growth.
  public static func diff(_ before: LedgerSnapshot, _ after: LedgerSnapshot) -> LedgerDiff {
    func changes(_ old: [String: Int], _ new: [String: Int]) -> [String: Int] {
      var result: [String: Int] = [:]
      for key in Set(old.keys).union(new.keys) {
        let delta = (new[key] ?? 0) - (old[key] ?? 0)
        if delta != 0 { result[key] = delta }
      }
      return result
    }
    return LedgerDiff(
      resources: changes(before.resources, after.resources),
      objects: changes(before.objects, after.objects),
      heapGrowth: after.heapInUse - before.heapInUse,
      residentGrowth: after.residentBytes - before.residentBytes)
  }
}
