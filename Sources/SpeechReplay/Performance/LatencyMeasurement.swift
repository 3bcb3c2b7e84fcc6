import Simulation

/// Measures a run's latencies from its timeline: per utterance (first volatile, final), per
/// `start` (model ready), per `stop` (stop to idle) and per cycle pass.
///
/// The UI is read from `ui.state` events and the steps from `scenario.step` events; speech onset
/// and end come from ``SpeechUtterance`` mapped onto virtual time by ``TapePositions``.
struct LatencyMeasurement {
  let timeline: Timeline
  let utterances: [SpeechUtterance]
  let tape: TapePositions
  let cycles: [CycleRecord]

  /// The `ui.state` events with their index in the timeline.
  private var states: [(index: Int, event: Timed<UIStateEvent>)] {
    timeline.events(UIStateEvent.self).map { ($0.sequence, $0) }
  }

  /// Every sample, measure by measure.
  func samples() -> [LatencySample] {
    let states = self.states
    return utteranceSamples(states) + stepSamples(states) + cycles.map {
      LatencySample(.cycle, $0.ended - $0.started, label: "pass \($0.pass) of \($0.count) of the cycle at line \($0.line)")
    }
  }

  private func utteranceSamples(_ states: [(index: Int, event: Timed<UIStateEvent>)]) -> [LatencySample] {
    var samples: [LatencySample] = []
    for utterance in utterances {
      guard let onset = tape.firstHearing(utterance.onset) else {
        samples.append(.init(.firstVolatile, nil, label: "\(utterance.label) was never played"))
        samples.append(.init(.final, nil, label: "\(utterance.label) was never played"))
        continue
      }
      let committedAtOnset = states.last { $0.index < onset.index }?.event.committed ?? ""
      let after = states.filter { $0.index > onset.index }
      let final = after.first { $0.event.committed != committedAtOnset }
      // Volatile text shown before the final: the utterance's own guess.
      let finalIndex = final?.index ?? Int.max
      let firstVolatile = after.prefix { $0.index < finalIndex }.first { !$0.event.volatile.isEmpty }
      if let firstVolatile {
        samples.append(.init(.firstVolatile, firstVolatile.event.time - onset.time, label: utterance.label, end: firstVolatile.event.time))
      } else {
        samples.append(.init(.firstVolatile, nil, label: "\(utterance.label) showed no volatile text before its final"))
      }
      guard let end = tape.completion(utterance.end) else {
        samples.append(.init(.final, nil, label: "\(utterance.label) was not played to its end"))
        continue
      }
      if let final {
        // A final shown before the speech end was delivered counts as immediate.
        samples.append(.init(.final, max(.zero, final.event.time - end.time), label: utterance.label, end: final.event.time))
      } else {
        samples.append(.init(.final, nil, label: "\(utterance.label) never had its final text committed"))
      }
    }
    return samples
  }

  private func stepSamples(_ states: [(index: Int, event: Timed<UIStateEvent>)]) -> [LatencySample] {
    var samples: [LatencySample] = []
    let steps = timeline.events(ScenarioStepEvent.self)
    var starts = 0, stops = 0
    for (position, event) in steps.enumerated() {
      let index = event.sequence, line = event.line
      if event.isStart {
        starts += 1
        let label = "start #\(starts) (line \(line))"
        let nextStart = steps[(position + 1)...].first { $0.isStart }?.sequence ?? Int.max
        let ready = states.first { $0.index > index && $0.index < nextStart && $0.event.isListening }
        samples.append(
          .init(.modelReady, ready.map { $0.event.time - event.time }, label: ready == nil ? "\(label) never reached listening" : label, end: ready?.event.time))
      } else if event.isStop {
        stops += 1
        let label = "stop #\(stops) (line \(line))"
        if states.last(where: { $0.index < index })?.event.isIdle == true {
          samples.append(.init(.stopToIdle, .zero, label: label, end: event.time))
        } else if let idle = states.first(where: { $0.index > index && $0.event.isIdle }) {
          samples.append(.init(.stopToIdle, idle.event.time - event.time, label: label, end: idle.event.time))
        } else {
          samples.append(.init(.stopToIdle, nil, label: "\(label) never reached idle"))
        }
      }
    }
    return samples
  }
}
