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

  /// The `ui.state` events with their index in the timeline, in order, and for each position the
  /// next positions where something changes, so every sample is found without scanning the
  /// states again (one pass each way, then binary searches: linear in the timeline).
  private struct States {
    var states: [(index: Int, event: Timed<UIStateEvent>)]
    /// The first position after each one whose committed text differs from it (`count` if none).
    var nextCommittedChange: [Int]
    /// The first position at or after each one (and at `count`) that shows volatile text.
    var nextVolatile: [Int]
    /// The first position at or after each one (and at `count`) that is listening.
    var nextListening: [Int]
    /// The first position at or after each one (and at `count`) that is idle.
    var nextIdle: [Int]

    init(_ timeline: Timeline) {
      states = timeline.events(UIStateEvent.self).map { ($0.sequence, $0) }
      let count = states.count
      nextCommittedChange = Array(repeating: count, count: count)
      nextVolatile = Array(repeating: count, count: count + 1)
      nextListening = nextVolatile
      nextIdle = nextVolatile
      for position in stride(from: count - 1, through: 0, by: -1) {
        let state = states[position].event
        if position + 1 < count {
          nextCommittedChange[position] =
            states[position + 1].event.committed != state.committed ? position + 1 : nextCommittedChange[position + 1]
        }
        nextVolatile[position] = state.volatile.isEmpty ? nextVolatile[position + 1] : position
        nextListening[position] = state.isListening ? position : nextListening[position + 1]
        nextIdle[position] = state.isIdle ? position : nextIdle[position + 1]
      }
    }

    /// The position of the first state after timeline index `index`.
    func firstPosition(after index: Int) -> Int {
      states.partitioningIndex { $0.index > index }
    }

    /// The first position at or after `position` whose committed text is not `committed`.
    func firstPosition(from position: Int, committedOtherThan committed: String) -> Int {
      guard position < states.count else { return states.count }
      return states[position].event.committed != committed ? position : nextCommittedChange[position]
    }
  }

  /// Every sample, measure by measure.
  func samples() -> [LatencySample] {
    let states = States(timeline)
    return utteranceSamples(states) + stepSamples(states)
      + cycles.map {
        LatencySample(
          .cycle, $0.ended - $0.started, label: "pass \($0.pass) of \($0.count) of the cycle at line \($0.line)")
      }
  }

  private func utteranceSamples(_ states: States) -> [LatencySample] {
    var samples: [LatencySample] = []
    for utterance in utterances {
      guard let onset = tape.firstHearing(utterance.onset) else {
        samples.append(.init(.firstVolatile, nil, label: "\(utterance.label) was never played"))
        samples.append(.init(.final, nil, label: "\(utterance.label) was never played"))
        continue
      }
      let after = states.firstPosition(after: onset.index)
      let committedAtOnset = after > 0 ? states.states[after - 1].event.committed : ""
      let finalPosition = states.firstPosition(from: after, committedOtherThan: committedAtOnset)
      let final = finalPosition < states.states.count ? states.states[finalPosition] : nil
      // Volatile text shown before the final: the utterance's own guess.
      let volatilePosition = states.nextVolatile[after]
      let firstVolatile = volatilePosition < finalPosition ? states.states[volatilePosition] : nil
      if let firstVolatile {
        samples.append(
          .init(
            .firstVolatile, firstVolatile.event.time - onset.time, label: utterance.label, end: firstVolatile.event.time
          ))
      } else {
        samples.append(.init(.firstVolatile, nil, label: "\(utterance.label) showed no volatile text before its final"))
      }
      guard let end = tape.completion(utterance.end) else {
        samples.append(.init(.final, nil, label: "\(utterance.label) was not played to its end"))
        continue
      }
      if let final {
        // A final shown before the speech end was delivered counts as immediate.
        samples.append(
          .init(.final, max(.zero, final.event.time - end.time), label: utterance.label, end: final.event.time))
      } else {
        samples.append(.init(.final, nil, label: "\(utterance.label) never had its final text committed"))
      }
    }
    return samples
  }

  private func stepSamples(_ states: States) -> [LatencySample] {
    var samples: [LatencySample] = []
    let steps = timeline.events(ScenarioStepEvent.self)
    // The sequence number of the next `start` after each step (one pass from the end).
    var nextStart = Array(repeating: Int.max, count: steps.count)
    var following = Int.max
    for position in stride(from: steps.count - 1, through: 0, by: -1) {
      nextStart[position] = following
      if steps[position].isStart { following = steps[position].sequence }
    }
    var starts = 0, stops = 0
    for (position, event) in steps.enumerated() {
      let index = event.sequence, line = event.line
      if event.isStart {
        starts += 1
        let label = "start #\(starts) (line \(line))"
        let listening = states.nextListening[states.firstPosition(after: index)]
        let ready =
          listening < states.states.count && states.states[listening].index < nextStart[position]
          ? states.states[listening] : nil
        samples.append(
          .init(
            .modelReady, ready.map { $0.event.time - event.time },
            label: ready == nil ? "\(label) never reached listening" : label, end: ready?.event.time))
      } else if event.isStop {
        stops += 1
        let label = "stop #\(stops) (line \(line))"
        let after = states.firstPosition(after: index)
        // Sequence numbers are unique, so the state before `after` is the last one before the step.
        let idle = states.nextIdle[after]
        if after > 0, states.states[after - 1].event.isIdle {
          samples.append(.init(.stopToIdle, .zero, label: label, end: event.time))
        } else if idle < states.states.count {
          let idle = states.states[idle]
          samples.append(.init(.stopToIdle, idle.event.time - event.time, label: label, end: idle.event.time))
        } else {
          samples.append(.init(.stopToIdle, nil, label: "\(label) never reached idle"))
        }
      }
    }
    return samples
  }
}
