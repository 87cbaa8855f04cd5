/// One digest of everything a build reads: the configuration (with the command line's flags),
/// every Markdown file's bytes (by their digest, known without reading them when unchanged),
/// every other file's name and identity, the theme's files, and the problems met while reading
/// them. Equal fingerprints mean equal outputs, since the stages between are pure functions of
/// these values (and of the binary, checked apart).
enum SourceFingerprint {
    /// `assets`: the identity of each file that is not read here (co-located files), by its
    /// path relative to the content folder; the output copies them, so their identity stands
    /// for their bytes.
    static func digest(of input: borrowing Pipeline.Input, assets: [String: FileIdentity]) -> Digest {
        var hasher = Digest.Hasher()
        // Every setting, field by field, dictionaries sorted (what a page key holds of it; a test
        // checks by `Mirror` that none is left out): the configuration spelled by reflection
        // was a few milliseconds of every build.
        hasher.add(input.config)
        hasher.add(input.contentDisplay)
        hasher.add(input.templatesDisplay)
        hasher.add(input.diagnostics.count)
        for problem in input.diagnostics { hasher.add(problem.description) }
        add(input.content, assets: assets, to: &hasher)
        let theme = input.theme.files
        hasher.add(theme.count)
        for path in theme.keys.sorted() {
            hasher.add(path)
            hasher.add(theme[path]!)
        }
        return hasher.finish()
    }

    private static func add(_ directory: SourceDirectory, assets: [String: FileIdentity], to hasher: inout Digest.Hasher) {
        hasher.add("folder")
        hasher.add(directory.relativePath)
        hasher.add(directory.files.count)
        for file in directory.files {
            hasher.add(file.relativePath)
            // Whether it was read (or is known: `KnownSources`), then its bytes' digest: a page
            // left unread weighs what it did when read.
            let digest = file.bytesDigest
            hasher.add(digest == nil ? 0 : 1)
            if let digest { hasher.add(digest) }
            hasher.add(file.target ?? "")
            hasher.add(file.imageSize.map { "\($0.width)x\($0.height)" } ?? "")
            if !file.isMarkdown {
                // A file that cannot be seen any more counts as changed: the build then reports it.
                let identity = assets[file.relativePath] ?? FileIdentity(device: 0, inode: 0, size: -1, modified: 0, changed: 0)
                identity.add(to: &hasher)
            }
        }
        hasher.add(directory.directories.count)
        for child in directory.directories { add(child, assets: assets, to: &hasher) }
    }
}
