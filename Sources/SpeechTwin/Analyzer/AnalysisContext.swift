import Foundation
import Synchronization

/// Contextual information that biases an analysis — contextual strings and user data — the twin of
/// Apple's `AnalysisContext`.
///
/// A context may be shared by several analyzers; ``SpeechAnalyzer/setContext(_:)`` replaces the
/// object an analyzer uses.
public final class AnalysisContext: Sendable {
  private let state = Mutex(State())

  private struct State: @unchecked Sendable {
    var contextualStrings: [ContextualStringsTag: [String]] = [:]
    var userData: [UserDataTag: any Sendable] = [:]
  }

  /// Creates an empty context.
  public init() {}

  /// Words and phrases to favour, grouped by tag.
  public var contextualStrings: [ContextualStringsTag: [String]] {
    get { state.withLock { $0.contextualStrings } }
    set { state.withLock { $0.contextualStrings = newValue } }
  }

  /// Values for modules that take them, by tag.
  public var userData: [UserDataTag: any Sendable] {
    get { state.withLock { $0.userData } }
    set { state.withLock { $0.userData = newValue } }
  }

  /// Names a group of contextual strings.
  public struct ContextualStringsTag: RawRepresentable, Sendable, Hashable {
    /// The tag's name.
    public let rawValue: String
    /// Creates a tag.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates a tag.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Strings that apply generally (raw value is a twin decision).
    public static let general = ContextualStringsTag("general")
  }

  /// Names an entry of user data.
  public struct UserDataTag: RawRepresentable, Sendable, Hashable {
    /// The tag's name.
    public let rawValue: String
    /// Creates a tag.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates a tag.
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}
