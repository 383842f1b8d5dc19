// link-size: package=URLResponderChain products=URLResponderChain baseline=baseline title="chain + Safari presenter (README: web links in Safari)"

import UIKit
import URLResponderChain

final class ArticleViewController: UIViewController, SafariURLHandling {
  let safariPresenter = SafariURLPresenter()

  override func viewDidLoad() {
    super.viewDidLoad()
    let swiftOrg = URL(string: "https://www.swift.org")!
    let link = UIButton(
      type: .system,
      primaryAction: UIAction(title: "Swift.org") { action in
        (action.sender as? UIView)?.propagateURL(swiftOrg)
      })
    view.addSubview(link)
  }
}

@MainActor func makeRootViewController() -> UIViewController { ArticleViewController() }
