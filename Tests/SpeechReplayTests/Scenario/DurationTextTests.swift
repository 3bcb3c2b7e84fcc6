import SpeechReplay
import Testing

/// ``DurationText``, the one parser of durations: scenario files and the command line's time
/// options accept the same forms.
@Suite struct DurationTextTests {
  @Test(arguments: [
    ("2s", Duration.seconds(2)), ("1.5s", .milliseconds(1500)), ("500ms", .milliseconds(500)),
    ("250us", .microseconds(250)), ("5ns", .nanoseconds(5)), ("1m", .seconds(60)), ("10h", .seconds(36000)),
    ("2", .seconds(2)), ("12.5", .milliseconds(12500)), (" 2 s ", .seconds(2)), ("0", .zero),
  ])
  func readsEveryAcceptedForm(text: String, expected: Duration) {
    #expect(DurationText.parse(text) == expected)
  }

  @Test(arguments: ["", "s", "soon", "2 seconds", "-1s", "1e3", "1e30s", "99999999999999s", "2d", ".", "inf"])
  func refusesWhatIsNotADuration(text: String) {
    #expect(DurationText.parse(text) == nil)
  }

  @Test func writesWhatItReads() {
    for duration in [Duration.milliseconds(500), .seconds(2), .milliseconds(1250), .seconds(90)] {
      #expect(DurationText.parse(DurationText.text(duration)) == duration)
    }
  }
}
