// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainRecovery baseline=baseline title="runRecovering around a request (URLResponderChainRecovery, README)"

import UIKit
import URLResponderChain
import URLResponderChainRecovery

struct Item: Decodable { let title: String }

extension ResponderChainNode {
  func loadItems(from url: URL) async throws -> [Item] {
    try await runRecovering {
      let (data, response) = try await URLSession.shared.data(from: url)
      try HTTPStatusError.check(response)  // 401, 408, 429 and 5xx are recoverable
      return try JSONDecoder().decode([Item].self, from: data)
    }
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  ButtonViewController(title: "Refresh") { sender in
    Task { print((try? await sender.loadItems(from: URL(string: "https://example.com/items.json")!))?.count ?? 0) }
  }
}
