#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMediaTwin
  import Simulation
  import SpeechTwin
  import Testing

  @Suite struct AnalyzerTraceEventTests {
    static func event(_ kind: TraceEvent.Kind, _ fields: [(String, String)]) -> TraceEvent {
      TraceEvent(sequence: 7, time: .milliseconds(900), kind: kind, fields: fields.map { TraceEvent.Field($0.0, $0.1) })
    }

    @Test func analyzerInputRoundTripsItsCanonicalFields() throws {
      let event = Self.event(
        .analyzerInput,
        [
          ("analyzer", "SpeechAnalyzer#1"), ("start", "1.200"), ("end", "1.300"), ("format", "16000 Hz, 1 ch, Int16"),
          ("accepted", "false"),
        ])
      let input = try #require(AnalyzerInputEvent(event))
      #expect(input.start.seconds == 1.2)
      #expect(input.end.seconds == Double("1.300"))
      #expect(!input.accepted)
      #expect(input.fields == event.fields)
      #expect(input.event(sequence: 7, time: .milliseconds(900)).canonicalLine == event.canonicalLine)
    }

    @Test func analyzerInputIsNilWhenAFieldIsMissingOrUnreadable() {
      let complete = [("analyzer", "a"), ("start", "0.000"), ("end", "0.100"), ("format", "f"), ("accepted", "true")]
      #expect(AnalyzerInputEvent(Self.event(.analyzerInput, complete)) != nil)
      for name in ["analyzer", "start", "end", "format", "accepted"] {
        #expect(
          AnalyzerInputEvent(Self.event(.analyzerInput, complete.filter { $0.0 != name })) == nil, "without \(name)")
      }
      #expect(
        AnalyzerInputEvent(Self.event(.analyzerInput, complete.map { $0.0 == "end" ? ("end", "0.1") : $0 })) == nil,
        "not milliseconds")
      #expect(
        AnalyzerInputEvent(Self.event(.analyzerInput, complete.map { $0.0 == "accepted" ? ("accepted", "yes") : $0 }))
          == nil)
      #expect(AnalyzerInputEvent(Self.event(.analyzerResult, complete)) == nil, "another kind")
    }

    @Test func nonNumericTimesRoundTripAsQuestionMarks() throws {
      let event = Self.event(
        .analyzerResult, [("analyzer", "a"), ("final", "true"), ("start", "?"), ("end", "-0.250"), ("text", "Hello.")])
      let result = try #require(AnalyzerResultEvent(event))
      #expect(!result.start.isNumeric)
      #expect(result.end.seconds == -0.25)
      #expect(result.isFinal)
      #expect(result.fields == event.fields)
    }

    @Test func analyzerStartRoundTrips() throws {
      let event = Self.event(.analyzerStart, [("analyzer", "a"), ("input", "2")])
      #expect(try #require(AnalyzerStartEvent(event)).fields == event.fields)
      #expect(AnalyzerStartEvent(Self.event(.analyzerStart, [("analyzer", "a"), ("input", "two")])) == nil)
    }
  }
#endif
