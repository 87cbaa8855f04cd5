extension Digest.Hasher {
    /// Every setting of a configuration, each framed, in a fixed order: what a page key
    /// (`PageKeys`) holds of the configuration. A test checks by `Mirror` that no stored field
    /// of `SiteConfig` or of its parts is left out (`strings` is made from `language` and
    /// `stringOverrides`, which are in).
    mutating func add(_ config: SiteConfig) {
        add("configuration")
        add(optional: config.title)
        add(optional: config.baseURL)
        add(config.language)
        add(sorted: config.stringOverrides)
        if let languages = config.languages {
            add(1)
            add(languages.codes.count)
            for code in languages.codes { add(code) }
            switch languages.layout {
            case .folders(let pattern, let defaultFolder):
                add(1)
                add(pattern)
                add(optional: defaultFolder)
            case .suffixes:
                add(2)
            }
            add(languages.defaultAtRoot ? 1 : 0)
            add(languages.fallbacks ? 1 : 0)
        } else {
            add(0)
        }
        add(config.languageFolder)
        add(config.languagePosition)
        let layout = config.layout
        add(layout.columns.rawValue)
        add(layout.style.rawValue)
        add(layout.mediumBreakpoint)
        add(layout.wideBreakpoint)
        add(layout.listWindow)
        add(layout.sidebarWindow)
        add(layout.missingIcons.rawValue)
        add(layout.thumbnails.rawValue)
        add(config.images.resize ? 1 : 0)
        add(config.images.avif ? 1 : 0)
        let markdown = config.markdown
        for flag in [markdown.unsafe, markdown.smart, markdown.gfm] { add(flag ? 1 : 0) }
        add(markdown.toc)
        add(config.paths.content)
        add(config.paths.templates)
        add(config.paths.output)
        add(config.links.broken == .error ? 1 : 0)
        add(config.portable ? 1 : 0)
        add(config.includeDrafts ? 1 : 0)
        add(optional: config.projectName)
        add(sorted: config.frontMatterMapping)
    }

    mutating func add(optional text: String?) {
        if let text {
            add(1)
            add(text)
        } else {
            add(0)
        }
    }

    /// A dictionary of texts, in its keys' order.
    mutating func add(sorted dictionary: [String: String]) {
        add(dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            add(key)
            add(value)
        }
    }
}
