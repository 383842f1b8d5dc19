// link-size: package=URLResponderChain products=URLResponderChainRouting baseline=baseline title="route table lookup (URLResponderChainRouting, README)"

import UIKit
import URLResponderChainRouting

enum Screen { case user, userNamed }

func screen(for url: URL) throws -> (Screen, Int?)? {
  let routes = try URLRouteTable<Screen>(
    [("example.com/users/:id", .user), ("example.com/users/:name", .userNamed)],
    parameterTypes: ["id": Int.self])
  guard let (screen, match) = routes.route(url) else { return nil }
  return (screen, match.parameter("id", as: Int.self))
}

@MainActor func makeRootViewController() -> UIViewController {
  ButtonViewController(title: "Route") { _ in
    print(String(describing: try? screen(for: URL(string: "https://example.com/users/42")!)))
  }
}
