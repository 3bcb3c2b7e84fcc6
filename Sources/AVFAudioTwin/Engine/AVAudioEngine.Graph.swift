import Foundation

extension AVAudioEngine {
  /// One connection of the graph: a source bus to a destination bus, in a format.
  struct Connection {
    let source: AVAudioNode
    let sourceBus: AVAudioNodeBus
    let destination: AVAudioNode
    let destinationBus: AVAudioNodeBus
    let format: AVAudioFormat?
  }

  /// The engine's attached nodes and their connections. The engine holds attached nodes strongly,
  /// as Apple's does; the graph is only recorded (the simulated speaker plays nothing).
  final class Graph: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var nodes: [AVAudioNode] = []
    private var connections: [Connection] = []

    var attached: [AVAudioNode] { lock.withLock { nodes } }
    var allConnections: [Connection] { lock.withLock { connections } }

    func contains(_ node: AVAudioNode) -> Bool { lock.withLock { nodes.contains { $0 === node } } }

    func attach(_ node: AVAudioNode) {
      lock.withLock { if !nodes.contains(where: { $0 === node }) { nodes.append(node) } }
    }

    func detach(_ node: AVAudioNode) {
      lock.withLock {
        nodes.removeAll { $0 === node }
        connections.removeAll { $0.source === node || $0.destination === node }
      }
    }

    /// Adds a connection, replacing what was connected to either end's bus before (Apple's rule).
    func connect(_ connection: Connection) {
      lock.withLock {
        connections.removeAll {
          ($0.source === connection.source && $0.sourceBus == connection.sourceBus)
            || ($0.destination === connection.destination && $0.destinationBus == connection.destinationBus)
        }
        connections.append(connection)
      }
    }

    func disconnect(where condition: (Connection) -> Bool) -> Int {
      lock.withLock {
        let before = connections.count
        connections.removeAll(where: condition)
        return before - connections.count
      }
    }

    /// The lowest input bus of `node` with nothing connected.
    func nextFreeInputBus(of node: AVAudioNode) -> AVAudioNodeBus {
      lock.withLock {
        let used = Set(connections.filter { $0.destination === node }.map(\.destinationBus))
        return (0...).first { !used.contains($0) } ?? 0
      }
    }
  }
}
