import Testing
@testable import StacksCore

/// Back lands where the user was: from an item of a list shown in parts, the back link and the
/// breadcrumb to the category lead to the list page holding the item, to its row.
@Suite struct ListPlaceTests {
    @Test func theBackLinkAndBreadcrumbLeadToTheListPageHoldingTheItemsRow() async throws {
        let renderer = try await CategoryIndexTests.prepared().renderer
        let catalog = renderer.site.catalog
        let big = try #require(catalog.pages.indices.first { catalog[$0].path.url == "big/" })
        let seventh = catalog[big].children[7]
        let first = try #require(catalog[big].children.prefix(5).first { catalog[$0].kind == .item })
        let slug = catalog[seventh].slug
        let page = String(decoding: renderer.renderPage(seventh), as: UTF8.self)
        let place = "../page/2/#entry-big/\(slug)"
        #expect(page.contains("class=\"back-link\" rel=\"up\" href=\"\(place)\""))
        #expect(page.components(separatedBy: "href=\"\(place)\"").count >= 3, "the back link and the breadcrumb")
        // The list page holding it names its rows; the item pages' windows, which no link
        // names, carry no ids.
        let listPage = String(decoding: renderer.renderPage(big, listPage: 2), as: UTF8.self)
        #expect(listPage.contains("<li id=\"entry-big/\(slug)\""))
        #expect(listPage.components(separatedBy: "id=\"entry-big/").count - 1 == renderer.config.layout.listWindow)
        #expect(page.contains("<ul class=\"list\""))
        #expect(!page.contains("id=\"entry-"))
        // On the list's first page: the category's own page.
        let firstPage = String(decoding: renderer.renderPage(first), as: UTF8.self)
        #expect(firstPage.contains("href=\"../#entry-big/\(catalog[first].slug)\""))
    }

    @Test func aListShownWholeKeepsItsPlainLinksAndRows() async throws {
        let renderer = try await CategoryIndexTests.prepared().renderer
        let catalog = renderer.site.catalog
        let item = try #require(catalog.pages.indices.first { catalog[$0].path.url == "small/a/" })
        let page = String(decoding: renderer.renderPage(item), as: UTF8.self)
        #expect(!page.contains("#entry-") && !page.contains("id=\"entry-"))
        #expect(page.contains("href=\"../\""))
    }
}
