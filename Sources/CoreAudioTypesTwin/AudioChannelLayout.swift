/// Which standard speaker positions a layout uses (`AudioChannelBitmap`).
public struct AudioChannelBitmap: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates a bitmap from its bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Left.
  public static let bit_Left = AudioChannelBitmap(rawValue: 1 << 0)
  /// Right.
  public static let bit_Right = AudioChannelBitmap(rawValue: 1 << 1)
  /// Center.
  public static let bit_Center = AudioChannelBitmap(rawValue: 1 << 2)
}

/// Flags of an ``AudioChannelDescription``'s coordinates (`AudioChannelFlags`).
public struct AudioChannelFlags: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates flags from their bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Coordinates are rectangular.
  public static let rectangularCoordinates = AudioChannelFlags(rawValue: 1 << 0)
  /// Coordinates are spherical.
  public static let sphericalCoordinates = AudioChannelFlags(rawValue: 1 << 1)
  /// Coordinates are in meters.
  public static let meters = AudioChannelFlags(rawValue: 1 << 2)
}

/// One channel of a layout (`AudioChannelDescription`).
public struct AudioChannelDescription: Sendable, Hashable {
  /// The channel's role.
  public var mChannelLabel: AudioChannelLabel
  /// How to read the coordinates.
  public var mChannelFlags: AudioChannelFlags
  /// The speaker's position.
  public var mCoordinates: (Float32, Float32, Float32)

  /// All zero.
  public init() { self.init(mChannelLabel: 0, mChannelFlags: [], mCoordinates: (0, 0, 0)) }

  /// Every field.
  public init(
    mChannelLabel: AudioChannelLabel, mChannelFlags: AudioChannelFlags, mCoordinates: (Float32, Float32, Float32)
  ) {
    self.mChannelLabel = mChannelLabel
    self.mChannelFlags = mChannelFlags
    self.mCoordinates = mCoordinates
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.mChannelLabel == rhs.mChannelLabel && lhs.mChannelFlags == rhs.mChannelFlags
      && lhs.mCoordinates == rhs.mCoordinates
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mChannelLabel)
    hasher.combine(mChannelFlags)
    hasher.combine(mCoordinates.0)
    hasher.combine(mCoordinates.1)
    hasher.combine(mCoordinates.2)
  }
}

/// A channel layout (`AudioChannelLayout`): a tag, a bitmap, or (variable-length, as in C)
/// channel descriptions.
public struct AudioChannelLayout: Sendable, Hashable {
  /// The layout's tag.
  public var mChannelLayoutTag: AudioChannelLayoutTag
  /// The bitmap, for ``kAudioChannelLayoutTag_UseChannelBitmap``.
  public var mChannelBitmap: AudioChannelBitmap
  /// Descriptions in the layout.
  public var mNumberChannelDescriptions: UInt32
  /// The first description; more follow it in memory.
  public var mChannelDescriptions: AudioChannelDescription

  /// All zero.
  public init() {
    self.init(
      mChannelLayoutTag: 0, mChannelBitmap: [], mNumberChannelDescriptions: 0,
      mChannelDescriptions: AudioChannelDescription())
  }

  /// Every field.
  public init(
    mChannelLayoutTag: AudioChannelLayoutTag, mChannelBitmap: AudioChannelBitmap, mNumberChannelDescriptions: UInt32,
    mChannelDescriptions: AudioChannelDescription
  ) {
    self.mChannelLayoutTag = mChannelLayoutTag
    self.mChannelBitmap = mChannelBitmap
    self.mNumberChannelDescriptions = mNumberChannelDescriptions
    self.mChannelDescriptions = mChannelDescriptions
  }
}
