import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Aliases come from contributors' front matter: each must name a free folder inside the site,
/// judged in the form it is written under (decoded, composed), and nothing a catalog holds may
/// make the build write outside its output.
@Suite struct AliasTests {
    func errors(aliases: String, files: [String: String] = [:], write: Bool = true) async throws -> (errors: [String]?, project: TemporaryProject) {
        var all = files
        all["content/x.md"] = "---\ntitle: X\naliases: \(aliases)\n---\nText\n"
        let project = try TemporaryProject(all)
        do {
            _ = try await SiteBuilder.build(project.options, write: write)
            return (nil, project)
        } catch {
            return (error.sorted.map(\.description), project)
        }
    }

    @Test(arguments: [
        ("[\"%2e%2e/%2e%2e/escaped\"]",
         "alias '%2e%2e/%2e%2e/escaped' is not a path inside the site: '%2e%2e' decodes to '..', which names the folder above"),
        ("[\"x%2F..%2F..%2F..%2Fvictim\"]",
         "alias 'x%2F..%2F..%2F..%2Fvictim' is not a path inside the site: 'x%2F..%2F..%2F..%2Fvictim' decodes to 'x/../../../victim', which has a '/' in it"),
        ("[\"%2e%2e/content/injected\"]",
         "alias '%2e%2e/content/injected' is not a path inside the site: '%2e%2e' decodes to '..', which names the folder above"),
        ("[\"a%2Fb\"]",
         "alias 'a%2Fb' is not a path inside the site: 'a%2Fb' decodes to 'a/b', which has a '/' in it"),
        ("[\"a%5Cb\"]", "alias 'a%5Cb' is not a path inside the site: 'a%5Cb' decodes to 'a\\b', which has a backslash in it"),
        ("[\"old%00/x\"]", "alias 'old%00/x' is not a path inside the site: 'old%00' decodes to 'old\u{FFFD}', which has a control character in it"),
        ("[\"a/./b\"]", "alias 'a/./b' is not a path inside the site: '.' names the folder itself"),
        ("[\"a//b\"]", "alias 'a//b' is not a path inside the site: it has an empty part ('//')"),
        ("[\"a/%zz\"]", "alias 'a/%zz' is not a path inside the site: '%zz' is not valid percent-encoded UTF-8"),
        ("[\"/index.html\"]", "alias '/index.html' is not a path inside the site: it names the root of the site, the home page"),
        ("[\"" + String(repeating: "a", count: 300) + "\"]",
         "alias '\(String(repeating: "a", count: 300))' is not a path inside the site: '\(String(repeating: "a", count: 300))' is longer than 255 bytes, the most a file name can have"),
    ])
    func anAliasThatLeavesItsFolderIsAnErrorAtItsLine(aliases: String, message: String) async throws {
        let (errors, project) = try await errors(aliases: aliases)
        defer { project.remove() }
        #expect(errors == ["content/x.md:3:1: error: \(message)"])
        // `check` says the same, and a failed build writes nothing anywhere.
        let (checked, checkProject) = try await self.errors(aliases: aliases, write: false)
        defer { checkProject.remove() }
        #expect(checked == errors)
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path) == ["content"])
    }

    @Test(arguments: [
        ("[sitemap.xml]", [:],
         "alias 'sitemap.xml' is not free: 'sitemap.xml' at the root of the output is reserved for the site's own files"),
        ("[_stacks/stacks.css]", [:],
         "alias '_stacks/stacks.css' is not free: '_stacks' at the root of the output is reserved for the site's own files"),
        ("[\"404.html\"]", [:], "alias '404.html' is not free: '404.html' at the root of the output is reserved for the site's own files"),
        ("[_Stacks/old]", [:], "alias '_Stacks/old' is not free: '_Stacks' at the root of the output is reserved for the site's own files"),
        ("[sitemap.xml]", [:], "alias 'sitemap.xml' is not free: 'sitemap.xml' at the root of the output is reserved for the site's own files"),
        ("[b/photo.png]", ["content/b/photo.png": "PNG"],
         "alias 'b/photo.png' is not free: 'b/photo.png' is a file of the site (from content/b/photo.png)"),
        ("[b/photo.png/old]", ["content/b/photo.png": "PNG"],
         "alias 'b/photo.png/old' is not free: 'b/photo.png' is a file of the site (from content/b/photo.png)"),
        ("[b/index.html/old]", ["content/b/c.md": "C"],
         "alias 'b/index.html/old' is not free: 'b/index.html' is a file of the site (from content/b)"),
        ("[\"caf%C3%A9\", \"cafe\u{301}\"]", [:], "alias 'cafe\u{301}' is already another alias"),
    ])
    func anAliasOntoAFileOfTheSiteIsAnErrorAtItsLine(aliases: String, files: [String: String], message: String) async throws {
        let (errors, project) = try await errors(aliases: aliases, files: files)
        defer { project.remove() }
        #expect(errors == ["content/x.md:3:1: error: \(message)"])
        let (checked, checkProject) = try await self.errors(aliases: aliases, files: files, write: false)
        defer { checkProject.remove() }
        #expect(checked == errors)
    }

    /// Hugo's sites list a page's own URL among its aliases, and topic collections write them as
    /// text (`aliases: 3d-printing, 3d-graphics`): the own URL is dropped silently, in any case
    /// and with or without its slashes; another page's URL stays that page's, with a warning at
    /// the line; a text is a list written with commas.
    @Test func aPagesOwnURLIsDroppedAndAnotherPagesIsAWarning() async throws {
        let project = try TemporaryProject([
            "content/x.md": "---\ntitle: X\naliases: /X/, x, b/C, old-x\n---\nText\n",
            "content/b/c.md": "C",
        ])
        defer { project.remove() }
        let outcome = StacksCommand.finish(try StacksCommand.start(["build"], in: project.root))
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains(
            "content/x.md:3:1: warning: alias 'b/C' is the URL of another page, which keeps it: no redirect is written"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("'/X/'") && !outcome.standardError.contains("alias 'x'"))
        #expect(try project.read("output/old-x/index.html").contains("../x/"))
        #expect(!(try project.read("output/b/c/index.html")).contains("http-equiv=\"refresh\""), "the page, not a redirect")
        #expect(!(try project.read("output/x/index.html")).contains("http-equiv=\"refresh\""))
    }

    /// An alias without a leading `/` is relative to the folder that holds the page's URL, as
    /// Hugo reads it and as github.com/topics redirects a topic's other names beside it; names
    /// the theme once took at the root (`assets`, `search`) are free for aliases.
    @Test func aRelativeAliasIsReadFromTheFolderHoldingThePage() async throws {
        let project = try TemporaryProject([
            "content/topics/3d.md": "---\ntitle: 3D\naliases: 3d-graphics, ./3d-modeling, ../old-3d, /assets/, search\n---\nText\n",
            "content/topics/ai.md": "AI",
        ])
        defer { project.remove() }
        let outcome = StacksCommand.finish(try StacksCommand.start(["build"], in: project.root))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        for (redirect, target) in [("topics/3d-graphics", "../../topics/3d/"), ("topics/3d-modeling", "../../topics/3d/"),
                                   ("old-3d", "../topics/3d/"), ("assets", "../topics/3d/"), ("topics/search", "../../topics/3d/")] {
            let html = try project.read("output/\(redirect)/index.html")
            #expect(html.contains("http-equiv=\"refresh\" content=\"0; url=\(target)\""), "\(redirect): \(html)")
        }
        #expect(!FileManager.default.fileExists(atPath: project.root.appendingPathComponent("output/3d-graphics").path))
    }

    @Test func aRelativeAliasNeverLeadsAboveTheRoot() async throws {
        let project = try TemporaryProject(["content/topics/3d.md": "---\ntitle: 3D\naliases: [../../up]\n---\nText\n"])
        defer { project.remove() }
        let outcome = StacksCommand.finish(try StacksCommand.start(["build"], in: project.root))
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains(
            "content/topics/3d.md:3:1: error: alias '../../up' is not a path inside the site: '..' leads above the root of the site"),
            "\(outcome.standardError)")
    }

    @Test func anEncodedAliasIsWrittenUnderItsDecodedComposedName() async throws {
        let (errors, project) = try await errors(aliases: "[\"old/caf%C3%A9\", \"/deux%20mots/index.html\"]")
        defer { project.remove() }
        #expect(errors == nil)
        let redirect = try project.read("output/old/caf\u{E9}/index.html")
        #expect(redirect.contains("../../x/"))
        #expect(try project.read("output/deux mots/index.html").contains("../x/"))
    }

    /// Names drawn from what an attacker would try, in file names (and so slugs), folder names
    /// and aliases: after each build, the only thing that may have changed in the whole
    /// temporary folder is the output. The project sits a few folders down, so that a write
    /// that climbs out of it still lands where the test looks.
    @Test func hostileNamesNeverWriteOutsideTheOutput() async throws {
        let pieces = ["%2e", "%2E", "%2e%2e", "%2E%2e", "%2f", "%2F", "%2F..%2F", "..%2f", "%5c", "%5C", "..", ".", "\\",
                      "\u{0}", "%00", "\u{301}", "e\u{301}", "%C3%A9", "\u{E9}", "a", "b", "index.html", "search-index.json",
                      "assets", "_stacks", "content", "-", " ", "%", "%zz", "\u{7F}", "\n"]
        var random = SplitMix(state: 0x5EED_A11A5)
        func name(_ count: Int) -> String {
            (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        func path(_ count: Int) -> String {
            (0..<count).map { _ in name(Int.random(in: 1...2, using: &random)) }.joined(separator: "/")
        }
        func yamlString(_ text: String) -> String {
            var quoted = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\u{0}": quoted += "\\0"
                case "\n": quoted += "\\n"
                case "\u{7F}": quoted += "\\x7F"
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        }
        var built = 0
        for round in 0..<60 {
            let temporary = try TemporaryProject()
            defer { temporary.remove() }
            let project = "a/b/c/d/project"
            // A file name (and so a slug) cannot hold '/' or NUL; a folder name may be anything else.
            let fileName = name(Int.random(in: 1...3, using: &random))
                .replacingOccurrences(of: "/", with: "").replacingOccurrences(of: "\u{0}", with: "")
            let folder = round % 2 == 0 ? "" : "f" + name(1).replacingOccurrences(of: "/", with: "").replacingOccurrences(of: "\u{0}", with: "") + "/"
            let alias = yamlString(round % 4 == 3 ? "/" + path(Int.random(in: 1...4, using: &random)) + "/" : path(Int.random(in: 1...4, using: &random)))
            var files = [
                "content/_index.md": "# Home\n",
                "content/\(folder)page.md": "---\ntitle: Page\naliases: [\(alias)]\n---\nText\n",
            ]
            if ![".", ".."].contains(fileName) {
                files["content/\(folder)\(fileName).md"] = "Text\n"
                files["content/\(folder)\(fileName).png"] = "PNG"
            }
            for (path, text) in files {
                do { try temporary.write(project + "/" + path, text) } catch { continue }  // A name the file system refuses.
            }
            let before = everything(in: temporary.root, except: "\(project)/output")
            let options = BuildOptions(projectDirectory: temporary.root.appendingPathComponent(project))
            let outcome: String
            do {
                _ = try await SiteBuilder.build(options)
                outcome = "built"
                built += 1
            } catch {
                outcome = error.description
            }
            let after = everything(in: temporary.root, except: "\(project)/output")
            #expect(after == before, "round \(round): something outside the output changed (\(outcome)); alias \(alias), files \(files.keys.sorted())")
            // Inside the output: only folders and regular files.
            let output = temporary.root.appendingPathComponent("\(project)/output").path
            guard let enumerator = FileManager.default.enumerator(atPath: output) else { continue }
            for case let path as String in enumerator {
                var info = stat()
                #expect(lstat(output + "/" + path, &info) == 0 && [S_IFDIR, S_IFREG].contains(info.st_mode & S_IFMT), "\(path)")
            }
        }
        #expect(built >= 3, "too few rounds built to tell anything")
    }

    /// Every entry under `root` (folders too, and links as links) with its bytes, leaving out
    /// the folder `except`, relative to `root`.
    func everything(in root: URL, except: String) -> [String: Data] {
        var found: [String: Data] = [:]
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                // The output, and the build cache and search memo beside it.
                let beside = (except as NSString).deletingLastPathComponent
                if child == except || ["cache", "known", "search", "markdown", "documents"].contains(where: { child == beside + "/.output.stacks-" + $0 }) { continue }
                var info = stat()
                guard lstat(root.path + "/" + child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    found[child + "/"] = Data()
                    walk(child)
                case S_IFREG: found[child] = FileManager.default.contents(atPath: root.path + "/" + child) ?? Data()
                default: found[child + "@"] = Data()
                }
            }
        }
        walk("")
        return found
    }
}
