extension TraceLog {
  /// The events of some kinds only, in order (``TraceLog/only(_:)``).
  ///
  /// On a spilled trace the other events are skipped in the file without being decoded, which is
  /// what makes the many passes of the post-run checks over an hours-long trace cheap.
  public struct Selection: Sequence, Sendable {
    let log: TraceLog
    let kinds: [TraceEvent.Kind]

    public func makeIterator() -> Iterator { Iterator(selection: self) }

    /// How many events are selected; a spilled trace's are counted in the file without decoding.
    public var count: Int {
      var total = log.recent.count { kinds.contains($0.kind) }
      if let spilled = log.spilled {
        let wanted = spilled.codec.wanted(kinds)
        for chunk in spilled.chunks.indices { total += spilled.count(ofChunk: chunk, wanted: wanted) }
      }
      return total
    }

    /// Streams the selected events.
    public struct Iterator: IteratorProtocol {
      private let selection: Selection
      private let wanted: [Bool]
      private var chunk: [TraceEvent] = []
      private var inChunk = 0
      private var nextChunk = 0
      private var inRecent = 0

      init(selection: Selection) {
        self.selection = selection
        self.wanted = selection.log.spilled?.codec.wanted(selection.kinds) ?? []
      }

      public mutating func next() -> TraceEvent? {
        while true {
          if inChunk < chunk.count {
            inChunk += 1
            return chunk[inChunk - 1]
          }
          guard let spilled = selection.log.spilled, nextChunk < spilled.chunks.count else { break }
          chunk = spilled.events(ofChunk: nextChunk, wanted: wanted)
          nextChunk += 1
          inChunk = 0
        }
        // The kinds are compared in place: only a selected event is copied (a copy retains its
        // fields), and the array is not copied per call.
        let kinds = selection.kinds
        let found = selection.log.recent.withUnsafeBufferPointer { events in
          var index = inRecent
          while index < events.count, !kinds.contains(events[index].kind) { index += 1 }
          return index
        }
        guard found < selection.log.recent.count else {
          inRecent = found
          return nil
        }
        inRecent = found + 1
        return selection.log.recent[found]
      }
    }
  }

  /// The events of `kinds` only, in order, with their sequence numbers: for a pass that reads a
  /// few kinds, cheaper than iterating every event of a spilled trace.
  /// - Parameter kinds: The kinds to keep.
  /// - Returns: The selected events.
  public func only(_ kinds: [TraceEvent.Kind]) -> Selection { Selection(log: self, kinds: kinds) }
}
