import Foundation
import SimulatedDevice
import Simulation

extension AVAudioEngine {
  /// The nodes attached to the engine, its own input (once created), mixer and output included.
  public var attachedNodes: Set<AVAudioNode> {
    var nodes = Set(graph.attached)
    nodes.insert(mainMixerNode)
    nodes.insert(outputNode)
    if let input = existingInputNode { nodes.insert(input) }
    return nodes
  }

  /// Attaches a node (a player, a mixer) so it can be connected; the engine keeps it alive until
  /// ``detach(_:)``.
  /// - Parameter node: The node.
  public func attach(_ node: AVAudioNode) {
    node.attach(to: self)
    graph.attach(node)
    Simulation.current?.trace.record(.engineAttach, ["node": node.nodeName])
  }

  /// Detaches a node and removes its connections.
  /// - Parameter node: The node.
  public func detach(_ node: AVAudioNode) {
    graph.detach(node)
    node.detach()
    Simulation.current?.trace.record(.engineDetach, ["node": node.nodeName])
  }

  /// Connects `node1`'s output bus 0 to `node2`: to the mixer's next free input bus, or to input bus
  /// 0 of any other node.
  /// - Parameters:
  ///   - node1: The source.
  ///   - node2: The destination.
  ///   - format: The connection's format, or nil for the source's output format.
  @available(iOS, deprecated: 27.0, message: "use connectNode(_:to:format:)")
  @available(macOS, deprecated: 27.0, message: "use connectNode(_:to:format:)")
  @available(tvOS, deprecated: 27.0, message: "use connectNode(_:to:format:)")
  @available(visionOS, deprecated: 27.0, message: "use connectNode(_:to:format:)")
  @available(watchOS, deprecated: 27.0, message: "use connectNode(_:to:format:)")
  public func connect(_ node1: AVAudioNode, to node2: AVAudioNode, format: AVAudioFormat?) {
    let bus = node2 is AVAudioMixerNode ? graph.nextFreeInputBus(of: node2) : 0
    connect(node1, to: node2, fromBus: 0, toBus: bus, format: format)
  }

  /// Connects a source bus to a destination bus; whatever was connected to either bus is
  /// disconnected first. Both nodes must be attached: Apple's engine raises an exception otherwise,
  /// and the twin ends the process the same way after a diagnostic.
  /// - Parameters:
  ///   - node1: The source.
  ///   - node2: The destination.
  ///   - bus1: The source's output bus.
  ///   - bus2: The destination's input bus.
  ///   - format: The connection's format, or nil for the source's output format.
  @available(iOS, deprecated: 27.0, message: "use connectNode(_:to:fromBus:toBus:format:)")
  @available(macOS, deprecated: 27.0, message: "use connectNode(_:to:fromBus:toBus:format:)")
  @available(tvOS, deprecated: 27.0, message: "use connectNode(_:to:fromBus:toBus:format:)")
  @available(visionOS, deprecated: 27.0, message: "use connectNode(_:to:fromBus:toBus:format:)")
  @available(watchOS, deprecated: 27.0, message: "use connectNode(_:to:fromBus:toBus:format:)")
  public func connect(
    _ node1: AVAudioNode, to node2: AVAudioNode, fromBus bus1: AVAudioNodeBus, toBus bus2: AVAudioNodeBus,
    format: AVAudioFormat?
  ) {
    for node in [node1, node2] where !isAttached(node) {
      device.diagnose(
        "AVAudioEngine",
        "connect was called with \(node.nodeName), which is not attached to this engine; Apple's framework raises an uncatchable exception and the app ends. Call engine.attach(_:) first."
      )
      AVFAudioException.raise("required condition is false: node is attached to this engine")
    }
    graph.connect(Connection(source: node1, sourceBus: bus1, destination: node2, destinationBus: bus2, format: format))
    Simulation.current?.trace.record(
      "engine.connect",
      [
        "from": node1.nodeName, "fromBus": String(bus1), "to": node2.nodeName, "toBus": String(bus2),
        "format": format.map { "\($0)" } ?? "nil",
      ])
  }

  /// Removes every connection from the node's outputs.
  /// - Parameter node: The node.
  public func disconnectNodeOutput(_ node: AVAudioNode) {
    if graph.disconnect(where: { $0.source === node }) > 0 {
      Simulation.current?.trace.record(.engineDisconnect, ["output": node.nodeName])
    }
  }

  /// Removes the connection from one output bus.
  /// - Parameters:
  ///   - node: The node.
  ///   - bus: The output bus.
  public func disconnectNodeOutput(_ node: AVAudioNode, bus: AVAudioNodeBus) {
    if graph.disconnect(where: { $0.source === node && $0.sourceBus == bus }) > 0 {
      Simulation.current?.trace.record(.engineDisconnect, ["output": node.nodeName, "bus": String(bus)])
    }
  }

  /// Removes every connection into the node's inputs.
  /// - Parameter node: The node.
  public func disconnectNodeInput(_ node: AVAudioNode) {
    if graph.disconnect(where: { $0.destination === node }) > 0 {
      Simulation.current?.trace.record(.engineDisconnect, ["input": node.nodeName])
    }
  }

  /// Removes the connection into one input bus.
  /// - Parameters:
  ///   - node: The node.
  ///   - bus: The input bus.
  public func disconnectNodeInput(_ node: AVAudioNode, bus: AVAudioNodeBus) {
    if graph.disconnect(where: { $0.destination === node && $0.destinationBus == bus }) > 0 {
      Simulation.current?.trace.record(.engineDisconnect, ["input": node.nodeName, "bus": String(bus)])
    }
  }

  /// The format of the connection into `node`'s input `bus`, if any.
  func inputConnectionFormat(of node: AVAudioNode, bus: AVAudioNodeBus) -> AVAudioFormat? {
    guard let connection = graph.allConnections.first(where: { $0.destination === node && $0.destinationBus == bus })
    else { return nil }
    return connection.format ?? connection.source.outputFormat(forBus: connection.sourceBus)
  }

  /// The player nodes attached now.
  var players: [AVAudioPlayerNode] { graph.attached.compactMap { $0 as? AVAudioPlayerNode } }

  func isAttached(_ node: AVAudioNode) -> Bool {
    node === mainMixerNode || node === outputNode || node === existingInputNode || graph.contains(node)
  }
}
