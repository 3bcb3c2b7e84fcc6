import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import SpeechReplayTesting
import XCTest

/// `assertScenario` from XCTest: a passing scenario fails nothing; a failing one calls XCTFail once per failure.
final class AssertScenarioXCTests: XCTestCase {
  private var captured: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if capturing {
      captured.append(description)
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testAPassingScenarioFailsNothing() {
    let result = assertScenario(
      at: TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path, subject: .reference)
    XCTAssertEqual(result.status, .passed)
  }

  func testAFailingScenarioCallsXCTFailWithItsLocation() throws {
    let path = try TestFiles.write("schema: 1\nsteps: [{ wait: 2 seconds }]\n")
    capturing = true
    let result = assertScenario(at: path, subject: .reference)
    capturing = false
    XCTAssertEqual(result.status, .failed)
    XCTAssertEqual(captured.count, 1)
    XCTAssertTrue(
      captured.first?.contains(
        "scenario 'scenario' (seed 1): \(path):2:17: '2 seconds' is not a duration; write 2s, 500ms or 1.5s") == true,
      "\(captured)")
  }
}
