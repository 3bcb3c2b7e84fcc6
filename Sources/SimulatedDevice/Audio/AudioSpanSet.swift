/// A set of spans of reference samples (half-open `start..<end` intervals of sample indices), kept
/// merged and sorted. Spans arrive almost always in order, so inserting is amortised O(1).
public struct AudioSpanSet: Sendable, Hashable {
  /// The merged spans, sorted by start.
  public private(set) var spans: [Range<Int>] = []

  /// An empty set.
  public init() {}

  /// The given spans, merged.
  public init(_ spans: some Sequence<Range<Int>>) {
    for span in spans { insert(span) }
  }

  /// Adds a span, merging it with the spans it touches.
  public mutating func insert(_ span: Range<Int>) {
    guard !span.isEmpty else { return }
    if let last = spans.last, last.upperBound >= span.lowerBound, last.lowerBound <= span.lowerBound {
      spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      return
    }
    if let last = spans.last, span.lowerBound > last.upperBound {
      spans.append(span)
      return
    }
    // Out of order: insert and merge around it.
    var lower = span.lowerBound
    var upper = span.upperBound
    var kept: [Range<Int>] = []
    kept.reserveCapacity(spans.count + 1)
    for existing in spans {
      if existing.upperBound < lower || existing.lowerBound > upper {
        kept.append(existing)
      } else {
        lower = min(lower, existing.lowerBound)
        upper = max(upper, existing.upperBound)
      }
    }
    let index = kept.firstIndex { $0.lowerBound > lower } ?? kept.count
    kept.insert(lower..<upper, at: index)
    spans = kept
  }

  /// Samples covered.
  public var count: Int { spans.reduce(0) { $0 + $1.count } }

  /// The parts of `self` not in `other`.
  public func subtracting(_ other: AudioSpanSet) -> AudioSpanSet {
    var result = AudioSpanSet()
    var index = 0
    for span in spans {
      var start = span.lowerBound
      while index < other.spans.count && other.spans[index].upperBound <= start { index += 1 }
      var cursor = index
      while start < span.upperBound {
        guard cursor < other.spans.count, other.spans[cursor].lowerBound < span.upperBound else {
          result.insert(start..<span.upperBound)
          break
        }
        let cut = other.spans[cursor]
        if cut.lowerBound > start { result.insert(start..<cut.lowerBound) }
        start = max(start, cut.upperBound)
        cursor += 1
      }
    }
    return result
  }

  /// Samples of `span` that the set covers.
  public func covered(_ span: Range<Int>) -> Int {
    var total = 0
    // Binary search for the first span that may overlap.
    var low = 0
    var high = spans.count
    while low < high {
      let middle = (low + high) / 2
      if spans[middle].upperBound <= span.lowerBound { low = middle + 1 } else { high = middle }
    }
    var index = low
    while index < spans.count && spans[index].lowerBound < span.upperBound {
      total += min(spans[index].upperBound, span.upperBound) - max(spans[index].lowerBound, span.lowerBound)
      index += 1
    }
    return total
  }
}
