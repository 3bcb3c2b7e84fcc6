import SimulatedDevice

extension CheckID.Family {
  /// Audio conservation: what the analyzer received against what the tap delivered (`expect.audio`).
  public static let audio = CheckID.Family(declaring: "audio")
}

extension ScenarioKeys.Expect {
  /// `expect.audio`.
  package static let audio = ScenarioKey(family: "audio")
}

extension Scenario.Expectations {
  /// The `audio` family's part (`expect.audio`).
  package var audio: Scenario.AudioExpectation {
    get { families[.audio, default: Scenario.AudioExpectation()] }
    set { families[.audio, default: Scenario.AudioExpectation()] = newValue }
  }
}

/// The `audio` family's declaration (``CheckRegistry``).
enum AudioFamily: CheckFamily {
  static let family = CheckID.Family.audio

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration("audio.tapSeconds", worse: .neither, unit: .seconds),
      CheckID.Family.FigureDeclaration("audio.receivedSeconds", worse: .neither, unit: .seconds),
      CheckID.Family.FigureDeclaration("audio.lostSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
      CheckID.Family.FigureDeclaration(
        "audio.repeatedSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
      CheckID.Family.FigureDeclaration(
        "audio.garbledSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
      CheckID.Family.FigureDeclaration(
        "audio.rejectedSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
      CheckID.Family.FigureDeclaration(
        "audio.reportedDropSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
      CheckID.Family.FigureDeclaration(
        "audio.worstSignalToNoise", worse: .lower,
        tolerance: FigureRule.Tolerance(absolute: 1, relative: 0.05, floor: 0.5), unit: .decibels),
    ]
  }

  static var expectKeys: [ScenarioKey] { [ScenarioKeys.Expect.audio] }

  static func decode(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, with decoder: ScenarioDecoder,
    steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let node = expect[ScenarioKeys.Expect.audio] { expectations.audio = try decoder.audioExpectation(node) }
  }

  /// Keeps what the analyzers received when the report's lane is asked for.
  static func prepare(_ setup: inout RunSetup) {
    setup.device.audioConservation.keepsReceivedEnvelope = setup.runner.keepsReceivedAudio
  }

  /// The check with the monitor's report: the monitor compares what is still pending here, once,
  /// after every earlier family's checks have read it, so the check only reads.
  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    let expectation = record.scenario.expectations.audio
    guard expectation.isChecked else { return [] }
    return [AudioCheck(expectation: expectation, report: record.device.audioConservation.finish())]
  }

  /// The report's "analyzer heard" lane with the spans the check judged, when kept.
  static func report(_ outcomes: [CheckOutcome], setup: RunSetup, into run: inout ScenarioRun) {
    guard setup.runner.keepsReceivedAudio else { return }
    let marks = outcomes.flatMap { $0.attachments.compactMap { $0 as? AudioLane.Mark } }
    run.audioLane = AudioLane(envelope: setup.device.audioConservation.receivedEnvelope(), marks: marks)
  }
}
