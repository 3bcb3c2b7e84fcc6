// `import CoreMedia` on Linux (Linux only; see Package.swift): the CoreMedia twin under Apple's name,
// with Core Audio's types, as Apple's CoreMedia re-exports them.
@_exported import CoreAudioTypesTwin
@_exported import CoreMediaTwin
