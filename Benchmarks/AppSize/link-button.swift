// link-size: package=URLResponderChain products=URLResponderChainLinkViews baseline=baseline title="LinkButton (URLResponderChainLinkViews, README)"

import UIKit
import URLResponderChainLinkViews

@MainActor func addLink(to view: UIView) {
  let link = LinkButton(url: URL(string: "https://www.swift.org")!, title: "Swift.org")
  link.onResult = { print($0) }
  view.addSubview(link)
}

@MainActor func makeRootViewController() -> UIViewController {
  let controller = UIViewController()
  addLink(to: controller.view)
  return controller
}
