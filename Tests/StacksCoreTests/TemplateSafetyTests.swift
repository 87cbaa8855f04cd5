import Foundation
import Testing
@testable import StacksCore

/// Templates that would crash or hang swift-mustache are reported before it parses or renders
/// them: loops of partials, sections nested without end, texts too large to parse in time.
@Suite struct TemplateSafetyTests {
    func problems(_ overrides: [String: String]) -> [String] { TemplateTests.problems(overrides) }

    static let loopAdvice = "which never ends; a template may include itself only inside {{#children}}…{{/children}}"

    @Test func aTemplateThatIncludesItselfIsAnError() {
        #expect(problems(["detail.mustache": "x{{> detail}}"]) == [
            "templates/detail.mustache:1:2: error: 'detail' includes itself (detail → detail), \(Self.loopAdvice)",
        ])
    }

    @Test func partialsThatIncludeEachOtherAreAnError() {
        #expect(problems(["detail.mustache": "{{> a}}", "a.mustache": "A\n  {{> b}}", "b.mustache": "{{#item}}{{>\na}}{{/item}}"]) == [
            "templates/b.mustache:1:10: error: 'a' includes itself through another template (a → b → a), \(Self.loopAdvice)",
        ])
        #expect(problems(["a.mustache": "{{> b}}", "b.mustache": "{{> c}}", "c.mustache": "{{> a}}"]) == [
            "templates/c.mustache:1:1: error: 'a' includes itself through other templates (a → b → c → a), \(Self.loopAdvice)",
        ])
    }

    /// A section shows a value again one level down: `site` is found on the stack below it.
    @Test(arguments: ["{{#site}}{{> detail}}{{/site}}", "{{^nothing}}{{> detail}}{{/nothing}}", "{{#categories}}{{> detail}}{{/categories}}"])
    func aLoopThroughAnySectionButChildrenIsAnError(_ template: String) {
        #expect(problems(["detail.mustache": template]).first?.hasSuffix(Self.loopAdvice) == true)
    }

    /// The built-in sidebar includes `sidebar-node` from itself, inside `{{#children}}`.
    @Test func aLoopThroughChildrenEndsWithTheTreeAndIsAllowed() async throws {
        #expect(problems([:]) == [])
        let project = try TemporaryProject([
            "content/a/b/c/d/e.md": "Deep",
            "templates/sidebar-node.mustache": "<li>{{title}}{{#children}}<ul>{{> sidebar-node}}</ul>{{/children}}</li>",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/a/b/c/d/e/index.html").contains("<li>A<ul><li>B<ul><li>C<ul><li>D</li></ul></li></ul></li></ul></li>"))
    }

    @Test func sectionsNestedBeyondTheLimitAreAnErrorWithoutParsing() {
        let depth = 5_000
        let template = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        #expect(problems(["detail.mustache": template]) == [
            "templates/detail.mustache:1:601: error: sections nest deeper than 100 levels",
        ])
        let fine = String(repeating: "{{#a}}\n", count: 100) + String(repeating: "{{/a}}\n", count: 100)
        #expect(problems(["detail.mustache": fine]) == [])
    }

    @Test func aTemplateTooLargeToParseInTimeIsAnError() {
        let large = String(repeating: "<p>{{title}}</p>\n", count: 20_000)
        #expect(problems(["detail.mustache": large]) == [
            "templates/detail.mustache:1:1: error: template is 332 KB; a template may be at most 64 KB",
        ])
        #expect(problems(["detail.mustache": String(repeating: "<p>{{title}}</p>\n", count: 3_000)]) == [])
    }

    @Test func loopsAreReportedByCheckToo() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "Text",
            "templates/detail.mustache": "{{> a}}",
            "templates/a.mustache": "{{> b}}",
            "templates/b.mustache": "{{> a}}",
        ])
        defer { project.remove() }
        do {
            _ = try await SiteBuilder.build(project.options, write: false)
            Issue.record("check passed")
        } catch {
            #expect(error.sorted.map(\.description) == [
                "templates/b.mustache:1:1: error: 'a' includes itself through another template (a → b → a), \(Self.loopAdvice)",
            ])
        }
        #expect(!project.exists("output"))
    }

    /// Diagnostics count lines as the file has them, not with the escaping pragma put before it.
    @Test func syntaxErrorsKeepTheirLineAfterThePragma() {
        #expect(problems(["detail.mustache": "{{#item}}\n{{/items}}"]) == [
            "templates/detail.mustache:2:4: error: template error: a section is closed with a different name than it was opened with",
        ])
    }

    @Test func theScannerFollowsDelimiterChangesAndLineBreaks() {
        let tags = MustacheTag.scan("a {{! {{> no}} }}\n{{=<% %>=}}<%> one%>\n<%={{ }}=%>{{# two }}{{{three}}}{{/ two }}{{>\n  four\n}}")
        #expect(tags.map(\.kind) == [.comment, .delimiters, .partial, .delimiters, .section, .unescaped, .close, .partial])
        #expect(tags.map(\.name) == ["{{> no", "<% %>=", "one", "{{ }}=", "two", "three", "two", "four"])
        #expect(tags.map(\.line) == [1, 2, 2, 3, 3, 3, 3, 3])
        #expect(tags[2].column == 12)
    }
}
