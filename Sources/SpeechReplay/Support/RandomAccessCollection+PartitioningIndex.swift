extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`, by binary search; the
  /// collection must already be partitioned by it (every element that fails comes before every
  /// element that passes). `endIndex` when none passes.
  ///
  /// The post-run measurements look up positions in ordered lists (event sequence numbers, tape
  /// ends) with it instead of scanning from the start for each query, which kept them linear in the
  /// timeline rather than quadratic.
  /// - Parameter belongsInSecondPartition: The partitioning predicate.
  /// - Returns: The partition point.
  func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
