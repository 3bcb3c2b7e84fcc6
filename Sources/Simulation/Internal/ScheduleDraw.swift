/// The choices of a seeded schedule (``Simulation/SchedulePolicy``), drawn from its own stream so a
/// schedule seed changes the order and nothing else (the run's random streams keep their numbers).
struct ScheduleDraw {
  private var generator: SplitMix64
  /// Late wake-ups are whole multiples of this (the real-clock quantum), at most `maximumDelay`.
  private let quantum: Int64
  private let maximumSteps: UInt64

  init(seed: UInt64, maximumWakeUpDelay: Duration, quantumNanoseconds: Int64) {
    // Mixed with a constant so schedule seed N and run seed N do not share numbers.
    generator = SplitMix64(state: seed ^ 0x5343_4845_4455_4c45)
    quantum = quantumNanoseconds
    maximumSteps = UInt64(max(0, maximumWakeUpDelay.nanosecondsClamped / quantumNanoseconds))
  }

  /// An index in `0..<count` (`count` > 0).
  mutating func index(below count: Int) -> Int {
    Int(generator.next() % UInt64(count))
  }

  /// How much later than asked a real-clock sleep wakes: 0 up to the bound, in whole quanta.
  mutating func wakeUpDelay() -> Int64 {
    guard maximumSteps > 0 else { return 0 }
    return Int64(generator.next() % (maximumSteps + 1)) * quantum
  }

  /// Shuffles timers due together into a drawn firing order.
  mutating func shuffle(_ timers: inout [TimerEntry]) {
    timers.shuffle(using: &generator)
  }
}
