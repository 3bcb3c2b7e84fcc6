import Foundation
import SimulatedDevice
import Simulation
import SpeechShim
import Testing

@testable import LiveTranscription

/// The bounded queue between tap and analyzer, with a consumer slower than the microphone.
@Suite(.serialized) struct AnalyzerInputQueueTests {
  @Test func aSlowConsumerGetsTheNewestBuffersAndTheOldestAreDropped() throws {
    let device = SimulatedDevice()
    let (taken, statistics) = try StackHarness.run("bounded queue", on: device) {
      let queue = AnalyzerInputQueue(limit: 3)
      let format = try #require(
        AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
      // A consumer that takes one buffer per second, while the producer yields ten per second.
      let consumer = Task {
        var taken: [Int] = []
        for await input in queue.input {
          taken.append(Int(input.buffer.frameLength))
          try? await Simulation.current!.clock.sleep(for: .seconds(1))
        }
        return taken
      }
      for index in 1...20 {
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 100))
        buffer.frameLength = AVAudioFrameCount(index)  // the length tells the buffers apart
        queue.recordDelivery(converted: true)
        queue.enqueue(AnalyzerInput(buffer: buffer))
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
      }
      queue.finish()
      return (await consumer.value, queue.statistics)
    }
    #expect(statistics.peakQueued == 3, "\(statistics)")
    #expect(statistics.buffersDropped == 20 - taken.count, "\(statistics)")
    #expect(statistics.buffersConsumed == taken.count)
    #expect(statistics.queued == 0)
    #expect(taken.first == 1, "the first buffer was taken at once")
    #expect(Array(taken.suffix(3)) == [18, 19, 20], "the newest survive: \(taken)")
    #expect(taken == taken.sorted(), "order is kept")
  }

  @Test func buffersAfterFinishAreCountedNotQueued() throws {
    let device = SimulatedDevice()
    let statistics = try StackHarness.run("after finish", on: device) {
      let queue = AnalyzerInputQueue(limit: 2)
      let format = try #require(
        AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
      queue.finish()
      queue.enqueue(AnalyzerInput(buffer: try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 10))))
      return queue.statistics
    }
    #expect(statistics.buffersAfterFinish == 1 && statistics.queued == 0 && statistics.peakQueued == 0, "\(statistics)")
  }
}
