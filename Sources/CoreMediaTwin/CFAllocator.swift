public import Foundation

/// A Core Foundation allocator — a stand-in so Core Media's C-style signatures keep their
/// `CFAllocator?` parameters on Linux, where Foundation exports no Core Foundation types. The twins
/// allocate with Swift; only ``kCFAllocatorNull`` ("never free this memory") changes behaviour.
public final class CFAllocator: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

/// The default allocator: `NULL`, as in Core Foundation.
public let kCFAllocatorDefault: CFAllocator! = nil
/// The allocator that allocates nothing and frees nothing: memory handed over with it stays the caller's.
public let kCFAllocatorNull: CFAllocator! = CFAllocator(name: "kCFAllocatorNull")

/// Core Foundation's dictionary, toll-free bridged to `NSDictionary` as on Apple platforms.
public typealias CFDictionary = NSDictionary
