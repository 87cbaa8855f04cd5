import StacksTestSupport
import Foundation
import StacksCore
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// A theme that would crash swift-mustache is a failed rebuild like any other: the server
    /// keeps serving the last good site, with the errors in the overlay.
    @Suite struct TemplateFailureTests {
        @Test func aTemplateThatIncludesItselfIsAnOverlayAndTheServerStays() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let good = try await site.get("/tools/hammer/")
                    #expect(good.status == 200)
                    let detail = folder.appendingPathComponent("templates/detail.mustache")
                    try TestCatalog.write(Array("x{{> detail}}".utf8), to: detail)
                    let broken = try await site.waitFor("/tools/hammer/") { $0.text.contains("stacks-overlay\" role") }
                    #expect(broken.status == 200)
                    #expect(broken.text.contains(
                        "templates/detail.mustache:1:2: error: &#39;detail&#39; includes itself (detail → detail), which never ends"))
                    // Still the last good page, and still answering.
                    #expect(broken.text.contains(good.text.prefix(200)))
                    #expect(try await site.get("/tools/").status == 200)

                    let nested = String(repeating: "{{#a}}", count: 5_000) + String(repeating: "{{/a}}", count: 5_000)
                    try TestCatalog.write(Array(nested.utf8), to: detail)
                    _ = try await site.waitFor("/tools/hammer/") { $0.text.contains("sections nest deeper than 100 levels") }

                    try FileManager.default.removeItem(at: detail)
                    let fixed = try await site.waitFor("/tools/hammer/") { !$0.text.contains("stacks-overlay\" role") }
                    #expect(fixed.status == 200)
                }
            }
        }

        /// The overlay escapes with the one escaper: a quote before a combining mark included.
        @Test func theOverlayAndSnippetEscapeQuotesBeforeCombiningMarks() {
            // Built outside `#expect`: its macro trips over such literals in its own source text.
            let mark = "\u{301}"
            let hostile = "a\"" + mark + " onmouseover=alert(1) <" + mark + "script>"
            let overlay = LiveReloadSnippet.overlay([hostile])
            let escaped = "a&quot;" + mark + " onmouseover=alert(1) &lt;" + mark + "script&gt;"
            #expect(overlay.contains(escaped))
            let snippet = LiveReloadSnippet.html(serverID: hostile, generation: 1, failure: nil)
            let attribute = "data-server=\"a&quot;" + mark + " onmouseover"
            #expect(snippet.contains(attribute))
        }
    }
}
