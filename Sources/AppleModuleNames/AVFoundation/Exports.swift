// `import AVFoundation` on Linux (Linux only; see Package.swift): AVFAudio and CoreMedia under their
// names, as Apple's AVFoundation umbrella re-exports them, and the asset-reading twin.
@_exported import AVFAudio
@_exported import AVFoundationTwin
@_exported import CoreMedia
@_exported import Foundation
