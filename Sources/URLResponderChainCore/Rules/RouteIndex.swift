/// The rows of a ``URLRouteTable`` indexed by host, then by path segment, so that a lookup
/// visits only the rows that could match, whatever the number of routes.
///
/// The index only narrows the search: every candidate is still matched in full by
/// ``URLPattern/match(_:)``, in the table's order of precedence, so the index can never make
/// a route match that the pattern itself would not.
struct RouteIndex: Sendable {
  /// A position in a path: the rows whose pattern ends here or takes the rest from here,
  /// and where each kind of next segment leads.
  struct Node: Sendable {
    var literals: [Substring: Int32] = [:]
    var placeholder: Int32?
    /// Rows whose path ends at this node.
    var ends: [Int32] = []
    /// Rows with a trailing `*` here, or without a path at the root: any rest matches.
    var rests: [Int32] = []
  }

  /// The root nodes of one host: for the host itself, and for `*.host`.
  struct HostRoots: Sendable {
    var exact: Int32?
    var subdomains: Int32?
  }

  private var nodes: [Node] = []
  private var hosts: [Substring: HostRoots] = [:]

  /// Indexes `patterns`; row numbers are ranks (0 is tried first).
  init(_ patterns: [URLPattern]) {
    for (row, pattern) in patterns.enumerated() {
      let key = Substring(pattern.host)
      var roots = hosts[key] ?? HostRoots()
      let root: Int32
      if pattern.matchesSubdomainsOnly {
        root = roots.subdomains ?? newNode()
        roots.subdomains = root
      } else {
        root = roots.exact ?? newNode()
        roots.exact = root
      }
      hosts[key] = roots
      insert(Int32(row), path: pattern.path, at: root)
    }
  }

  private mutating func newNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  private mutating func insert(_ row: Int32, path: [URLPattern.Segment]?, at root: Int32) {
    guard let path else {
      nodes[Int(root)].rests.append(row)
      return
    }
    var node = root
    for segment in path {
      switch segment {
      case .rest:
        nodes[Int(node)].rests.append(row)
        return
      case .literal(let literal):
        let key = Substring(literal)
        if let next = nodes[Int(node)].literals[key] {
          node = next
        } else {
          let next = newNode()
          nodes[Int(node)].literals[key] = next
          node = next
        }
      case .placeholder:
        if let next = nodes[Int(node)].placeholder {
          node = next
        } else {
          let next = newNode()
          nodes[Int(node)].placeholder = next
          node = next
        }
      }
    }
    nodes[Int(node)].ends.append(row)
  }

  /// The rows whose host and path shape fit, in no particular order.
  func candidates(host: String, path: String) -> [Int32] {
    var found: [Int32] = []
    var roots: [Int32] = []
    if let exact = hosts[host[...]]?.exact { roots.append(exact) }
    // Hosts are ASCII: UTF-8 offsets are character positions.
    var index = host.utf8.startIndex
    while let dot = host.utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
      index = host.utf8.index(after: dot)
      if let subdomains = hosts[host[index...]]?.subdomains { roots.append(subdomains) }
    }
    guard !roots.isEmpty else { return found }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    for root in roots { collect(from: root, parts: parts, at: 0, into: &found) }
    return found
  }

  private func collect(from node: Int32, parts: [Substring], at depth: Int, into found: inout [Int32]) {
    let node = nodes[Int(node)]
    found.append(contentsOf: node.rests)
    guard depth < parts.count else {
      found.append(contentsOf: node.ends)
      return
    }
    if let next = node.literals[parts[depth]] { collect(from: next, parts: parts, at: depth + 1, into: &found) }
    if let next = node.placeholder { collect(from: next, parts: parts, at: depth + 1, into: &found) }
  }
}
