import AudioPCM
import Foundation
import Testing

@Suite struct FileReplacementTests {
  /// A folder holding `out.wav` with other bytes in it (the user's previous recording), and a
  /// buffer to write over it.
  private static func previousRecording() throws -> (folder: URL, path: String, previous: Data, buffer: PCMBuffer) {
    let folder = try TestAudio.temporaryFolder()
    let path = folder.appendingPathComponent("out.wav").path
    let previous = Data("the previous recording".utf8)
    try previous.write(to: URL(fileURLWithPath: path))
    let buffer = try TestAudio.buffer(
      [TestAudio.windowedSine(frequency: 440, sampleRate: 8_000, frames: 800)], sampleRate: 8_000)
    return (folder, path, previous, buffer)
  }

  private func contents(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func anAtomicWriterLeavesTheOldFileUntilItCloses() throws {
    let (folder, path, previous, buffer) = try Self.previousRecording()
    defer { try? FileManager.default.removeItem(at: folder) }

    let writer = try AudioFileWriter(
      path: path, container: .wav, encoding: .pcm16, format: buffer.format, atomically: true)
    try writer.write(buffer)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == previous, "written beside the file, not into it")
    #expect(try contents(of: folder).count == 2)
    try writer.close()
    #expect(try AudioFile(forReading: path).frameCount == 800)
    #expect(try contents(of: folder) == ["out.wav"])
  }

  /// A signal's cleanup removes the temporary file while another thread is about to write it: the
  /// write fails, naming the destination, and does not bring the file back to outlive the process.
  @Test func aTemporaryFileRemovedByTheCleanupIsNeverRecreated() throws {
    let (folder, path, previous, _) = try Self.previousRecording()
    defer { try? FileManager.default.removeItem(at: folder) }
    let replacement = try FileReplacement(replacing: path)
    #expect(unlink(replacement.temporaryPath) == 0)
    #expect(throws: AudioFileError.self) { _ = try replacement.openForWriting() }
    #expect(try contents(of: folder) == ["out.wav"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == previous)
  }

  @Test func anAtomicWriterReleasedWithoutClosingLeavesNothing() throws {
    let (folder, path, previous, buffer) = try Self.previousRecording()
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      // A conversion that fails half-way drops its writer without closing it.
      let writer = try AudioFileWriter(
        path: path, container: .wav, encoding: .pcm16, format: buffer.format, atomically: true)
      try writer.write(buffer)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == previous)
    #expect(try contents(of: folder) == ["out.wav"])
  }

  @Test func writingThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("report.xml").path
    let link = folder.appendingPathComponent("latest.xml").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.xml")
    try FileReplacement.write(Data("new".utf8), to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "report.xml")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    #expect(try contents(of: folder) == ["latest.xml", "report.xml"])
  }

  @Test func anExistingFileKeepsItsPermissions() throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("golden.txt").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try FileReplacement.write(Data("new".utf8), to: path)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
  }

  @Test func aMissingFolderIsNamed() throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("no/such/folder/x.json").path
    #expect(
      performing: { try FileReplacement.write(Data("{}".utf8), to: path) },
      throws: { error in
        guard let error = error as? AudioFileError else { return false }
        return error.code == .cannotOpen && error.path == path && error.message.contains("no such folder")
      })
  }
}
