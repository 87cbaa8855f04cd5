import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// A page states its language as BCP 47 writes it, and its direction from its script.
@Suite struct LanguageTagTests {
    @Test(arguments: [("en", "en"), ("zh_TW", "zh-TW"), ("zh_tw", "zh-TW"), ("ZH-hant-tw", "zh-Hant-TW"), ("pt_BR", "pt-BR"),
                      ("sr-Latn", "sr-Latn"), ("es-419", "es-419"), ("de-CH-1996", "de-CH-1996")])
    func tagsAreWrittenAsBCP47(written: String, canonical: String) {
        #expect(LanguageTag.canonical(written) == canonical)
    }

    @Test(arguments: [("ar", "rtl"), ("fa", "rtl"), ("he", "rtl"), ("ur", "rtl"), ("ar_EG", "rtl"), ("yi", "rtl"),
                      ("az-Arab", "rtl"), ("ku-Arab", "rtl"), ("en", "ltr"), ("zh-Hant", "ltr"), ("ar-Latn", "ltr"), ("ja", "ltr")])
    func theDirectionComesFromTheScriptElseTheLanguage(tag: String, direction: String) {
        #expect(LanguageTag.direction(of: tag) == direction)
    }

    @Test func everyPageSaysItsLanguageAndDirection() async throws {
        let project = try TemporaryProject(["stacks.yml": "language: fa_IR\n", "content/a/b.md": "B\n", "content/a/c.md": "---\naliases: [old]\n---\nC\n"])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        for page in ["index.html", "a/index.html", "a/b/index.html", "404.html", "a/old/index.html"] {
            #expect(try project.read("output/" + page).contains("<html lang=\"fa-IR\" dir=\"rtl\">"), "\(page)")
        }
        let english = try TemporaryProject(["content/a.md": "A\n"])
        defer { english.remove() }
        _ = try await SiteBuilder.build(english.options)
        #expect(try english.read("output/a/index.html").contains("<html lang=\"en\" dir=\"ltr\">"))
    }
}
