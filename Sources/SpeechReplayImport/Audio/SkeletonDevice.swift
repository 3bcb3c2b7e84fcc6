/// The device a scenario skeleton records on (`scenario new --device`): the microphone's rate and
/// tap size, as the hardware gives them, so that the stack's converter runs as it does on a phone.
///
/// The file is resampled to the device's rate by the simulated microphone, as the hardware would
/// record the same sound at its own rate. Tap sizes are what `installTap` delivers, whatever buffer
/// size the app asks for (Documentation/Twins.md, microphone): 100 ms on iPhone and Mac.
public struct SkeletonDevice: Sendable, Hashable {
  /// The name `--device` takes.
  public var name: String
  /// The microphone's sample rate in Hz; nil keeps the file's rate (`--device file`).
  public var sampleRate: Double?
  /// Frames per tap callback at that rate; nil keeps the simulation's default (4800 frames).
  public var tapFrames: Int?
  /// What the profile stands for, for the skeleton's comment and `--help`.
  public var summary: String

  /// An iPhone's built-in microphone: 48 kHz, 4800-frame taps (100 ms). The default.
  public static let iphone = SkeletonDevice(
    name: "iphone", sampleRate: 48_000, tapFrames: 4_800, summary: "iPhone microphone, 48 kHz, 100 ms taps")
  /// A Mac's built-in microphone: 48 kHz, 4800-frame taps.
  public static let mac = SkeletonDevice(
    name: "mac", sampleRate: 48_000, tapFrames: 4_800, summary: "Mac built-in microphone, 48 kHz, 100 ms taps")
  /// A Bluetooth headset in its hands-free profile (AirPods and the like while the microphone is
  /// on): 16 kHz wide-band speech, 1600-frame taps.
  public static let bluetoothHeadset = SkeletonDevice(
    name: "bluetooth-headset", sampleRate: 16_000, tapFrames: 1_600,
    summary: "Bluetooth headset (hands-free profile), 16 kHz, 100 ms taps")
  /// The file's own rate and the default tap: the skeletons written before device profiles.
  public static let file = SkeletonDevice(
    name: "file", sampleRate: nil, tapFrames: nil, summary: "the file's own rate (nothing resampled)")

  /// Every profile, in the order `--help` lists them.
  public static let all = [iphone, mac, bluetoothHeadset, file]

  /// The profile called `name`; nil when there is none.
  public static func named(_ name: String) -> SkeletonDevice? { all.first { $0.name == name } }

  /// Seconds between tap callbacks for a file at `fileRate` (when the profile keeps the file's rate).
  func tapPeriod(fileRate: Double) -> Double {
    Double(tapFrames ?? Self.defaultTapFrames) / (sampleRate ?? fileRate)
  }

  /// The simulated microphone's tap size when a scenario gives none.
  static let defaultTapFrames = 4_800
}
