#!/usr/bin/env python3
"""Four content folders shaped as other tools keep them, to be built by Stacks unedited:

- `hugo/`: a documentation site as Hugo writes one: sections with `_index.md` beside a page
  named like the folder and many siblings (`methods/page/_index.md`, `Page.md`, 40 methods),
  YAML and TOML front matter, self-aliases in another case, relative aliases, written slugs
  such as `hugo_convert_toJSON`, the built-in shortcodes (`ref`, `relref`, `figure`,
  `highlight`, `details`, `youtube`) and some it does not render (`gist`, `{{% notice %}}`),
  escaped calls in code, GitHub alerts, footnotes and aligned tables;
- `zola/`: a Zola site whose pages start with a blank line before `+++` TOML `+++`, with `@/`
  links, raw HTML as READMEs carry it and a Zola shortcode;
- `topics/`: a topic collection (one folder per topic, `index.md` with YAML front matter whose
  `aliases` are a comma-separated text of the topic's other names, one key written twice);
- `readmes/`: a folder of project READMEs with the HTML GitHub renders (`<p align="center">`
  around a logo, `<details>`, `<kbd>`, `<sub>`, `<br>`), alerts and footnotes.

    generate_neighbour_sites.py OUT    (writes OUT/NAME/content for each NAME above)

The same arguments always write the same folders. Every page must build without an error and
be reachable from the home page.
"""
import os
import random
import struct
import sys
import zlib


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def png(path, width, height, colour):
    """A real PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(colour) * width
    raw = zlib.compress(row * height)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


ALERTS = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]
ALERT_TEXT = {"NOTE": "This method returns a new value; the receiver is not changed.",
              "TIP": "Chain it with `Sort` to get a stable order.",
              "IMPORTANT": "The result depends on the site's language configuration.",
              "WARNING": "This method is deprecated and will be removed in a future release.",
              "CAUTION": "Calling it in a loop over every page is slow on large sites."}
METHODS = ["Aliases", "AllTranslations", "Ancestors", "BundleType", "CodeOwners", "Content", "ContentWithoutSummary",
           "CurrentSection", "Data", "Date", "Description", "Draft", "Eq", "ExpiryDate", "File", "FirstSection",
           "Fragments", "FuzzyWordCount", "GetPage", "GetTerms", "GitInfo", "HasMenuCurrent", "HasShortcode",
           "HeadingsFiltered", "InSection", "IsAncestor", "IsDescendant", "IsHome", "IsMenuCurrent", "IsNode",
           "IsPage", "IsSection", "IsTranslated", "Keywords", "Kind", "Language", "Lastmod", "Layout", "Len",
           "LinkTitle"]


def hugo(root):
    content = os.path.join(root, "content")
    write(f"{content}/_index.md", "---\ntitle: Hugo-shaped documentation\n---\n"
          "The documentation of a static site generator, as its sources are kept.\n\n"
          "> [!NOTE]\n> Start with the [methods]({{< relref \"/methods\" >}}) or the "
          "[functions]({{< ref \"functions/_index.md\" >}}).\n")
    write(f"{content}/methods/_index.md", "---\ntitle: Methods\ndescription: Use these methods in your templates.\n---\n"
          "Methods, by the object they belong to.\n")
    write(f"{content}/methods/page/_index.md", "---\ntitle: Page methods\nlinkTitle: Page\n"
          "description: Use these Page methods in your templates.\naliases: [/methods/page/, ../page-methods]\n---\n"
          "Use these `Page` methods in your templates.\n")
    # A page named like its folder beside `_index.md`: a page of the section, not its bundle.
    write(f"{content}/methods/page/Page.md", "---\ntitle: Page\ndescription: The Page object.\n---\n"
          "The `Page` object; see [Kind]({{< ref \"Kind.md\" >}}).\n")
    for number, name in enumerate(METHODS):
        alert = ALERTS[number % len(ALERTS)]
        toml = number % 3 == 0
        aliases = [f"/methods/page/{name.lower()}/"] + ([f"{name.lower()}-method"] if number % 4 == 0 else [])
        if toml:
            matter = f"+++\ntitle = \"{name}\"\ndescription = \"Returns the {name} of the given page.\"\n" \
                     f"categories = []\nkeywords = []\naliases = {aliases!r}\n+++\n".replace("'", '"')
        else:
            matter = f"---\ntitle: {name}\ndescription: Returns the {name} of the given page.\n" \
                     f"categories: []\nkeywords: []\naliases: [{', '.join(aliases)}]\n---\n"
        body = f"""{{{{< new-in 0.{100 + number}.0 >}}}}

```go-template
{{{{ .{name} }}}}
```

> [!{alert}]
> {ALERT_TEXT[alert]}

See also [Page]({{{{< ref "Page.md" >}}}}) and [the functions]({{{{< relref "/functions/_index.md" >}}}}).
The method was added in a small release[^{number}].

| Argument | Type | Default |
|:---------|:----:|--------:|
| `name` | string | `""` |

[^{number}]: See the release notes of version 0.{100 + number}.0.
"""
        if number % 5 == 0:
            body += """
{{< details summary="Example with a loop" >}}
Range over the pages and **print** each one:

{{< highlight go-html-template >}}
{{ range .Pages }}{{ .Title }}{{ end }}
{{< /highlight >}}
{{< /details >}}
"""
        if number % 7 == 0:
            body += "\n{{% notice warning %}}\nOld themes call this differently.\n{{% /notice %}}\n"
        write(f"{content}/methods/page/{name}.md", matter + body)
    write(f"{content}/functions/_index.md", "---\ntitle: Functions\n---\nTemplate functions, by namespace.\n")
    for name, slug in [("ToJSON", "hugo_convert_toJSON"), ("ToTOML", "hugo_convert_toTOML"), ("Markdownify", None)]:
        matter = f"---\ntitle: transform.{name}\n" + (f"slug: {slug}\n" if slug else "") + "---\n"
        write(f"{content}/functions/transform/{name}.md", matter + f"""Converts the value to {name[2:] or name}.

{{{{< figure src="diagram.png" alt="How {name} works" caption="The {name} pipeline" >}}}}

Shortcodes are written with escapes in documentation:

```text
{{{{</* figure src="x.png" */>}}}}
```

{{{{< youtube w7Ft2ymGmfc >}}}}
""")
    write(f"{content}/functions/transform/_index.md", "---\ntitle: transform\n---\nFunctions in the transform namespace.\n")
    png(f"{content}/functions/transform/diagram.png", 480, 200, (70, 130, 180))
    write(f"{content}/about/index.md", "---\ntitle: About\naliases: [/About/]\n---\n"
          "A leaf bundle.{{< gist spf13 7896402 >}}\n\n> [!TIP]\n> Hugo's alerts render as callouts.\n")


def zola(root):
    content = os.path.join(root, "content")
    write(f"{content}/_index.md", "\n+++\ntitle = \"Zola-shaped site\"\nsort_by = \"weight\"\n+++\n"
          "Documentation kept for Zola. Read the [overview](@/documentation/getting-started/overview.md).\n")
    write(f"{content}/documentation/_index.md", "\n+++\ntitle = \"Documentation\"\nweight = 1\n+++\n")
    pages = {"getting-started": ["overview", "installation", "cli-usage", "configuration"],
             "content": ["page", "section", "shortcodes", "linking", "syntax-highlighting", "taxonomies"],
             "themes": ["overview", "creating-a-theme", "extending-a-theme"]}
    for weight, (section, names) in enumerate(pages.items()):
        write(f"{content}/documentation/{section}/_index.md",
              f"\n+++\ntitle = \"{section.replace('-', ' ').capitalize()}\"\nweight = {weight + 1}\n+++\n")
        for number, name in enumerate(names):
            extra = ""
            if number % 2 == 0:
                extra = """
<details>
<summary>Show the command line</summary>

Run <kbd>zola</kbd> <kbd>serve</kbd>, then press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop.<br>
Water is H<sub>2</sub>O; x<sup>2</sup>.

</details>
"""
            if number % 3 == 0:
                extra += '\n{{ youtube(id="dQw4w9WgXcQ", autoplay=true) }}\n'
            write(f"{content}/documentation/{section}/{name}.md",
                  f"\n+++\ntitle = \"{name.replace('-', ' ').capitalize()}\"\nweight = {number + 1}\n"
                  f"description = \"About {name}\"\n[extra]\ntoc = true\n+++\n\n"
                  f"## {name.capitalize()}\n\nSee the [overview](@/documentation/getting-started/overview.md) and "
                  f"[the section](@/documentation/{section}/_index.md).\n{extra}")


def topics(root):
    content = os.path.join(root, "content")
    rng = random.Random(26)
    write(f"{content}/README.md", "# Topics\n\nTopics on a code hosting site, each with its other names.\n")
    names = ["3d", "ai", "algorithm", "android", "angular", "ansible", "api", "arduino", "aws", "azure", "bash",
             "bitcoin", "blockchain", "bootstrap", "bot", "c", "chrome", "clojure", "compiler", "cpp", "csharp", "css",
             "data-structures", "data-visualization", "database", "deep-learning", "django", "docker", "dotnet",
             "electron", "elixir", "emacs", "ethereum", "flask", "flutter", "font", "framework", "game-engine", "git",
             "go", "google", "graphql", "haskell", "html", "http", "ios", "java", "javascript", "jekyll", "jquery"]
    for index, name in enumerate(names):
        others = [f"{name}-{suffix}" for suffix in rng.sample(["lang", "programming", "dev", "tools", "graphics",
                                                               "modeling", "printing"], k=rng.randint(1, 3))]
        matter = [f"aliases: {', '.join(others)}", f"display_name: {name.upper() if len(name) < 4 else name.capitalize()}",
                  f"short_description: {name.capitalize()} is a topic people write code about.",
                  f"topic: {name}"]
        if index == 7:
            matter.append("short_description: The last one counts, as Ruby's YAML reader takes it.")
        if index % 5 == 0:
            matter.append(f"related: {', '.join(rng.sample(names, k=3))}")
        write(f"{content}/{name}/index.md", "---\n" + "\n".join(matter) + "\n---\n"
              f"{name.capitalize()} is a subject of many repositories. Related: [git](../git/) and [docker](../docker/).\n")
        if index % 4 == 0:
            png(f"{content}/{name}/{name}.png", 64, 64, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))


def readmes(root):
    content = os.path.join(root, "content")
    write(f"{content}/README.md", "# Projects\n\nOne folder per project, each described by its README.\n")
    for index, name in enumerate(["lumen", "quill", "harbor", "sprout", "tidal", "ember"]):
        png(f"{content}/projects/{name}/logo.png", 240, 120, (40 * index, 120, 200 - 20 * index))
        alert = ALERTS[index % len(ALERTS)]
        write(f"{content}/projects/{name}/README.md", f"""<p align="center">
  <img src="logo.png" alt="{name.capitalize()} logo" width="120">
</p>

<h1 align="center">{name.capitalize()}</h1>

<p align="center"><b>A small tool that does one thing well.</b><br>
<sub>Built by volunteers.</sub></p>

## Install

Press <kbd>Ctrl</kbd> + <kbd>Shift</kbd> + <kbd>P</kbd> and type `install {name}`.[^install]

> [!{alert}]
> {ALERT_TEXT[alert]}

<details>
<summary>Build from source</summary>

```sh
git clone https://example.org/{name}.git
make
```

</details>

| Option | Default | Meaning |
|:-------|:-------:|--------:|
| `--fast` | off | skip checks |

<a name="license"></a>
## License

MIT; see <a href="../{['quill', 'harbor', 'sprout', 'tidal', 'ember', 'lumen'][index]}/">the next project</a>.
<script>alert("not run")</script><img src="logo.png" alt="" width="24" onerror="alert(1)">

[^install]: Or download a release from the project's page.
""")


def main():
    out = sys.argv[1]
    for name, make in [("hugo", hugo), ("zola", zola), ("topics", topics), ("readmes", readmes)]:
        make(os.path.join(out, name))


if __name__ == "__main__":
    main()
