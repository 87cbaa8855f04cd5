import Foundation
import Yams

/// Reads `stacks.yml` into a `SiteConfig`, reporting unknown keys and wrong types by line.
public enum ConfigParser {
    public static func parse(_ text: String, path: String = "stacks.yml") -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        var reader = ConfigReader(path: path)
        if let alias = YAMLAliasLimit.firstAliasBeyondLimit(text) {
            return (config, [.error(path, line: alias.line, column: alias.column,
                "the configuration uses more than \(YAMLAliasLimit.maximum) aliases (*name); nested aliases could expand without bound")])
        }
        do {
            guard let node = try Yams.compose(yaml: text) else { return (config, []) }
            guard let mapping = node.mapping else {
                return (config, [.error(path, line: 1, column: 1, "the configuration must be a map of keys to values")])
            }
            reader.read(mapping, into: &config)
        } catch let error as YamlError {
            if case .scanner(_, let problem, let mark, _) = error {
                return (config, [.error(path, line: mark.line, column: mark.column, "invalid YAML: \(problem)")])
            }
            if case .parser(_, let problem, let mark, _) = error {
                return (config, [.error(path, line: mark.line, column: mark.column, "invalid YAML: \(problem)")])
            }
            return (config, [.error(path, line: 1, column: 1, "invalid YAML: \(error)")])
        } catch {
            return (config, [.error(path, line: 1, column: 1, "invalid YAML: \(error)")])
        }
        return (config, reader.diagnostics)
    }
}

private struct ConfigReader {
    let path: String
    var diagnostics: [Diagnostic] = []

    mutating func read(_ mapping: Node.Mapping, into config: inout SiteConfig) {
        for (key, value) in mapping {
            switch key.string ?? "" {
            case "title": text(value, "title").map { config.title = $0 }
            case "baseURL":
                // It goes into canonical links, the sitemap and the 404 page's link home.
                guard let url = text(value, "baseURL") else { break }
                guard ExternalURL.isWebAddress(url) else {
                    fail(value, "'baseURL' must be an http(s) URL, such as https://example.org/catalog/")
                    break
                }
                config.baseURL = url
            case "language": text(value, "language").map { config.language = $0 }
            case "layout": section(value, "layout") { key, value, reader in
                switch key {
                case "columns": reader.choice(value, "layout.columns").map { config.layout.columns = $0 }
                case "style": reader.choice(value, "layout.style").map { config.layout.style = $0 }
                case "listWindow": reader.number(value, "layout.listWindow", minimum: 2).map { config.layout.listWindow = $0 }
                case "sidebarWindow": reader.number(value, "layout.sidebarWindow", minimum: 1).map { config.layout.sidebarWindow = $0 }
                case "missingIcons": reader.choice(value, "layout.missingIcons").map { config.layout.missingIcons = $0 }
                case "thumbnails": reader.choice(value, "layout.thumbnails").map { config.layout.thumbnails = $0 }
                case "breakpoints": reader.section(value, "layout.breakpoints") { key, value, reader in
                    switch key {
                    case "medium": reader.number(value, "layout.breakpoints.medium", minimum: 1).map { config.layout.mediumBreakpoint = $0 }
                    case "wide": reader.number(value, "layout.breakpoints.wide", minimum: 1).map { config.layout.wideBreakpoint = $0 }
                    default: reader.unknown(value, "layout.breakpoints." + key)
                    }
                }
                default: reader.unknown(value, "layout." + key)
                }
            }
            case "markdown": section(value, "markdown") { key, value, reader in
                switch key {
                case "unsafe": reader.flag(value, "markdown.unsafe").map { config.markdown.unsafe = $0 }
                case "smart": reader.flag(value, "markdown.smart").map { config.markdown.smart = $0 }
                case "gfm": reader.flag(value, "markdown.gfm").map { config.markdown.gfm = $0 }
                case "toc": reader.headingCount(value, "markdown.toc").map { config.markdown.toc = $0 }
                default: reader.unknown(value, "markdown." + key)
                }
            }
            case "paths": section(value, "paths") { key, value, reader in
                switch key {
                case "content": reader.text(value, "paths.content").map { config.paths.content = $0 }
                case "templates": reader.text(value, "paths.templates").map { config.paths.templates = $0 }
                case "output": reader.text(value, "paths.output").map { config.paths.output = $0 }
                default: reader.unknown(value, "paths." + key)
                }
            }
            case "output": section(value, "output") { key, value, reader in
                switch key {
                case "portable": reader.flag(value, "output.portable").map { config.portable = $0 }
                default: reader.unknown(value, "output." + key)
                }
            }
            case "images": section(value, "images") { key, value, reader in
                switch key {
                case "resize": reader.flag(value, "images.resize").map { config.images.resize = $0 }
                case "avif": reader.flag(value, "images.avif").map { config.images.avif = $0 }
                default: reader.unknown(value, "images." + key)
                }
            }
            case "links": section(value, "links") { key, value, reader in
                switch key {
                case "broken": reader.choice(value, "links.broken").map { config.links.broken = $0 }
                default: reader.unknown(value, "links." + key)
                }
            }
            case "placeholders": section(value, "placeholders") { key, value, reader in
                switch key {
                // The placeholders are interface strings; this is their older, shorter way.
                case "noCategory", "noItem": reader.text(value, "placeholders." + key).map { config.stringOverrides[key] = $0 }
                default: reader.unknown(value, "placeholders." + key)
                }
            }
            case "languages": languages(value).map { config.languages = $0 }
            case "strings": section(value, "strings") { key, value, reader in
                if InterfaceStrings.pluralKeys.contains(key) {
                    // A plural string is written by form: `entries: { one: …, other: … }`.
                    reader.section(value, "strings." + key) { form, value, reader in
                        guard PluralCategory(rawValue: form) != nil else {
                            return reader.fail(value, "'strings.\(key).\(form)' is not a plural form; one of: "
                                + PluralCategory.allCases.map(\.rawValue).joined(separator: ", "))
                        }
                        reader.text(value, "strings.\(key).\(form)").map { config.stringOverrides[key + "." + form] = $0 }
                    }
                    return
                }
                guard InterfaceStrings.keys[key] != nil else {
                    return reader.unknownString(value, key)
                }
                reader.text(value, "strings." + key).map { config.stringOverrides[key] = $0 }
            }
            case "frontMatter": section(value, "frontMatter") { key, value, reader in
                guard FrontMatterKeys.readable.contains(key) else {
                    reader.fail(value, "'frontMatter.\(key)' is not a front matter key Stacks reads; one of: "
                        + FrontMatterKeys.readable.joined(separator: ", "))
                    return
                }
                reader.text(value, "frontMatter." + key).map { config.frontMatterMapping[key] = $0 }
            }
            default: unknown(key, key.string ?? "?")
            }
        }
        if config.layout.mediumBreakpoint >= config.layout.wideBreakpoint {
            diagnostics.append(.error(path, line: 1, column: 1, "layout.breakpoints.medium must be smaller than layout.breakpoints.wide"))
        }
    }

    mutating func fail(_ node: Node, _ message: String) {
        diagnostics.append(.error(path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message))
    }

    mutating func unknown(_ node: Node, _ key: String) {
        diagnostics.append(.warning(path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, "unknown setting '\(key)'; ignored"))
    }

    /// `languages:` — a list of codes (a folder per language, named by its code), or a map.
    mutating func languages(_ node: Node) -> LanguageSettings? {
        var codes: [String] = []
        var folders: String?, defaultFolder: String?, suffixes = false, defaultAtRoot = true, fallbacks = true
        var codesNode = node
        if node.mapping != nil {
            var found = false
            section(node, "languages") { key, value, reader in
                switch key {
                case "codes": codesNode = value; found = true
                case "folders": folders = reader.text(value, "languages.folders")
                case "defaultFolder": defaultFolder = reader.text(value, "languages.defaultFolder")
                case "suffixes": suffixes = reader.flag(value, "languages.suffixes") ?? false
                case "defaultAtRoot": defaultAtRoot = reader.flag(value, "languages.defaultAtRoot") ?? true
                case "fallbacks": fallbacks = reader.flag(value, "languages.fallbacks") ?? true
                default: reader.unknown(value, "languages." + key)
                }
            }
            guard found else { fail(node, "'languages' needs 'codes', the languages' codes with the default first"); return nil }
        }
        guard let sequence = codesNode.sequence, !sequence.isEmpty else {
            fail(codesNode, "'languages' must list the languages' codes, the default first: [en, de, fr]")
            return nil
        }
        for item in sequence {
            guard let code = item.scalar?.string, code.range(of: #"^[A-Za-z]{2,8}([_-][A-Za-z0-9]{1,8})*$"#, options: .regularExpression) != nil else {
                fail(item, "'\(item.scalar?.string ?? "?")' is not a language code (BCP 47: en, pt-BR, zh_TW)")
                return nil
            }
            guard !codes.contains(where: { LanguageSettings.urlFolder(of: $0) == LanguageSettings.urlFolder(of: code) }) else {
                fail(item, "the language '\(code)' is listed twice")
                return nil
            }
            codes.append(code)
        }
        if suffixes, folders != nil {
            fail(node, "'languages' takes either 'folders' (a folder per language) or 'suffixes' (tar.fr.md), not both")
            return nil
        }
        if let folders, !folders.contains("{lang}") || folders.contains("/") {
            fail(node, "'languages.folders' names a folder of the content with '{lang}' for the code, such as 'pages.{lang}' or '{lang}'")
            return nil
        }
        let layout: LanguageSettings.Layout = suffixes ? .suffixes : .folders(pattern: folders ?? "{lang}", defaultFolder: defaultFolder)
        var settings = LanguageSettings(codes: codes, layout: layout, defaultAtRoot: defaultAtRoot)
        settings.fallbacks = fallbacks
        return settings
    }

    mutating func unknownString(_ node: Node, _ key: String) {
        diagnostics.append(.warning(path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                                    "unknown interface string 'strings.\(key)'; ignored (known: \(InterfaceStrings.keysForMessages))"))
    }

    mutating func section(_ node: Node, _ name: String, _ body: (String, Node, inout ConfigReader) -> Void) {
        guard let mapping = node.mapping else { return fail(node, "'\(name)' must be a map") }
        for (key, value) in mapping { body(key.string ?? "", value, &self) }
    }

    mutating func text(_ node: Node, _ name: String) -> String? {
        guard let value = node.scalar?.string else { fail(node, "'\(name)' must be text"); return nil }
        return value
    }

    mutating func flag(_ node: Node, _ name: String) -> Bool? {
        guard node.scalar != nil, let value = node.bool else { fail(node, "'\(name)' must be true or false"); return nil }
        return value
    }

    mutating func number(_ node: Node, _ name: String, minimum: Int) -> Int? {
        guard let value = node.int, value >= minimum else { fail(node, "'\(name)' must be a whole number of at least \(minimum)"); return nil }
        return value
    }

    /// A number of headings, or `false` for none (`true`: the default).
    mutating func headingCount(_ node: Node, _ name: String) -> Int? {
        if let value = node.int, value >= 0 { return value }
        if node.scalar != nil, let value = node.bool { return value ? SiteConfig.MarkdownOptions().toc : 0 }
        fail(node, "'\(name)' must be a whole number of at least 0, or false")
        return nil
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, _ name: String) -> Choice? where Choice.RawValue == String {
        guard let value = node.string.flatMap(Choice.init(rawValue:)) else {
            fail(node, "'\(name)' must be one of: " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        return value
    }
}
