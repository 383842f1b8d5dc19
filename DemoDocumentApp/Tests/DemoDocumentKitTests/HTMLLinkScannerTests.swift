import Testing

@testable import DemoDocumentKit

@Suite struct HTMLLinkScannerTests {
  @Test func linksAreFoundInOrderWithTheirTextHrefAndExpectation() {
    let html = """
      <p>A <a href="#notes" data-expect="in-page">note</a>, <A HREF='/ref' class="x">the <b>ref</b>
      erence</A>, an <abbr>abbr</abbr>, <a name="anchor">no href</a> and <a
        data-expect="blocked" href=" java\tscript:x">script</a>.</p>
      """
    let links = HTMLLinkScanner.links(in: html)
    #expect(links.map(\.title) == ["note", "the ref erence", "script"])
    #expect(links.map(\.url) == ["#notes", "/ref", " java\tscript:x"])
    #expect(links.map(\.expect) == [.inPage, nil, .blocked])
  }

  @Test func unfinishedMarkupEndsTheScanWithoutCrashing() {
    #expect(HTMLLinkScanner.links(in: "<a href=\"x\"").isEmpty)
    #expect(HTMLLinkScanner.links(in: "<a href=\"x>text").isEmpty)
    #expect(HTMLLinkScanner.links(in: "<a href=\"/a\">text").map(\.url) == ["/a"])
    #expect(HTMLLinkScanner.links(in: "").isEmpty)
  }

  @Test func anUnknownExpectationIsNone() {
    #expect(HTMLLinkScanner.links(in: #"<a href="/a" data-expect="teleport">a</a>"#).first?.expect == nil)
  }
}
