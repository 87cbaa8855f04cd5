/// Every page's body HTML after the resolve stage (links in root-marker form), by page index.
///
/// `stacks serve` holds them in memory and patches them. A build writes each to a spill file
/// as the resolver makes it and reads it back when its page is rendered: a large catalog then
/// never holds all its HTML, which at 100,000 pages was a third of the build's peak memory.
/// The file (`Disk/BodySpill`) is unlinked as soon as it is made, so it leaves nothing behind,
/// even when the build is killed; the system keeps its pages in its file cache, free to let
/// them go.
public struct PageBodies: Sendable {
    private enum Storage: Sendable {
        case held([String])
        case spilled(BodySpill)
    }

    private var storage: Storage
    /// By page index, what stands for a body's bytes where the resolve made it from what the
    /// body is made of (`SiteResolver.resolveLinks(of:markdown:targets:parseKey:)`); `nil`: the
    /// bytes' own digest.
    private var digests: [Digest?] = []
    /// By page index, what goes in place of the body's links when it is read (a build's, kept
    /// beside the parsed HTML: `LinkSubstitution`); empty: the bodies are as stored.
    private var substitutions = LinkSubstitution.Table()

    public init(_ bodies: [String] = []) {
        storage = .held(bodies)
    }

    /// The digest that stands for body `index`: equal digests, equal bodies. Made from what the
    /// body was made of when the resolve knew it, else from its bytes (read back, when spilled).
    func digest(_ index: Int) -> Digest {
        if index < digests.count, let digest = digests[index] { return digest }
        return Digest(of: self[index])
    }

    public var count: Int {
        switch storage {
        case .held(let bodies): bodies.count
        case .spilled(let spill): spill.spans.count
        }
    }

    public subscript(index: Int) -> String {
        let stored = switch storage {
        case .held(let bodies): bodies[index]
        case .spilled(let spill): spill.body(index)
        }
        return substitutions.apply(index, to: stored) ?? stored
    }

    /// These bodies, the parse's, as the resolve made them: each with its `substitutions`
    /// applied when read, and `digests` standing for them (`digest(_:)`).
    func substituting(_ substitutions: LinkSubstitution.Table, digests: [Digest?]) -> PageBodies {
        var bodies = self
        bodies.substitutions = substitutions
        bodies.digests = digests
        return bodies
    }

    /// Page `index`'s body replaced (`stacks serve`, whose bodies are held).
    mutating func replace(_ index: Int, with html: String) {
        guard case .held(var bodies) = storage else { preconditionFailure("spilled bodies are not patched") }
        if index < digests.count { digests[index] = nil }
        substitutions.remove(index)
        storage = .held([])
        bodies[index] = html
        storage = .held(bodies)
    }

    /// Collects bodies in page order: in memory, or, past `allowance` bytes (`BodySpill`), in a
    /// spill file in `folder` when it is given and a file can be made there.
    struct Collector {
        private var held: [String] = []
        private var spill: BodySpill.Writer?
        private var digests: [Digest?] = []

        init(count: Int, spillingIn folder: String?, allowance: Int = BodySpill.allowance) {
            spill = folder.map { BodySpill.Writer(folder: $0, allowance: allowance, count: count) }
            if spill == nil { held.reserveCapacity(count) }
            expected = count
        }

        /// How many bodies will come: the digests' room is made for them all at once (grown by
        /// doubling, a million pages' left up to half of it unused).
        private let expected: Int

        /// `digest`: what stands for the body's bytes (`PageBodies.digest(_:)`), if known.
        mutating func append(_ html: String, digest: Digest?) {
            note(digest)
            appendBody(html)
        }

        /// The digest of the body appended next.
        private mutating func note(_ digest: Digest?) {
            if digest != nil || !digests.isEmpty {
                if digests.isEmpty { digests.reserveCapacity(max(expected, count + 1)) }
                if digests.count < count { digests += repeatElement(nil, count: count - digests.count) }
                digests.append(digest)
            }
        }

        mutating func append(_ html: String) {
            append(html, digest: nil)
        }

        /// A body left where it was found (`HeldBytes`): in the spill, only where it is; held,
        /// read now.
        mutating func append(_ kept: HeldBytes) {
            guard spill != nil else { return append(BodySpill.read(kept)) }
            note(nil)
            spill!.append(kept)
        }

        private var count: Int { spill?.count ?? held.count }

        private mutating func appendBody(_ html: String) {
            if spill != nil {
                if spill!.append(html) { return }
                // The file could not take it (a full disk): the bodies come back to memory.
                held = spill.take()!.takeAll()
                return
            }
            held.append(html)
        }

        consuming func finished() -> PageBodies {
            var bodies = PageBodies()
            // Within the allowance, bodies held as those of a build without a spill folder.
            if var writer = spill.take() {
                if !writer.isAllInMemory, let file = writer.finished() {
                    bodies.storage = .spilled(file)
                    bodies.digests = digests
                    return bodies
                }
                held = writer.takeAll()
            }
            bodies.storage = .held(held)
            bodies.digests = digests
            return bodies
        }
    }
}
