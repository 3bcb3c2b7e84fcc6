/// The compact binary form of trace events in a spill file: kinds and field names as numbers into
/// tables kept in memory, times and lengths as variable-length integers, values as their UTF-8
/// bytes. An event of a long session takes 53 bytes here against 370 in memory.
///
/// Per event: kind number, time (nanoseconds × 2, or attoseconds × 2 + 1 when the time is not a
/// whole number of nanoseconds), field count, then per field: name number, value length, value.
/// The sequence number is not stored: it is the event's position.
struct TraceEventCodec: Sendable {
  /// Kinds by number.
  private(set) var kinds: [TraceEvent.Kind] = []
  /// Field names by number.
  private(set) var names: [String] = []
  private var kindNumbers: [String: Int] = [:]
  private var nameNumbers: [String: Int] = [:]

  /// Appends `event` to `bytes`.
  mutating func encode(_ event: TraceEvent, into bytes: inout [UInt8]) {
    Self.put(number(of: event.kind), into: &bytes)
    let (seconds, attoseconds) = event.time.components
    let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowedAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    let zigzagged = Self.zigzag(total)
    if attoseconds % 1_000_000_000 == 0, !overflowed, !overflowedAgain, zigzagged < 1 << 63 {
      Self.put(zigzagged << 1, into: &bytes)
    } else {
      Self.put(1, into: &bytes)
      Self.put(Self.zigzag(seconds), into: &bytes)
      Self.put(Self.zigzag(attoseconds), into: &bytes)
    }
    Self.put(UInt64(event.fields.count), into: &bytes)
    for field in event.fields {
      Self.put(number(ofName: field.name), into: &bytes)
      var value = field.value
      value.withUTF8 { utf8 in
        Self.put(UInt64(utf8.count), into: &bytes)
        bytes.append(contentsOf: utf8)
      }
    }
  }

  /// Decodes `count` events from `bytes`, the first at sequence `first`; with `wanted` (kind
  /// numbers: `wanted[number]`), only events of those kinds, the others skipped without decoding.
  func decode(_ bytes: [UInt8], first: Int, count: Int, wanted: [Bool]? = nil) -> [TraceEvent] {
    var events: [TraceEvent] = []
    if wanted == nil { events.reserveCapacity(count) }
    bytes.withUnsafeBufferPointer { buffer in
      var at = 0
      for sequence in first..<(first + count) {
        let number = Int(Self.take(buffer, &at))
        if let wanted, number >= wanted.count || !wanted[number] {
          Self.skip(buffer, &at)
          continue
        }
        let kind = kinds[number]
        let tagged = Self.take(buffer, &at)
        let time: Duration
        if tagged & 1 == 0 {
          time = .nanoseconds(Self.unzigzag(tagged >> 1))
        } else {
          let seconds = Self.unzigzag(Self.take(buffer, &at))
          time = Duration(secondsComponent: seconds, attosecondsComponent: Self.unzigzag(Self.take(buffer, &at)))
        }
        let fieldCount = Int(Self.take(buffer, &at))
        var fields: [TraceEvent.Field] = []
        fields.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
          let name = names[Int(Self.take(buffer, &at))]
          let length = Int(Self.take(buffer, &at))
          let value = String(decoding: UnsafeBufferPointer(rebasing: buffer[at..<(at + length)]), as: UTF8.self)
          at += length
          fields.append(TraceEvent.Field(name, value))
        }
        events.append(TraceEvent(sequence: sequence, time: time, kind: kind, fields: fields))
      }
    }
    return events
  }

  /// How many of the `count` events in `bytes` have a kind number that is `wanted`, without
  /// decoding any.
  func count(_ bytes: [UInt8], count: Int, wanted: [Bool]) -> Int {
    var found = 0
    bytes.withUnsafeBufferPointer { buffer in
      var at = 0
      for _ in 0..<count {
        let number = Int(Self.take(buffer, &at))
        if number < wanted.count && wanted[number] { found += 1 }
        Self.skip(buffer, &at)
      }
    }
    return found
  }

  /// Which kind numbers are among `kinds`, for ``decode(_:first:count:wanted:)``.
  func wanted(_ kinds: [TraceEvent.Kind]) -> [Bool] {
    self.kinds.map { kinds.contains($0) }
  }

  /// Moves past the rest of an event whose kind number was read.
  private static func skip(_ buffer: UnsafeBufferPointer<UInt8>, _ at: inout Int) {
    if take(buffer, &at) & 1 == 1 {
      _ = take(buffer, &at)
      _ = take(buffer, &at)
    }
    for _ in 0..<take(buffer, &at) {
      _ = take(buffer, &at)
      at += Int(take(buffer, &at))
    }
  }

  private mutating func number(of kind: TraceEvent.Kind) -> UInt64 {
    if let number = kindNumbers[kind.rawValue] { return UInt64(number) }
    kinds.append(kind)
    kindNumbers[kind.rawValue] = kinds.count - 1
    return UInt64(kinds.count - 1)
  }

  private mutating func number(ofName name: String) -> UInt64 {
    if let number = nameNumbers[name] { return UInt64(number) }
    names.append(name)
    nameNumbers[name] = names.count - 1
    return UInt64(names.count - 1)
  }

  private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
  private static func unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  @inline(__always)
  private static func put(_ value: UInt64, into bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  @inline(__always)
  private static func take(_ buffer: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = buffer[at]
      at += 1
      value |= UInt64(byte & 0x7f) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }
}
