import Testing

@testable import SpeechReplayCLI

/// The HTML pages' number texts: the same on every machine, and never a trap for a value a damaged
/// history or a hand-edited report holds.
@Suite struct HTMLWriterNumberTests {
  @Test func secondsHaveThreeDecimals() {
    #expect(HTMLWriter.seconds(1.25) == "1.250")
    #expect(HTMLWriter.seconds(-0.0405) == "-0.041")
    #expect(HTMLWriter.seconds(.nan) == "?")
  }

  @Test func numbersHaveAtMostOneDecimal() {
    #expect(HTMLWriter.number(12) == "12")
    #expect(HTMLWriter.number(-12.54) == "-12.5")
    #expect(HTMLWriter.number(.infinity) == "0")
  }

  /// Past what `Int` holds in milliseconds or tenths, both used to trap.
  @Test func valuesPastIntAreWholeNumbers() {
    let huge = HTMLWriter.seconds(1e308)
    #expect(huge.count == 309 && huge.hasPrefix("1") && huge.allSatisfy(\.isNumber), "\(huge)")
    #expect(HTMLWriter.seconds(-1e300).hasPrefix("-1"))
    #expect(HTMLWriter.number(1e300).count == 301)
    #expect(HTMLWriter.number(-2e15) == "-2000000000000000")
  }
}

/// A figure's text on the run index and the comparison page.
@Suite struct FigureTextTests {
  @Test func integersHaveNoDecimalsAndOthersUpToFour() {
    #expect(RunIndexPage.figureText(3) == "3")
    #expect(RunIndexPage.figureText(0.12345) == "0.1235")
    #expect(RunIndexPage.figureText(-2.5) == "-2.5")
  }

  /// A damaged history's figure past what `Int` holds in ten-thousandths used to trap.
  @Test func valuesPastIntAreWholeNumbers() {
    #expect(RunIndexPage.figureText(1e300).count == 301)
    #expect(RunIndexPage.figureText(-1.5e15) == "-1500000000000000")
    #expect(RunIndexPage.figureText(.infinity) == "inf")
  }
}
