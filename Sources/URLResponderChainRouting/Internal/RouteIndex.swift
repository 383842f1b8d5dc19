import URLResponderChainAllowlist
import URLResponderChainCore

/// The rows of a ``URLRouteTable`` indexed by host, then by path segment, so that a lookup
/// visits only the rows that could match, whatever the number of routes.
///
/// The index only narrows the search: every candidate is still matched in full by
/// ``URLPattern/match(_:)``, in the table's order of precedence, so the index can never make
/// a route match that the pattern itself would not.
///
/// It is flat, so that building it allocates per table and not per row: nodes are indices,
/// every literal edge of every node is in one dictionary, and each row, which ends at
/// exactly one node, is linked into that node's list of rows through `nextRow`.
struct RouteIndex: Sendable {
  /// A position in a path: the first row whose pattern ends here, the first that takes
  /// the rest from here, and where a placeholder segment leads (-1 for none).
  private struct Node: Sendable {
    var ends: Int32 = -1
    var rests: Int32 = -1
    var placeholder: Int32 = -1
  }

  /// A literal segment leaving a node.
  private struct Edge: Hashable, Sendable {
    let node: Int32
    let segment: Substring
  }

  /// The root nodes of one host: for the host itself, and for `*.host` (-1 for none).
  private struct HostRoots: Sendable {
    var exact: Int32 = -1
    var subdomains: Int32 = -1
  }

  private var nodes: [Node] = []
  private var edges: [Edge: Int32] = [:]
  private var hosts: [Substring: HostRoots] = [:]
  /// The next row in the same node's list of `ends` or `rests`, or -1.
  private var nextRow: [Int32]

  /// Indexes `patterns`; row numbers are ranks (0 is tried first).
  init(_ patterns: [URLPattern]) {
    nextRow = Array(repeating: -1, count: patterns.count)
    // Room for a host and a segment or two per row: growing the dictionaries row by row
    // was a sixth of the time it takes to build a table.
    nodes.reserveCapacity(patterns.count * 2)
    edges.reserveCapacity(patterns.count * 2)
    hosts.reserveCapacity(patterns.count)
    for row in patterns.indices {
      let root = hostRoot(Substring(patterns[row].host), subdomains: patterns[row].matchesSubdomainsOnly)
      insert(Int32(row), path: patterns[row].path, at: root)
    }
  }

  private mutating func hostRoot(_ host: Substring, subdomains: Bool) -> Int32 {
    let existing = hosts[host, default: HostRoots()]
    if subdomains, existing.subdomains >= 0 { return existing.subdomains }
    if !subdomains, existing.exact >= 0 { return existing.exact }
    let root = newNode()
    if subdomains {
      hosts[host, default: HostRoots()].subdomains = root
    } else {
      hosts[host, default: HostRoots()].exact = root
    }
    return root
  }

  private mutating func newNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  private mutating func insert(_ row: Int32, path: [URLPattern.Segment]?, at root: Int32) {
    var node = root
    for segment in path ?? [.rest] {
      switch segment {
      case .rest:
        nextRow[Int(row)] = nodes[Int(node)].rests
        nodes[Int(node)].rests = row
        return
      case .literal(let literal):
        let edge = Edge(node: node, segment: Substring(literal))
        if let next = edges[edge] {
          node = next
        } else {
          let next = newNode()
          edges[edge] = next
          node = next
        }
      case .placeholder:
        if nodes[Int(node)].placeholder < 0 { nodes[Int(node)].placeholder = newNode() }
        node = nodes[Int(node)].placeholder
      }
    }
    nextRow[Int(row)] = nodes[Int(node)].ends
    nodes[Int(node)].ends = row
  }

  /// The rows whose host and path shape fit, in no particular order.
  func candidates(host: String, path: String) -> [Int32] {
    var found: [Int32] = []
    var roots: [Int32] = []
    if let exact = hosts[host[...]]?.exact, exact >= 0 { roots.append(exact) }
    // Hosts are ASCII: UTF-8 offsets are character positions.
    var index = host.utf8.startIndex
    while let dot = host.utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
      index = host.utf8.index(after: dot)
      if let subdomains = hosts[host[index...]]?.subdomains, subdomains >= 0 { roots.append(subdomains) }
    }
    guard !roots.isEmpty else { return found }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    for root in roots { collect(from: root, parts: parts, at: 0, into: &found) }
    return found
  }

  private func collect(from node: Int32, parts: [Substring], at depth: Int, into found: inout [Int32]) {
    let current = nodes[Int(node)]
    appendRows(from: current.rests, to: &found)
    guard depth < parts.count else {
      appendRows(from: current.ends, to: &found)
      return
    }
    if let next = edges[Edge(node: node, segment: parts[depth])] {
      collect(from: next, parts: parts, at: depth + 1, into: &found)
    }
    if current.placeholder >= 0 { collect(from: current.placeholder, parts: parts, at: depth + 1, into: &found) }
  }

  private func appendRows(from first: Int32, to found: inout [Int32]) {
    var row = first
    while row >= 0 {
      found.append(row)
      row = nextRow[Int(row)]
    }
  }
}
