import AudioPCM
import Foundation
import Synchronization

/// What the microphone's tap handed the app, converted by a reference conversion to the analyzer's
/// rate in mono: the audio the analyzer should receive. Samples are indexed on the capture timeline
/// (index `n` is `n / rate` seconds into what the microphone captured, silences between play steps
/// included), and kept for ``window`` samples so memory does not grow with a session's length.
///
/// The reference conversion down-mixes to mono by averaging the channels and resamples with
/// libsoxr's 16-bit recipe: the comparison smooths both sides, so the reference's quality is not
/// what decides, and the conversion is the check's main cost.
struct ReferenceTrack {
  /// Samples per second.
  let rate: Double
  /// How many samples are kept.
  let window: Int
  /// The kept samples at `index % window`, allocated at the first write (see ``Ring``).
  private var ring: Ring?
  /// One past the newest sample converted.
  private(set) var head = 0
  /// How many times a new converter started before the head (its audio overwrites what was there),
  /// and where the last one started: a ``BandLimitedReference`` following the track redoes that part.
  private(set) var rewinds = 0
  private(set) var lastRewind = 0
  private var converter: SampleRateConverter?
  private var converterFormat: AudioFormat?
  private var scratch: PCMBuffer?
  private let outputFormat: AudioFormat

  init(rate: Double, windowSeconds: Double) {
    self.rate = rate
    window = Int(windowSeconds * rate)
    outputFormat = try! AudioFormat(sampleRate: rate, channelCount: 1, sampleType: .float32, isInterleaved: false)
  }

  /// The oldest sample still kept.
  var oldest: Int { max(0, head - window) }

  /// The sample at `index` (0 outside what is kept).
  func sample(_ index: Int) -> Float {
    guard index >= oldest && index < head && index >= 0, let ring else { return 0 }
    return ring.samples[index % window]
  }

  /// Calls `body` with the samples `range` (clamped to what is kept) as one or two contiguous pieces.
  func withSamples(_ range: Range<Int>, _ body: (Int, UnsafeBufferPointer<Float>) -> Void) {
    let lower = max(range.lowerBound, oldest)
    let upper = min(range.upperBound, head)
    guard lower < upper, let ring else { return }
    var index = lower
    while index < upper {
      let position = index % window
      let count = min(upper - index, window - position)
      body(index, UnsafeBufferPointer(start: ring.samples + position, count: count))
      index += count
    }
  }

  /// Converts one tap buffer that starts `captureStart` seconds into the capture.
  ///
  /// Digital silence (a buffer of zeros after another) is not resampled: the converter is drained
  /// and dropped, zeros are written, and the next sound starts a new converter at its own place —
  /// exact, since a filter that heard only zeros outputs zeros. A long quiet session costs little.
  mutating func append(_ buffer: PCMBuffer, captureStart: Double) {
    let start = Int((captureStart * rate).rounded())
    let end = Int(((captureStart + Double(buffer.frameLength) / buffer.format.sampleRate) * rate).rounded())
    let silent = Self.isDigitalSilence(buffer)
    if silent && previousWasSilent && silentFormat == buffer.format {
      flush()
      pad(to: end)
      return
    }
    previousWasSilent = silent
    silentFormat = buffer.format
    if converterFormat != buffer.format || converter == nil {
      flush()
      converterFormat = buffer.format
      converter = try? SampleRateConverter(from: buffer.format, to: outputFormat, quality: .fastest, engine: .soxr)
      // A new converter starts where the capture is (a route change, sound after silence).
      if head < start {
        pad(to: start)
      } else if head > start {
        head = max(start, oldest)
        rewinds += 1
        lastRewind = head
      }
    }
    convert(buffer, endOfInput: false)
  }

  private var previousWasSilent = false
  private var silentFormat: AudioFormat?

  /// Whether every sample of `buffer` is exactly zero (+0 or -0; a NaN is not).
  static func isDigitalSilence(_ buffer: PCMBuffer) -> Bool {
    guard let planes = buffer.floatChannelData else { return false }
    for plane in 0..<buffer.planeCount
    where !AudioConservation.Signal.isZero(
      UnsafeBufferPointer(start: planes[plane], count: buffer.frameLength * buffer.stride))
    {
      return false
    }
    return true
  }

  /// Flushes what the converter holds back (at a format change and at the end of a run).
  mutating func flush() {
    guard converter != nil else { return }
    convert(nil, endOfInput: true)
    converter = nil
    converterFormat = nil
  }

  private mutating func convert(_ input: PCMBuffer?, endOfInput: Bool) {
    guard let converter else { return }
    let frames = input?.frameLength ?? 0
    let capacity = Int(Double(frames) * rate / converter.inputFormat.sampleRate) + 4096
    if scratch == nil || scratch!.frameCapacity < capacity {
      scratch = PCMBuffer(format: outputFormat, frameCapacity: capacity)
    }
    let output = scratch!
    var input = input
    repeat {
      output.frameLength = 0
      guard let result = try? converter.convert(input, into: output, endOfInput: endOfInput) else { return }
      input = nil
      append(output.floatChannelData![0], count: result.framesProduced)
      if result.framesPending == 0 { break }
    } while true
  }

  /// The ring, allocated at the first write.
  private mutating func storage() -> Ring {
    if let ring { return ring }
    let made = Ring(count: window)
    ring = made
    return made
  }

  private mutating func append(_ samples: UnsafeMutablePointer<Float>, count: Int) {
    let ring = storage()
    // At most two contiguous copies (before and after the ring wraps), no division per sample.
    var copied = 0
    while copied < count {
      let position = (head + copied) % window
      let run = min(count - copied, window - position)
      ring.write(samples + copied, at: position, count: run)
      copied += run
    }
    head += count
  }

  private mutating func pad(to index: Int) {
    guard index > head else { return }
    let ring = storage()
    // Past a whole window the ring is all zeros: write it once and move the head.
    let count = min(index - head, window)
    var written = 0
    while written < count {
      let position = (index - count + written) % window
      let run = min(count - written, window - position)
      ring.zero(at: position, count: run)
      written += run
    }
    head = index
  }

  /// The ring's memory: `count` samples that read as zero until written. It is allocated whole but
  /// zeroed by the kernel page by page as it is first touched (an anonymous mapping), and kept zeroed
  /// for the next run in the same process; so a short run never pays
  /// for 120 s of samples it will not reach, and nothing is copied as a run goes on (growing an array
  /// by doubling cost a quiet ten-minute session 3 % and a 60 s scenario 9 % of its replay, most of it
  /// page faults and copies). Chunks known to hold only zeros are skipped when silence is padded: a
  /// quiet session writes almost nothing.
  ///
  /// A class, so the track's copies share it; the track is only mutated in place (the monitor's state).
  private final class Ring: @unchecked Sendable {
    /// Samples per chunk of the zero bookkeeping (16 KB).
    static let chunk = 4096
    let samples: UnsafeMutablePointer<Float>
    let count: Int
    /// Whether each chunk may hold a sample that is not zero.
    private var written: [Bool]

    /// Bytes mapped (Linux), or 0 when the memory came from `calloc`.
    private let mapped: Int

    init(count: Int) {
      self.count = count
      written = Array(repeating: false, count: (count + Self.chunk - 1) / Self.chunk)
      if let spare = Self.spares.withLock({ spares in
        spares.firstIndex { $0.count == count }.map { spares.remove(at: $0) }
      }) {
        samples = UnsafeMutablePointer(bitPattern: spare.address)!
        mapped = spare.mapped
        return
      }
      let bytes = max(1, count) * MemoryLayout<Float>.stride
      var memory: UnsafeMutableRawPointer?
      var mapped = 0
      #if canImport(Glibc)
        // A fresh anonymous mapping, not calloc: once a large block was freed, glibc serves the next
        // from its heap and clears all of it, touching every page.
        if let (map, length) = Self.mapHugePageAligned(bytes) {
          memory = map
          mapped = length
        }
      #endif
      if memory == nil { memory = calloc(max(1, count), MemoryLayout<Float>.stride)! }
      self.mapped = mapped
      samples = memory!.bindMemory(to: Float.self, capacity: max(1, count))
    }

    #if canImport(Glibc)
      /// Bytes in a transparent huge page (x86-64's and arm64's usual 2 MiB).
      private static let hugePage = 2 << 20

      /// An anonymous mapping of at least `bytes`, starting on a huge-page boundary and asking the
      /// kernel for huge pages: a 60 s run touches 3.8 MB of ring, which as 4 KiB pages was some 940
      /// page faults (a third of the process's), and as huge pages is two. Where the kernel does not
      /// give them (`transparent_hugepage` set to never) it is a plain mapping. Returns its length.
      private static func mapHugePageAligned(_ bytes: Int) -> (UnsafeMutableRawPointer, Int)? {
        let length = (bytes + hugePage - 1) / hugePage * hugePage
        guard let map = mmap(nil, length + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          map != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        // Keep the aligned `length` bytes; give back the slack before and after it.
        let address = Int(bitPattern: map)
        let aligned = (address + hugePage - 1) / hugePage * hugePage
        if aligned > address { munmap(map, aligned - address) }
        let tail = address + length + hugePage - (aligned + length)
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + length), tail) }
        let start = UnsafeMutableRawPointer(bitPattern: aligned)!
        _ = madvise(start, length, MADV_HUGEPAGE)
        return (start, length)
      }
    #endif

    /// Zeroes what was written and keeps the memory for the next run in this process (a reused
    /// worker, explore in process, the benchmarks): zeroing what a run wrote costs a fraction of
    /// faulting fresh pages in again (5 % of a 60 s scenario). At most two are kept.
    deinit {
      for chunk in written.indices where written[chunk] {
        let start = chunk * Self.chunk
        (samples + start).update(repeating: 0, count: min(Self.chunk, count - start))
      }
      let spare = Spare(address: Int(bitPattern: samples), count: count, mapped: mapped)
      let kept = Self.spares.withLock { spares in
        guard spares.count < 2 else { return false }
        spares.append(spare)
        return true
      }
      guard !kept else { return }
      #if canImport(Glibc)
        if mapped > 0 {
          munmap(samples, mapped)
          return
        }
      #endif
      free(samples)
    }

    /// Zeroed memory of a ring that ended, for the next.
    private struct Spare {
      var address: Int
      var count: Int
      var mapped: Int
    }

    private static let spares = Mutex<[Spare]>([])

    /// Copies `run` samples to `position` (no wrap).
    func write(_ source: UnsafePointer<Float>, at position: Int, count run: Int) {
      guard run > 0 else { return }
      (samples + position).update(from: source, count: run)
      for chunk in position / Self.chunk...(position + run - 1) / Self.chunk { written[chunk] = true }
    }

    /// Sets `run` samples from `position` to zero (no wrap), skipping chunks that hold only zeros.
    func zero(at position: Int, count run: Int) {
      guard run > 0 else { return }
      let end = position + run
      for chunk in position / Self.chunk...(end - 1) / Self.chunk where written[chunk] {
        let chunkStart = chunk * Self.chunk
        let chunkEnd = min(chunkStart + Self.chunk, count)
        let lower = max(position, chunkStart)
        let upper = min(end, chunkEnd)
        (samples + lower).update(repeating: 0, count: upper - lower)
        if lower == chunkStart && upper == chunkEnd { written[chunk] = false }
      }
    }
  }
}
