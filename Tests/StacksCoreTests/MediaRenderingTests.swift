import Testing
@testable import StacksCore

@Suite struct MediaRenderingTests {
    func html(_ markdown: String, unsafe: Bool = false) -> String {
        var options = SiteConfig.MarkdownOptions()
        options.unsafe = unsafe
        return MarkdownParser.parse(markdown, extractTitle: false, options: options).html
    }

    func body(_ prepared: Pipeline.Prepared, _ url: String) -> String {
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == url }!
        return String(decoding: RootMarker.resolve(prepared.renderer.site.bodies[index], folder: url), as: UTF8.self)
    }

    @Test func imagesLoadLazilyWithTheirDescriptionAsAlt() {
        #expect(html(#"![A *big* `map` & <more>](https://example.com/m.png "The \"map\"")"#) ==
            #"<p><img src="https://example.com/m.png" alt="A big map &amp; &lt;more&gt;" title="The &quot;map&quot;" loading="lazy" decoding="async" /></p>"# + "\n")
        let quoted = #"![say "hi"](a.png)"#
        #expect(html(quoted).contains(#"alt="say “hi”""#))
        #expect(html("![](a.png)") == #"<p><img src="stacks-link:0" alt="" loading="lazy" decoding="async" /></p>"# + "\n")
    }

    @Test func imageURLsAreEscapedAndDangerousOnesDroppedAsLibcmarkDoes() {
        #expect(html(#"![x](<a b".png>)"#).contains(#"src="stacks-link:0""#))
        #expect(html("![x](https://e.com/a b\"c)").contains(#"<img src="" alt=""#) == false)
        #expect(html(#"![x](<https://e.com/a"b>)"#).contains(#"src="https://e.com/a%22b""#))
        #expect(html("![x](data:text/html;base64,PHNjcmlwdD4=)").contains(#"<img src="" alt="x""#))
        #expect(html("![x](data:image/png;base64,AAAA)").contains(#"src="data:image/png;base64,AAAA""#))
        #expect(html("![x](javascript:alert(1))").contains(#"<img src="" alt="x""#))
    }

    @Test func anImageInsideAnothersDescriptionIsPartOfItsAlt() {
        #expect(html("![a ![b](c.png) d](e.png)") ==
            #"<p><img src="stacks-link:0" alt="a b d" loading="lazy" decoding="async" /></p>"# + "\n")
        #expect(html("[![logo](l.png)](https://e.com)") ==
            #"<p><a href="https://e.com"><img src="stacks-link:0" alt="logo" loading="lazy" decoding="async" /></a></p>"# + "\n")
    }

    @Test func rawHTMLInADescriptionStaysText() {
        let safe = html("![<script>x</script>](a.png)")
        #expect(safe.contains(#"alt="&lt;script&gt;x&lt;/script&gt;""#))
        #expect(!safe.contains("<script"))
        #expect(html("![<b>x</b>](a.png)", unsafe: true).contains(#"alt="&lt;b&gt;x&lt;/b&gt;""#))
    }

    @Test func codeBlocksAreFocusableAndKeepTheirLanguage() {
        #expect(html("```swift title=x\nlet a = \"<b>\" & 1\n```") ==
            #"<pre tabindex="0"><code class="language-swift">let a = &quot;&lt;b&gt;&quot; &amp; 1"# + "\n</code></pre>\n")
        #expect(html("    indented\n") == #"<pre tabindex="0"><code>indented"# + "\n</code></pre>\n")
        let hostile = "```\"><script>x\n```"
        #expect(html(hostile) == #"<pre tabindex="0"><code class="language-&quot;&gt;&lt;script&gt;x"></code></pre>"# + "\n")
        #expect(html("- a\n\n  ```sh\n  ls\n  ```\n").contains("<li>\n<p>a</p>\n<pre tabindex=\"0\"><code class=\"language-sh\">ls\n</code></pre>\n</li>"))
        #expect(html("Inline `code` stays <code>.").contains("<code>code</code>"))
    }

    @Test func coLocatedImagesGetTheirSize() async throws {
        let project = try TemporaryProject([
            "food/soup.md": "# Soup\n\n![bowl](bowl.png) ![photo](photo.jpg) ![logo](logo.svg) ![far](https://e.com/x.png) [file](bowl.png) ![text](notes.gif)",
        ])
        defer { project.remove() }
        try project.write("food/bowl.png", bytes: ImageFiles.png(width: 30, height: 20))
        try project.write("food/photo.jpg", bytes: ImageFiles.jpeg(width: 1600, height: 1200))
        try project.write("food/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48"></svg>"#)
        try project.write("food/notes.gif", "not a gif")
        let (tree, _) = ContentReader(root: project.root, displayRoot: "content").read()
        // The originals, at their own size (`ResponsiveImagesTests` has them resized).
        var config = SiteConfig()
        config.images.resize = false
        let prepared = try await Pipeline.prepare(Pipeline.Input(config: config, content: tree))
        #expect(body(prepared, "food/soup/") == "<p>"
            + #"<img src="../bowl.png" width="30" height="20" alt="bowl" loading="lazy" decoding="async" /> "#
            + #"<img src="../photo.jpg" width="1600" height="1200" alt="photo" loading="lazy" decoding="async" /> "#
            + #"<img src="../logo.svg" width="64" height="48" alt="logo" loading="lazy" decoding="async" /> "#
            + #"<img src="https://e.com/x.png" alt="far" loading="lazy" decoding="async" /> "#
            + #"<a href="../bowl.png">file</a> "#
            + #"<img src="../notes.gif" alt="text" loading="lazy" decoding="async" /></p>"# + "\n")
    }

    @Test func theFrontMattersImageGetsItsSizeToo() async throws {
        let project = try TemporaryProject(["stacks.yml": "images: {resize: false}\n",
                                            "content/food/soup.md": "---\ntitle: Soup\nimage: bowl.png\n---\nHot.\n",
                                            "content/food/stew.md": "---\ntitle: Stew\nimage: https://e.com/s.png\n---\nHot.\n"])
        defer { project.remove() }
        try project.write("content/food/bowl.png", bytes: ImageFiles.png(width: 300, height: 200))
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/food/soup/index.html").contains(
            #"<img class="item-image" src="../bowl.png" width="300" height="200" alt="" decoding="async">"#))
        #expect(try project.read("output/food/stew/index.html").contains(
            #"<img class="item-image" src="https://e.com/s.png" alt="" decoding="async">"#))
    }

    /// `stacks serve`: an image replaced by one of another size changes the pages that show it.
    @Test func servingPicksUpAnImageOfANewSize() async throws {
        let project = try TemporaryProject(["a.md": "![p](p.png)", "b.md": "Text"])
        defer { project.remove() }
        try project.write("p.png", bytes: ImageFiles.png(width: 10, height: 10))
        let input = { (tree: SourceDirectory) in Pipeline.Input(config: SiteConfig(), content: tree) }
        var pipeline = IncrementalPipeline()
        let first = await pipeline.prepare(input(ContentReader(root: project.root, displayRoot: "content").read().0))
        #expect(try body(first.get(), "a/").contains(#"width="10" height="10""#))
        try project.write("p.png", bytes: ImageFiles.png(width: 40, height: 25))
        let second = await pipeline.prepare(input(ContentReader(root: project.root, displayRoot: "content").read().0))
        #expect(try body(second.get(), "a/").contains(#"width="40" height="25""#))
        let fresh = try await Pipeline.prepare(input(ContentReader(root: project.root, displayRoot: "content").read().0))
        #expect(try body(second.get(), "a/") == body(fresh, "a/"))
    }

    @Test func attributesFollowOnlyTheirOwnToken() {
        let html = #"<img src="stacks-link:0" alt="stacks-link:1"> <a href="stacks-link:1">x</a>"#
        #expect(LinkTokens.substitute(in: html, urls: ["a.png", "b"], attributes: [#" width="1" height="2""#, ""]) ==
            #"<img src="a.png" width="1" height="2" alt="stacks-link:1"> <a href="b">x</a>"#)
    }

    @Test func aPictureWrapsOnlyItsOwnTagWhateverItsQuotedValuesHold() {
        let html = #"<p>a &lt; b <img alt="x" src="stacks-link:0" title='1 > 0' /> and <img src="stacks-link:1"> <a href="stacks-link:2">c</a></p>"#
        let source = #"<source type="image/avif" srcset="a.avif 9w">"#
        #expect(LinkTokens.substitute(in: html, urls: ["a.jpg", "b.jpg", "c/"], attributes: [#" width="9""#, "", ""],
                                      pictures: [0: source]) ==
            #"<p>a &lt; b <picture><source type="image/avif" srcset="a.avif 9w"><img alt="x" src="a.jpg" width="9" title='1 > 0' /></picture> and <img src="b.jpg"> <a href="c/">c</a></p>"#)
    }
}
