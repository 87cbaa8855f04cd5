import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Hugo's built-in shortcodes render as their HTML; any other shortcode, Hugo's or Zola's, is
/// left as written with one warning per file; lines and columns stay where they were written.
@Suite struct ShortcodeTests {
    static func parse(_ body: String) -> ParsedMarkdown {
        var options = SiteConfig.MarkdownOptions()
        options.smart = false
        return MarkdownParser.parse(body, extractTitle: false, options: options)
    }

    /// The byte check before the line-by-line reading: it passes every body that holds a call,
    /// and a body it stops is one the reading would leave as it is, with nothing to report.
    @Test func bodiesWithoutACallAreNotReadLineByLine() {
        let calls = ["{{< x >}}", "{{% x %}}", "{{ youtube(id=\"a\") }}", "{{{ x(", "{% end %}", "a{{<b", "{{ é(1) }}", "{{</* x */>}}"]
        for body in calls { #expect(Shortcodes.mayHold(body), "\(body)") }
        // tldr's placeholders, JSON, Mustache and lone braces are no calls.
        let plain = ["- List files:\n\n`ls {{path/to/directory}}`\n", "{\"a\": {\"b\": 1}}", "{{name}} and {{{raw}}}", "{", "{{", "{{ x", "{{ x y(", "}}{{ }}"]
        for body in plain {
            #expect(!Shortcodes.mayHold(body), "\(body)")
            let read = Shortcodes(body)
            #expect(read.body == body && read.unknown.isEmpty, "\(body)")
        }
        // Random bodies of braces, names and code: whatever the check stops, the reading leaves alone.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["{", "{{", "}}", "%", "<", "(", " ", "x", "é", "`", "\n", "```\n", "name", "/*"]
        for _ in 0..<2000 {
            let body = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard !Shortcodes.mayHold(body) else { continue }
            let read = Shortcodes(body)
            #expect(read.body == body && read.unknown.isEmpty, "\(body)")
        }
    }

    @Test func refAndRelrefBecomeTheLinksTheyName() {
        let parsed = Self.parse("A [b]({{< ref \"b.md\" >}}), [c]({{% relref \"/docs/c.md#part\" %}}) and [d](d.md).\n")
        #expect(parsed.links.map(\.destination) == ["b.md", "@/docs/c.md#part", "d.md"])
        // Padded to the call's length: what follows keeps its column.
        #expect(parsed.links.map(\.column) == [3, 28, 70])
        #expect(parsed.shortcodes.isEmpty)
    }

    @Test func aFigureAloneOnItsLineIsAFigureWithItsCaption() {
        let html = Self.parse("Intro\n\n{{< figure src=\"a b.png\" alt=\"An [A]\" caption=\"Caption <i>\" link=\"https://x.org\" >}}\n\nAfter\n").html
        #expect(html.contains(#"<figure>"#) && html.contains(#"<a href="https://x.org"><img src="stacks-link:0" alt="An [A]""#)
                && html.contains("<figcaption>Caption &lt;i&gt;</figcaption></figure>"), "\(html)")
        let inline = Self.parse("See {{< figure src=\"x.png\" >}} here.\n").html
        #expect(inline.contains(#"<p>See <img src="stacks-link:0" alt="""#) && !inline.contains("<figure>"))
    }

    @Test func highlightIsAFencedBlockAndDetailsHoldMarkdown() {
        let html = Self.parse("{{< highlight go \"linenos=table\" >}}\n~~~\nfunc main() {}\n{{< /highlight >}}\n\n{{< details summary=\"More\" open=true >}}\nSome **bold**.\n\n{{< highlight sh >}}\nls\n{{< /highlight >}}\n{{< /details >}}\n").html
        #expect(html.hasPrefix("<pre tabindex=\"0\"><code class=\"language-go\">~~~\nfunc main() {}\n</code></pre>\n<details open><summary>More</summary>\n<p>Some <strong>bold</strong>.</p>\n<pre tabindex=\"0\"><code class=\"language-sh\">ls\n</code></pre>\n</details>"), "\(html)")
    }

    @Test func videosAreLinksWithoutAFrame() {
        let html = Self.parse("{{< youtube w7Ft2ymGmfc >}}\n\n{{< vimeo id=\"146022717\" title=\"A <talk>\" >}}\n\n{{< youtube \"javascript:alert(1)\" >}}\n").html
        #expect(html.contains(#"<a href="https://www.youtube.com/watch?v=w7Ft2ymGmfc">YouTube video w7Ft2ymGmfc</a>"#))
        #expect(html.contains(#"<a href="https://vimeo.com/146022717">A &lt;talk&gt;</a>"#))
        #expect(!html.contains("iframe") && !html.contains("href=\"javascript"))
    }

    /// Others are left as written and listed with their lines and columns; inside code nothing
    /// is read, and Hugo's escaped form shows the call it spells.
    @Test func otherShortcodesAreListedAndCodeIsLeftAlone() {
        let parsed = Self.parse("Text\n{{< gist spf13 7896402 >}} and {{% notice info %}}x{{% /notice %}}\n{{ youtube(id=\"x\") }} {% note(kind=\"a\") %}\n\n```\n{{< gist a b >}}\n{{</* figure src=\"x\" */>}}\n```\n`{{< tweet 1 >}}` and {{%/* ref \"y\" */%}}\n")
        #expect(parsed.shortcodes == [Shortcodes.Unknown(name: "gist", line: 2, column: 1), Shortcodes.Unknown(name: "notice", line: 2, column: 32),
                                      Shortcodes.Unknown(name: "youtube", line: 3, column: 1), Shortcodes.Unknown(name: "note", line: 3, column: 23)])
        #expect(parsed.html.contains("{{&lt; gist a b &gt;}}\n{{&lt; figure src=&quot;x&quot; &gt;}}\n</code></pre>"))
        #expect(parsed.html.contains("<code>{{&lt; tweet 1 &gt;}}</code> and {{% ref &quot;y&quot; %}}"))
    }

    /// A call spanning lines leaves them empty: the lines after keep their numbers.
    @Test func aCallOverSeveralLinesKeepsTheLinesAfterIt() {
        let parsed = Self.parse("{{< figure\n  src=\"a.png\"\n  caption=\"A\" >}}\n\n[x](x.md)\n")
        #expect(parsed.links.map { "\($0.destination)@\($0.line)" } == ["a.png@1", "x.md@5"])
    }

    @Test func unclosedOrHostileCallsStayTextAndCostLittle() {
        let parsed = Self.parse(String(repeating: "{{< x ", count: 20_000) + "\n" + String(repeating: "{{< details >}}\n", count: 2000))
        #expect(!parsed.html.contains("<details"))
        #expect(Self.parse("{{< details summary=\"x\" >}}\nno end\n").html.contains("{{&lt; details"))
    }

    /// In a build: a `ref` to a missing page is a broken link at its line and column, the
    /// unknown shortcodes one warning per file, at the first, naming them.
    @Test func aBuildChecksRefsAndWarnsOncePerFile() async throws {
        let project = try TemporaryProject([
            "content/docs/a.md": "---\ntitle: A\n---\nSee [b]({{< ref \"b.md\" >}}) and [gone]({{< relref \"gone.md\" >}}).\n\n{{< gist x y >}} {{< tweet 1 >}} {{< gist z w >}}\n",
            "content/docs/b.md": "B",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == [
            "content/docs/a.md:4:33: error: broken link 'gone.md': there is no page or file content/docs/gone.md",
            "content/docs/a.md:6:1: warning: shortcode 'gist' is left as written (3 in this file: gist, tweet); Stacks renders Hugo's ref, relref, figure, highlight, details, youtube, vimeo",
        ])
    }

    @Test func theBuildEndsWithACountOfFilesWithShortcodesLeftAsWritten() throws {
        let project = try TemporaryProject([
            "content/a.md": "{{< gist x y >}}\n", "content/b.md": "{{% notice %}}\n", "content/c.md": "{{< ref \"a.md\" >}}\n",
        ])
        defer { project.remove() }
        let outcome = StacksCommand.finish(try StacksCommand.start(["build"], in: project.root))
        #expect(outcome.status == 0)
        #expect(outcome.standardError.hasSuffix("\n2 files have shortcodes left as written\n"), "\(outcome.standardError)")
    }
}
