// `import AVFoundation` on Linux (Linux only; see Package.swift): AVFAudio and CoreMedia under their
// names, as Apple's AVFoundation umbrella re-exports them (asset reading is not mirrored).
@_exported import AVFAudio
@_exported import CoreMedia
@_exported import Foundation
