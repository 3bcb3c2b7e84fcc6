import AudioPCM
public import Foundation
import SpeechReplay
public import SpeechReplayCapture

/// Turns a capture into a scenario folder that runs as it is (`speech-replay capture import`):
///
/// - `audio.caf`: every tap buffer's bytes, lossless at the hardware rate (in the first buffer's
///   format; gaps filled with silence so file time is the capture's audio time);
/// - `taps.tsv`: the microphone's exact tap schedule (frames, sample time, rate, channels per
///   callback), named by `device.microphone.tapSchedule`;
/// - `timeline.tsv`: the UI states the app rendered, named by `observed.timeline`, which the
///   runner compares with the replay (first divergence);
/// - `<name>.yaml`: the scenario: the recorded results as `model.results`, the user's actions as
///   steps at their audio times, and an `expect` block holding the final state the device showed
///   (edit it into what should have happened).
///
/// `from`/`to` cut a window of the capture's audio timeline: buffers, results, actions and UI states
/// outside it are left out, times start at 0 at `from`, and text the app had committed before
/// `from` is taken off the UI states.
public struct CaptureImporter {
  /// The window and the scenario's name.
  public struct Options: Sendable {
    /// Start of the window (seconds of the capture's audio); nil: the beginning.
    public var from: Double?
    /// End of the window; nil: the end.
    public var to: Double?
    /// The scenario's name and file name; nil: the capture's file name.
    public var name: String?

    /// Creates options.
    public init(from: Double? = nil, to: Double? = nil, name: String? = nil) {
      self.from = from
      self.to = to
      self.name = name
    }
  }

  /// What was written.
  public struct Output: Sendable {
    /// The scenario file.
    public var scenario: URL
    /// The audio file.
    public var audio: URL?
    /// The tap schedule table.
    public var tapSchedule: URL?
    /// The recorded UI timeline table.
    public var timeline: URL
    /// Tap buffers written.
    public var buffers: Int
    /// Seconds of audio in the window.
    public var duration: Double
    /// Results, actions and UI states in the window.
    public var results: Int
    public var actions: Int
    public var uiStates: Int
    /// Where the window starts (seconds of the capture's audio): `from` moved to the start of the first tap at or after it.
    public var windowStart: Double = 0
  }

  /// The capture to import.
  public let capture: CaptureFile
  /// The window and name.
  public let options: Options

  /// Creates an importer.
  public init(capture: CaptureFile, options: Options = Options()) {
    self.capture = capture
    self.options = options
  }

  /// Writes the scenario folder.
  /// - Parameter folder: The output folder; created when missing. Existing files of the same names are replaced.
  /// - Throws: ``CaptureImportError`` naming the file and what to do.
  public func write(into folder: URL) throws -> Output {
    var from = max(0, options.from ?? 0)
    let to = options.to ?? .infinity
    guard to > from else {
      throw CaptureImportError(
        "\(capture.url.path): --to (\(to)) must be after --from (\(from)); give a window inside the capture's \(Self.seconds(capture.duration))"
      )
    }
    if from >= capture.duration, capture.duration > 0 {
      throw CaptureImportError(
        "\(capture.url.path): --from \(Self.seconds(from)) is past the end of the capture (\(Self.seconds(capture.duration))); give an earlier start"
      )
    }
    // A window opens at a tap: the replay's microphone delivers whole taps, so a window opening
    // inside one would shift every tap against the steps. `from` moves to the next tap's start.
    if from > 0, let start = try capture.bufferStart(atOrAfter: from), start < to { from = start }
    // Nor on a stop or a dismiss: the replay cannot finalize text its model never heard; the
    // window then opens one tap later, after it.
    while from > 0,
      capture.events.contains(where: { event in
        guard abs(event.audioTime - from) < 1e-9, case .action(let action) = event.kind else { return false }
        return action != .start
      }), let next = try capture.bufferStart(atOrAfter: from + 1e-4), next < to
    {
      from = next
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CaptureImportError(
        "\(folder.path): cannot create the output folder (\(FileProblem.describe(error, path: folder.path))); check the path and permissions"
      )
    }
    let name = options.name ?? capture.url.deletingPathExtension().lastPathComponent
    let audio = try writeAudio(into: folder, from: from, to: to)
    let inWindow = { (time: Double) in time >= from - 1e-9 && time <= to + 1e-9 }
    var events = capture.events.filter { inWindow($0.audioTime) }
    // A window that opens while a volatile result shows: the replay's model publishes that result
    // first, so the replay shows what the device showed when the window opened.
    if let showing = showingResult(at: from) {
      events.insert(CaptureEvent(index: -1, audioTime: from, wallTime: showing.wallTime, kind: showing.kind), at: 0)
    }
    let (timelineURL, uiStates, final) = try writeTimeline(into: folder, from: from, events: events)
    let duration = audio.map { $0.end - from } ?? 0
    let text = scenarioText(name: name, from: from, duration: duration, audio: audio, events: events, final: final)
    let scenarioURL = folder.appendingPathComponent("\(Self.fileName(name)).yaml")
    try write(text, to: scenarioURL)
    return Output(
      scenario: scenarioURL, audio: audio?.audio, tapSchedule: audio?.taps, timeline: timelineURL,
      buffers: audio?.buffers ?? 0, duration: duration,
      results: events.filter { if case .result = $0.kind { true } else { false } }.count,
      actions: events.filter { if case .action = $0.kind { true } else { false } }.count, uiStates: uiStates,
      windowStart: from)
  }

  // MARK: Audio and tap schedule

  private struct WrittenAudio {
    var audio: URL
    var taps: URL
    var format: CaptureFormat
    var buffers: Int
    var end: Double
    /// Each imported tap's end and duration (seconds of the capture), in order.
    var tapEnds: [(end: Double, duration: Double)]
  }

  private func writeAudio(into folder: URL, from: Double, to: Double) throws -> WrittenAudio? {
    let audioURL = folder.appendingPathComponent("audio.caf")
    let tapsURL = folder.appendingPathComponent("taps.tsv")
    var writer: AudioFileWriter?
    var fileFormat: CaptureFormat?
    var converters: [CaptureFormat: SampleRateConverter] = [:]
    var taps = TapScheduleTable.header(importedFrom: capture.url.lastPathComponent)
    var count = 0
    var end = from
    var tapEnds: [(end: Double, duration: Double)] = []
    for buffer in capture.buffers where buffer.audioTime >= from - 1e-9 && buffer.audioTime < to {
      // Checked before the first buffer makes the file: a damaged format (0 Hz, 0 channels) is the
      // capture's damage, named as such, not a file that "cannot be created" in the output folder.
      try checkRange(buffer, from: from)
      if writer == nil {
        fileFormat = buffer.format
        writer = try makeWriter(audioURL, format: buffer.format)
      }
      guard let writer, let fileFormat else { break }
      let pcm = try pcmBuffer(buffer)
      // Silence for audio the capture is missing (dropped buffers, skipped frames).
      let due = Int(((buffer.audioTime - from) * fileFormat.sampleRate).rounded())
      if due > writer.framesWritten { try writeSilence(due - writer.framesWritten, to: writer, format: fileFormat) }
      do {
        if buffer.format.sampleRate == fileFormat.sampleRate, buffer.format.channelCount == fileFormat.channelCount {
          try writer.write(pcm)
        } else {
          // Another hardware format (a route change): converted into the file's; the schedule keeps the real one.
          let converter =
            try converters[buffer.format]
            ?? SampleRateConverter(
              from: pcm.format,
              to: try AudioFormat.standard(sampleRate: fileFormat.sampleRate, channelCount: fileFormat.channelCount))
          converters[buffer.format] = converter
          let output = PCMBuffer(
            format: converter.outputFormat, frameCapacity: Int(Double(buffer.frameCount) * converter.ratio) + 64)
          try converter.convert(pcm, into: output)
          if output.frameLength > 0 { try writer.write(output) }
        }
      } catch {
        throw CaptureImportError(
          "\(audioURL.path): cannot write buffer \(buffer.index) (\(error)); check the disk and the output folder")
      }
      taps += TapScheduleTable.line(
        frames: buffer.frameCount, sampleTime: buffer.sampleTime, sampleRate: buffer.format.sampleRate,
        channelCount: buffer.format.channelCount)
      count += 1
      end = max(end, buffer.audioTime + buffer.duration)
      tapEnds.append((buffer.audioTime + buffer.duration, buffer.duration))
    }
    guard let writer, let fileFormat else { return nil }
    do { try writer.close() } catch {
      throw CaptureImportError("\(audioURL.path): cannot finish the audio file (\(error)); check the disk")
    }
    try write(taps, to: tapsURL)
    return WrittenAudio(audio: audioURL, taps: tapsURL, format: fileFormat, buffers: count, end: end, tapEnds: tapEnds)
  }

  /// The most frames one tap may deliver, and the largest sample time either way, as the scenario
  /// loader accepts them in `taps.tsv`: an import never writes a schedule the loader then rejects.
  static let largestTapFrames = TapScheduleTable.largestTapFrames
  static let largestSampleTime = TapScheduleTable.largestSampleTime
  /// The latest audio time a buffer may start at: ten days, far past any capture, well inside what a frame count holds.
  static let latestAudioTime = 864_000.0

  /// Refuses a buffer whose fields a replay cannot hold (a damaged capture), naming it and the window before it.
  private func checkRange(_ buffer: CaptureBuffer, from: Double) throws {
    var problems: [String] = []
    if !(0...Self.largestTapFrames).contains(buffer.frameCount) {
      problems.append("\(buffer.frameCount) frames (a tap holds 0 to \(Self.largestTapFrames))")
    }
    if let time = buffer.sampleTime, time.magnitude > UInt64(Self.largestSampleTime) {
      problems.append("sample time \(time) (at most \(Self.largestSampleTime) either way)")
    }
    if !TapScheduleTable.sampleRates.contains(buffer.format.sampleRate)
      || !TapScheduleTable.channelCounts.contains(buffer.format.channelCount)
    {
      problems.append("the format \(buffer.format) (1000–384000 Hz, 1 or 2 channels)")
    }
    if !buffer.audioTime.isFinite || buffer.audioTime > Self.latestAudioTime || !buffer.duration.isFinite {
      problems.append("audio time \(buffer.audioTime) s")
    }
    guard !problems.isEmpty else { return }
    let before =
      buffer.audioTime.isFinite && buffer.audioTime > from ? " with --to \(Self.seconds(buffer.audioTime))" : ""
    throw CaptureImportError(
      "\(capture.url.path): buffer \(buffer.index) has \(problems.joined(separator: ", ")), which no replay can hold; the capture is damaged there — import a window before it\(before)"
    )
  }

  private func makeWriter(_ url: URL, format: CaptureFormat) throws -> AudioFileWriter {
    let encoding: AudioFile.Encoding
    switch format.commonFormat {
    case 1: encoding = .float32
    case 2: encoding = .float64
    case 3: encoding = .pcm16
    case 4: encoding = .pcm32
    default:
      throw CaptureImportError(
        "\(capture.url.path): the hardware format \(format) cannot be written losslessly; only Float32, Float64, Int16 and Int32 buffers are imported"
      )
    }
    do {
      // Atomically: an import that fails half-way keeps the previous audio.caf of this folder.
      return try AudioFileWriter(
        path: url.path, container: .caf, encoding: encoding,
        format: try .standard(sampleRate: format.sampleRate, channelCount: format.channelCount),
        atomically: true)
    } catch {
      throw CaptureImportError("\(url.path): cannot create the audio file (\(error)); check the output folder")
    }
  }

  private func pcmBuffer(_ buffer: CaptureBuffer) throws -> PCMBuffer {
    let type: AudioFormat.SampleType
    switch buffer.format.commonFormat {
    case 1: type = .float32
    case 2: type = .float64
    case 3: type = .int16
    default: type = .int32
    }
    guard buffer.data.count == buffer.format.byteCount(frames: buffer.frameCount),
      let format = try? AudioFormat(
        sampleRate: buffer.format.sampleRate, channelCount: buffer.format.channelCount, sampleType: type,
        isInterleaved: buffer.format.isInterleaved)
    else {
      throw CaptureImportError(
        "\(capture.url.path): buffer \(buffer.index) holds \(buffer.data.count) bytes, not \(buffer.frameCount) frames of \(buffer.format); the capture is damaged there, import a window before it with --to \(Self.seconds(buffer.audioTime))"
      )
    }
    let pcm = PCMBuffer(format: format, frameCapacity: max(1, buffer.frameCount))
    pcm.frameLength = buffer.frameCount
    let planeBytes = buffer.data.count / format.planeCountForImport
    buffer.data.withUnsafeBytes { raw in
      for plane in 0..<format.planeCountForImport where planeBytes > 0 {
        pcm.rawPlane(plane).copyMemory(from: raw.baseAddress! + plane * planeBytes, byteCount: planeBytes)
      }
    }
    return pcm
  }

  private func writeSilence(_ frames: Int, to writer: AudioFileWriter, format: CaptureFormat) throws {
    let silence = PCMBuffer(
      format: try AudioFormat.standard(sampleRate: format.sampleRate, channelCount: format.channelCount),
      frameCapacity: 4096)
    var left = frames
    while left > 0 {
      silence.frameLength = min(left, 4096)
      for channel in 0..<format.channelCount {
        for frame in 0..<silence.frameLength { silence.setSample(0, channel: channel, frame: frame) }
      }
      try writer.write(silence)
      left -= silence.frameLength
    }
  }

  // MARK: UI timeline

  private func writeTimeline(
    into folder: URL, from: Double, events: [CaptureEvent]
  ) throws -> (URL, Int, CaptureUIState?) {
    // Text committed before the window is not in the replay: take it off.
    let before = capture.events.last {
      $0.audioTime < from - 1e-9 && { if case .uiState = $0.kind { true } else { false } }($0)
    }
    var prefix = ""
    if let before, case .uiState(let state) = before.kind { prefix = state.committed }
    var text = ObservedTimelineTable.header(recordedIn: capture.url.lastPathComponent)
    var count = 0
    var final: CaptureUIState?
    // The window's timeline starts with what showed when it opened (its committed text taken off,
    // as the replay never heard it), after the empty screen the replay opens with: the replay
    // starts fresh, and then shows what the device showed from the window's first moment.
    var opening: [CaptureEvent] = []
    if let before, case .uiState(var state) = before.kind {
      state.committed = ""
      if !state.volatile.isEmpty, showingResult(at: from) != nil {
        var empty = state
        empty.volatile = ""
        opening.append(CaptureEvent(index: -1, audioTime: from, wallTime: before.wallTime, kind: .uiState(empty)))
      } else {
        state.volatile = ""
      }
      opening.append(CaptureEvent(index: -1, audioTime: from, wallTime: before.wallTime, kind: .uiState(state)))
    }
    for event in opening + events {
      guard case .uiState(var state) = event.kind else { continue }
      if !prefix.isEmpty, state.committed.hasPrefix(prefix) {
        state.committed = String(state.committed.dropFirst(prefix.count)).trimmingPrefixWhitespace()
      }
      text += ObservedTimelineTable.line(
        .init(
          audioTime: event.audioTime - from, phase: state.phase, microphone: state.microphone,
          committed: state.committed, volatile: state.volatile))
      count += 1
      final = state
    }
    let url = folder.appendingPathComponent("timeline.tsv")
    try write(text, to: url)
    return (url, count, final)
  }

  /// The volatile result showing when a window opens at `from` (> 0): the last result before it,
  /// when it is a volatile one the UI still shows; nil otherwise.
  private func showingResult(at from: Double) -> CaptureEvent? {
    guard from > 1e-9 else { return nil }
    let before = capture.events.filter { $0.audioTime < from - 1e-9 }
    guard let shown = before.last(where: { if case .uiState = $0.kind { true } else { false } }),
      case .uiState(let state) = shown.kind, !state.volatile.isEmpty,
      let last = before.last(where: { if case .result = $0.kind { true } else { false } }),
      case .result(let result) = last.kind, !result.isFinal, result.text == state.volatile
    else { return nil }
    var clipped = result
    clipped.rangeDuration = max(0, result.rangeStart + result.rangeDuration - from)
    clipped.rangeStart = from
    return CaptureEvent(index: -1, audioTime: from, wallTime: last.wallTime, kind: .result(clipped))
  }

  // MARK: Scenario

  private func scenarioText(
    name: String, from: Double, duration: Double, audio: WrittenAudio?, events: [CaptureEvent], final: CaptureUIState?
  ) -> String {
    typealias K = ScenarioKeys
    let header = capture.header
    var writer = scenarioHeader(name: name, from: from, duration: duration)
    if let audio {
      writer.value(K.audio, audio.audio.lastPathComponent)
      writer.section(K.device) {
        $0.value(
          K.Device.microphone,
          ScenarioWriter.flow([
            (K.Microphone.sampleRate, Self.number(audio.format.sampleRate)),
            (K.Microphone.channels, "\(audio.format.channelCount)"),
            (K.Microphone.tapSchedule, audio.taps.lastPathComponent),
          ]))
      }
    }
    let results = resultEntries(from: from, audio: audio, events: events)
    writer.section(K.model) { model in
      model.value(K.Model.locale, ScenarioText.quoted(header.locale))
      if results.isEmpty {
        model.value(K.Model.results, "[]")
      } else {
        model.section(K.Model.results) { list in for result in results { list.item(ScenarioWriter.flow(result)) } }
      }
    }
    // A capture without UI states (an app that records audio and results only) has no UI to compare.
    if final != nil {
      writer.section(K.observed) {
        $0.comment(
          "The UI the device showed; the run fails at the first place the replay differs, unless divergence: expected (the bug is fixed)."
        )
        $0.value(K.Observed.timeline, "timeline.tsv")
        $0.value(K.Observed.divergence, "none")
      }
    }
    writer.section(K.steps) { list in
      for step in steps(from: from, duration: duration, events: events) { list.item(step.text, comment: step.comment) }
    }
    if let final {
      writer.section(K.expect) {
        $0.comment("The final state the device showed; edit it into what should have happened.")
        $0.value(K.Expect.final, ScenarioWriter.flow(Self.stateFields(final)))
      }
    }
    return writer.text
  }

  /// The scenario's opening: where it was imported from, the device, and its schema, name and description.
  private func scenarioHeader(name: String, from: Double, duration: Double) -> ScenarioWriter {
    typealias K = ScenarioKeys
    let header = capture.header
    var writer = ScenarioWriter()
    writer.comment(
      "Imported by `speech-replay capture import` from \(capture.url.lastPathComponent)"
        + (options.from != nil || options.to != nil
          ? " (window \(Self.seconds(from))–\(Self.seconds(from + duration)) of its audio)" : "") + ".")
    writer.comment(
      "Device: \(header.deviceModel), \(header.osVersion); app \(header.appVersion); locale \(header.locale).")
    writer.value(K.schema, "1")
    writer.value(K.name, ScenarioText.quoted(name))
    writer.value(
      K.description,
      ScenarioText.quoted(
        "Replays a capture from \(header.deviceModel) (\(header.osVersion), app \(header.appVersion)): its audio and tap schedule, the results its model published and the user's actions; compares the UI with what the device showed."
      ))
    return writer
  }

  /// `expect.final`'s fields for the state the device showed last: its texts, and its phase and
  /// microphone where the scenario format has words for them.
  private static func stateFields(_ final: CaptureUIState) -> [(ScenarioKey, String)] {
    typealias K = ScenarioKeys.State
    var fields = [
      (K.committed, ScenarioText.quoted(final.committed)), (K.volatile, ScenarioText.quoted(final.volatile)),
    ]
    let phase = final.phase.split(separator: ":").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    if ["idle", "listening", "stopping", "unavailable"].contains(final.phase)
      || (phase == "failed" && final.phase.hasPrefix("failed: "))
    {
      fields.append((K.phase, ScenarioText.quoted(final.phase)))
    } else if final.phase.hasPrefix("preparing") {
      fields.append((K.phase, "preparing"))
    }
    if ["offered", "hidden"].contains(final.microphone) { fields.append((K.microphone, final.microphone)) }
    return fields
  }

  /// The recorded results as `model.results` entries, in the window, at their replay times.
  private func resultEntries(from: Double, audio: WrittenAudio?, events: [CaptureEvent]) -> [[(ScenarioKey, String)]] {
    typealias K = ScenarioKeys.Result
    var results: [[(ScenarioKey, String)]] = []
    let finalizedAs = Self.finalizedByStop(events)
    var stopAt: Double?
    for (index, event) in events.enumerated() {
      switch event.kind {
      case .action(.stop), .action(.cancel): stopAt = event.audioTime
      case .action(.start): stopAt = nil
      default: break
      }
      guard case .result(let result) = event.kind, finalizedAs.dropped.contains(index) == false else { continue }
      // A result that came after the stop, with no audio since, came from what the stop flushed
      // (the converter's tail, finalizing): due at its own time, which only the stop reaches.
      let afterStop = stopAt.map { abs(event.audioTime - $0) < 1e-9 } ?? false
      let at =
        afterStop
        ? event.audioTime : max(from, Self.replayTime(ofResultAt: event.audioTime, taps: audio?.tapEnds ?? []))
      var fields = [(K.at, ScenarioText.duration(at - from))]
      if result.isFinal {
        fields.append((K.final, ScenarioText.quoted(result.text)))
      } else if result.text.isEmpty {
        fields.append((K.withdraw, "true"))
      } else {
        fields.append((K.text, ScenarioText.quoted(result.text)))
      }
      let start = max(0, result.rangeStart - from)
      var end = max(start, result.rangeStart + result.rangeDuration - from)
      // A window can cut a volatile result's range to nothing; an empty range reads as a final's.
      if !result.isFinal, end - start < 0.01 { end = start + 0.01 }
      if !result.text.isEmpty {
        fields.append((K.range, ScenarioWriter.list([ScenarioText.duration(start), ScenarioText.duration(end)])))
      }
      let alternatives = result.alternatives.dropFirst().filter { !$0.isEmpty }
      if !alternatives.isEmpty {
        fields.append((K.alternatives, ScenarioWriter.list(alternatives.map(ScenarioText.quoted))))
      }
      if let confidence = result.confidence, !result.text.isEmpty {
        fields.append((K.confidence, Self.number(min(1, max(0, confidence)))))
      }
      if let final = finalizedAs.texts[index] { fields.append((K.finalizeAs, ScenarioText.quoted(final))) }
      results.append(fields)
    }
    return results
  }

  /// Finals the model published only because the user stopped (they arrived after a stop, once
  /// no more audio came): in a replay the stop finalizes the last volatile result, so that volatile
  /// result gets the final's text as `finalizeAs` and the final itself is left out. Keys are indexes in `events`.
  static func finalizedByStop(_ events: [CaptureEvent]) -> (texts: [Int: String], dropped: Set<Int>) {
    var texts: [Int: String] = [:]
    var dropped: Set<Int> = []
    var lastVolatile: Int?
    var stopAt: Double?
    for (index, event) in events.enumerated() {
      switch event.kind {
      case .action(.stop), .action(.cancel): stopAt = event.audioTime
      case .action(.start): stopAt = nil
      case .result(let result) where !result.isFinal && !result.text.isEmpty: lastVolatile = index
      case .result(let result) where result.isFinal:
        if let stopAt, event.audioTime <= stopAt + 1e-9, let volatile = lastVolatile {
          texts[volatile] = result.text
          dropped.insert(index)
        }
        lastVolatile = nil
      default: break
      }
    }
    return (texts, dropped)
  }

  /// The user's actions as steps at their audio times: `play` up to each action, the action, then the rest.
  private func steps(from: Double, duration: Double, events: [CaptureEvent]) -> [(text: String, comment: String?)] {
    typealias K = ScenarioKeys.Step
    var steps: [(text: String, comment: String?)] = []
    // A window that opens inside a session starts it.
    let earlier = capture.events.last {
      $0.audioTime < from - 1e-9 && { if case .action = $0.kind { true } else { false } }($0)
    }
    if let earlier, case .action(.start) = earlier.kind {
      steps.append((ScenarioWriter.step(K.start), "started before the window"))
    }
    // The microphone plays the capture from the start (a tap schedule keeps the play gate open: the
    // recorded audio already holds its silences), so steps are waits up to each action. Audio time
    // runs with virtual time from the last start (the anchor); an action after audio arrived comes
    // 1 ms after its audio time, after the tap buffer that ends exactly there, as on the device.
    var cursor = 0.0
    var anchor = (audio: 0.0, virtual: 0.0)
    for event in events {
      guard case .action(let action) = event.kind else { continue }
      let time = event.audioTime - from
      var virtual = anchor.virtual + (time - anchor.audio)
      if time > anchor.audio + 1e-9 { virtual += 0.001 }
      virtual = max(virtual, cursor)
      if virtual - cursor >= 0.0005 {
        steps.append((ScenarioWriter.step(K.wait, ScenarioText.duration(virtual - cursor)), nil))
      }
      cursor = virtual
      switch action {
      case .start:
        steps.append((ScenarioWriter.step(K.start), nil))
        anchor = (time, cursor)
      case .stop: steps.append((ScenarioWriter.step(K.stop), nil))
      case .cancel:
        steps.append((ScenarioWriter.step(K.stop), "the user cancelled (no cancel step: stop is the nearest)"))
      case .dismiss: steps.append((ScenarioWriter.step(K.dismiss), nil))
      case .other(let name):
        steps.append(
          (ScenarioWriter.step(K.wait, "0s"), "the user did '\(name.replacingOccurrences(of: "\n", with: " "))'"))
      }
    }
    let end = anchor.virtual + (duration - anchor.audio) + 0.001
    if end - cursor >= 0.0015 {
      steps.append((ScenarioWriter.step(K.wait, ScenarioText.duration(end - cursor)), "the rest of the audio"))
    }
    if steps.isEmpty {
      steps.append((ScenarioWriter.step(K.wait, "0s"), "the capture holds no user action in this window"))
    }
    return steps
  }

  // MARK: Helpers

  private func write(_ text: String, to url: URL) throws {
    do {
      try FileReplacement.write(Data(text.utf8), to: url.path)
    } catch let error as AudioFileError {
      throw CaptureImportError("\(url.path): cannot write (\(error.message)); check the output folder")
    } catch {
      throw CaptureImportError("\(url.path): cannot write (\(error)); check the output folder")
    }
  }

  /// When a result recorded at capture time `time` is due in the replay's script.
  ///
  /// The capture's clock advances by whole taps, so a result is stamped with the end of the tap
  /// after which it arrived. The replay's scripted model publishes an entry once the analyzer
  /// has heard its time, and the analyzer hears a tap's audio a few milliseconds short of the
  /// tap's end — the converter's look-ahead (up to 15 ms with libsoxr). So the entry is placed in
  /// the middle of that tap: due with the same tap as on the device, for any look-ahead shorter
  /// than half a tap. Times between taps (no tap ends there) are kept.
  static func replayTime(ofResultAt time: Double, taps: [(end: Double, duration: Double)]) -> Double {
    // Binary search for the tap that ends at `time`.
    var low = 0, high = taps.count
    while low < high {
      let middle = (low + high) / 2
      if taps[middle].end < time - 1e-9 { low = middle + 1 } else { high = middle }
    }
    guard low < taps.count, abs(taps[low].end - time) < 1e-6 else { return time }
    return time - taps[low].duration / 2
  }

  static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// The files ``write(into:)`` writes into its folder for a scenario named `scenarioName`.
  public static func fileNames(scenarioName: String) -> [String] {
    ["audio.caf", "taps.tsv", "timeline.tsv", "\(fileName(scenarioName)).yaml"]
  }

  /// A file name from a scenario name: letters, digits, `-` and `_`.
  static func fileName(_ name: String) -> String {
    let kept = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
    return kept.isEmpty ? "capture" : String(kept)
  }
}

extension AudioFormat {
  fileprivate var planeCountForImport: Int { isInterleaved ? 1 : channelCount }
}

extension String {
  fileprivate func trimmingPrefixWhitespace() -> String { String(drop { $0 == " " }) }
}
