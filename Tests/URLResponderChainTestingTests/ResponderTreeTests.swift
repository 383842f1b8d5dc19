import Foundation
import Testing
import URLResponderChainCore
import URLResponderChainTesting

@MainActor
@Suite struct ResponderTreeTests {
  private func ids(_ nodes: [any ResponderChainNode]) -> [ObjectIdentifier] { nodes.map { ObjectIdentifier($0) } }

  @Test func aSubviewsNextResponderIsItsSuperview() {
    let parent = TestView(name: "parent")
    let child = TestView(name: "child")
    parent.addSubview(child)
    #expect(child.nextNode === parent)
  }

  @Test func aRootViewsNextResponderIsItsViewController() {
    let controller = TestViewController(name: "vc")
    #expect(controller.view.nextNode === controller)
  }

  @Test func theWindowsRootViewControllerLeadsToTheWindowThenTheApplication() {
    let app = TestApplication()
    let root = TestViewController(name: "root")
    let window = app.makeWindow(rootViewController: root)
    #expect(root.nextNode === window)
    #expect(window.nextNode === app)
  }

  @Test func aChildViewControllerLeadsToItsParentThroughTheParentsView() {
    let app = TestApplication()
    let navigation = TestViewController(name: "navigation")
    let article = TestViewController(name: "article")
    navigation.addChild(article)
    let window = app.makeWindow(rootViewController: navigation)
    let link = TestView(name: "link")
    article.view.addSubview(link)
    #expect(ids(link.responderChain) == ids([link, article.view, article, navigation.view, navigation, window, app]))
  }

  @Test func aPresentedViewControllerLeadsToItsPresenter() {
    let app = TestApplication()
    let root = TestViewController(name: "root")
    app.makeWindow(rootViewController: root)
    let sheet = TestViewController(name: "sheet")
    #expect(root.present(sheet))
    #expect(sheet.nextNode === root)
    #expect(root.presentedViewController === sheet)
    #expect(sheet.view.window != nil)
  }

  @Test func aViewControllerPresentsOneAtATime() {
    let root = TestViewController(name: "root")
    #expect(root.present(TestViewController(name: "a")))
    #expect(!root.present(TestViewController(name: "b")))
  }

  @Test func dismissingUnlinksPresenterAndPresented() {
    let root = TestViewController(name: "root")
    let sheet = TestViewController(name: "sheet")
    root.present(sheet)
    sheet.dismiss(completes: false)
    #expect(sheet.isBeingDismissed)
    root.dismiss()
    #expect(!sheet.isBeingDismissed)
    #expect(root.presentedViewController == nil)
    #expect(sheet.presentingViewController == nil)
  }

  @Test func theApplicationsNextResponderIsAResponderDelegateOnly() {
    let app = TestApplication()
    #expect(app.nextNode == nil)
    app.delegate = TestViewController(name: "not allowed")
    #expect(app.nextNode == nil)
    app.delegate = TestView(name: "not allowed either")
    #expect(app.nextNode == nil)
    let delegate = TestResponder(name: "delegate")
    app.delegate = delegate
    #expect(app.nextNode === delegate)
  }

  @Test func theApplicationOpensWhatTheFakeSystemCanOpen() async throws {
    let app = TestApplication(systemOpener: FakeSystemOpener(openableSchemes: ["https"]))
    let web = try #require(URL(string: "https://swift.org"))
    let mail = try #require(URL(string: "mailto:a@example.com"))
    #expect(await app.propagateURL(web).outcome == .handled)
    #expect(await app.propagateURL(mail).outcome == .notHandled)
    #expect(app.systemOpener.openedURLs == [web])
    #expect(app.systemOpener.refusedURLs == [mail])
  }

  /// What the link policy sends nowhere never reaches the system, whether nobody handled it or
  /// a handler answered `.systemAction` for it.
  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "file:///Applications/Calculator.app", "data:text/html,hi",
    "vbscript:x", "blob:https://example.com/1", "about:blank", "relative/path",
  ])
  func theApplicationNeverHandsTheSystemALinkThePolicySendsNowhere(link: String) async throws {
    let opener = FakeSystemOpener(openableSchemes: ["javascript", "file", "data", "vbscript", "blob", "about", ""])
    let app = TestApplication(systemOpener: opener)
    let url = try #require(URL(string: link))
    guard case .discarded = await app.propagateURL(url).outcome else {
      Issue.record("\(link) was not discarded")
      return
    }
    let systemAction = RecordingURLHandler(name: "gate", next: app) { _, _ in .systemAction }
    guard case .discarded = await systemAction.propagateURL(url).outcome else {
      Issue.record("\(link) after .systemAction was not discarded")
      return
    }
    #expect(opener.openedURLs.isEmpty && opener.refusedURLs.isEmpty, "the system was never asked")
  }

  @Test func aRecordingHandlerRecordsAndAnswersAsScripted() async throws {
    let app = TestApplication()
    let handler = RecordingURLHandler(name: "topic", next: app) { url, _ in
      url.host == "example.com" ? .handled : .notHandled
    }
    let mine = try #require(URL(string: "https://example.com/a"))
    let theirs = try #require(URL(string: "https://swift.org"))
    #expect(await handler.propagateURL(mine).outcome == .handled)
    #expect(await handler.propagateURL(theirs).outcome == .handled)
    #expect(handler.receivedURLs == [mine, theirs])
    #expect(app.systemOpener.openedURLs == [theirs])
  }

  @Test func removingAViewCutsItOutOfTheChain() {
    let parent = TestView(name: "parent")
    let child = TestView(name: "child")
    parent.addSubview(child)
    child.removeFromSuperview()
    #expect(child.nextNode == nil)
    #expect(parent.subviews.isEmpty)
  }
}
