// Records synthetic 48 kHz mono tap buffers into a capture until it is killed, printing a line
// after each commit, so a test can SIGKILL a recorder mid-session and read what it committed.
//
//     capture-recorder-probe FILE
//
// Buffer n holds the samples n·4800 … n·4800+4799 as Float32 (sample i = i / 2^24), so the reader
// can check every byte. The process never finishes the capture on its own.
import Foundation
import SpeechReplayCapture
import SpeechShim

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: capture-recorder-probe FILE\n".utf8))
  exit(2)
}
let url = URL(fileURLWithPath: arguments[1])
let header = CaptureHeader(deviceModel: "probe", osVersion: "linux", locale: "en-US", appVersion: "probe 1")
let recorder: CaptureRecorder
do {
  recorder = try CaptureRecorder(
    url: url, header: header,
    options: .init(commitInterval: .milliseconds(20)) { statistics in
      // Unbuffered, so the test sees each line as soon as the commit is done.
      FileHandle.standardOutput.write(
        Data("committed \(statistics.buffersWritten) buffers \(statistics.eventsWritten) events\n".utf8))
    })
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!  // valid literal
let frames = 4_800
recorder.recordAction(.start)
var index = 0
while true {
  let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames))!  // valid literal format
  buffer.frameLength = AVAudioFrameCount(frames)
  for frame in 0..<frames { buffer.floatChannelData![0][frame] = Float(index * frames + frame) / Float(1 << 24) }
  recorder.recordTap(
    buffer,
    at: AVAudioTime(
      hostTime: UInt64(index) * 100_000_000, sampleTime: AVAudioFramePosition(index * frames), atRate: 48_000))
  if index % 10 == 0 {
    recorder.recordUIState(
      CaptureUIState(committed: "buffer \(index)", volatile: "", phase: "listening", microphone: "live"))
  }
  index += 1
  usleep(5_000)  // a real process pacing itself, faster than real time
}
