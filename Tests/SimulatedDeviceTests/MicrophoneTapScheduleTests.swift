import AudioPCM
import Foundation
import SimulatedDevice
import Testing

/// An explicit tap schedule: the microphone delivers a capture's exact callbacks (sizes, timing,
/// format changes) and falls back to its regular cadence when the schedule is used up.
@Suite struct MicrophoneTapScheduleTests {
  typealias Entry = Microphone.TapScheduleEntry

  @Test func callbacksFollowTheScheduleThenTheRegularCadence() {
    let schedule = [
      Entry(frames: 1024, sampleTime: 0), Entry(frames: 960, sampleTime: 1024), Entry(frames: 1024, sampleTime: 1984),
    ]
    let microphone = SimulatedDevice(configuration: .init(microphone: .init(tapFrames: 4800, tapSchedule: schedule)))
      .microphone
    var sizes: [Int] = []
    var intervals: [Duration] = []
    for _ in 0..<5 {
      intervals.append(microphone.callbackInterval)
      sizes.append(microphone.capture().frameLength)
    }
    #expect(sizes == [1024, 960, 1024, 4800, 4800])
    #expect(
      intervals == [
        .nanoseconds(21_333_333), .milliseconds(20), .nanoseconds(21_333_333), .milliseconds(100), .milliseconds(100),
      ])
    #expect(microphone.framesDelivered == 1024 + 960 + 1024 + 9600)
    #expect(!microphone.isFollowingSchedule)
  }

  @Test func withoutAScheduleTheCadenceIsUnchanged() {
    let microphone = SimulatedDevice(configuration: .init(microphone: .init(tapFrames: 4800))).microphone
    #expect(!microphone.isFollowingSchedule)
    #expect((try? microphone.applyScheduledRouteChange()) == false)
    #expect((0..<3).map { _ in microphone.capture().frameLength } == [4800, 4800, 4800])
    #expect(microphone.callbackInterval == .milliseconds(100))
  }

  @Test func aSampleTimeJumpDelaysTheNextCallbackByTheSkippedFrames() {
    let schedule = [
      Entry(frames: 4800, sampleTime: 0), Entry(frames: 4800, sampleTime: 9600), Entry(frames: 4800, sampleTime: 0),
    ]
    let microphone = SimulatedDevice(configuration: .init(microphone: .init(tapSchedule: schedule))).microphone
    _ = microphone.capture()
    #expect(microphone.callbackInterval == .milliseconds(200), "100 ms of skipped frames, then the buffer's own 100 ms")
    _ = microphone.capture()
    #expect(microphone.callbackInterval == .milliseconds(100), "a restart (sample time back to 0) adds nothing")
  }

  @Test func formatChangesInTheScheduleChangeTheRouteAndTellTheObservers() throws {
    let schedule = [
      Entry(frames: 4800, sampleTime: 0, sampleRate: 48_000, channelCount: 1),
      Entry(frames: 1600, sampleTime: 0, sampleRate: 16_000, channelCount: 1),
      Entry(frames: 1600, sampleTime: 1600, sampleRate: 16_000, channelCount: 1),
    ]
    // The hardware starts in the first entry's format, whatever the configuration's rate says.
    let device = SimulatedDevice(configuration: .init(microphone: .init(sampleRate: 44_100, tapSchedule: schedule)))
    let microphone = device.microphone
    final class Log: @unchecked Sendable { var events: [Microphone.Event] = [] }
    let log = Log()
    let observation = microphone.observe(as: .engine) { log.events.append($0) }
    #expect(microphone.hardwareFormat.sampleRate == 48_000)
    #expect(try microphone.applyScheduledRouteChange() == false)
    #expect(microphone.capture().frameLength == 4800)
    #expect(try microphone.applyScheduledRouteChange() == true)
    #expect(log.events.count == 1)
    if case .routeChanged(let previous, let current, _) = log.events.first {
      #expect(previous.sampleRate == 48_000 && current.sampleRate == 16_000)
    } else {
      Issue.record("no route change was reported: \(log.events)")
    }
    #expect(try microphone.applyScheduledRouteChange() == false, "the route already matches the next entry")
    let buffer = microphone.capture()
    #expect(buffer.format.sampleRate == 16_000 && buffer.frameLength == 1600)
    #expect(microphone.capture().frameLength == 1600)
    withExtendedLifetime(observation) {}
  }
}
