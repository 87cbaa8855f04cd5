import Foundation

/// `stacks build` and `stacks check`: read, run the pipeline, write (or not).
public enum SiteBuilder {
    public struct Summary: Sendable, CustomStringConvertible {
        public var pages: Int
        public var files: Int
        public var bytes: Int
        public var milliseconds: Int
        public var output: String?
        public var warnings: [Diagnostic]

        public var description: String {
            let place = output.map { " into \($0)/" } ?? ""
            let verb = output == nil ? "Checked" : "Built"
            return "\(verb) \(pages) pages and \(files) files\(place) in \(milliseconds) ms"
        }
    }

    /// Builds the site; throws `Diagnostics` (every problem) when anything is wrong,
    /// leaving the previous output untouched.
    public static func build(_ options: BuildOptions, write: Bool = true) async throws(Diagnostics) -> Summary {
        let start = ContinuousClock.now
        let (input, outputURL) = ProjectReader.read(options)
        let config = input.config
        let prepared = try await Pipeline.prepare(taking: consume input)
        let renderer = prepared.renderer
        // The resolve stage's and the lists' temporaries are gone; the render does not need their room.
        FreedMemory.release()
        guard write else {
            _ = await Parallel.map(0..<renderer.pageCount, state: { TemplateStamps() }) { stamps, index in
                renderer.renderPage(index, stamps: &stamps).count
            }
            return Summary(pages: renderer.pageCount, files: renderer.site.catalog.assets.count, bytes: 0,
                           milliseconds: elapsed(since: start), output: nil, warnings: prepared.warnings)
        }
        let writer = OutputWriter(
            output: outputURL,
            protected: [options.url(config.paths.content), options.url(config.paths.templates)],
            display: config.paths.output)
        let contentRoot = options.url(config.paths.content)
        do {
            let (files, bytes) = try await writer.replace { staging, previous in
                try await SiteWriter(root: staging, previous: previous).write(prepared, contentRoot: contentRoot)
            }
            return Summary(pages: renderer.pageCount, files: files, bytes: bytes, milliseconds: elapsed(since: start),
                           output: config.paths.output, warnings: prepared.warnings)
        } catch let error as Diagnostics {
            throw error
        } catch let failure as WriteFailure {
            throw Diagnostics([failure.diagnostic(output: config.paths.output, content: config.paths.content)])
        } catch {
            // `localizedDescription` of a Swift error on Linux says only "could not be completed".
            throw Diagnostics([.error(config.paths.output, "cannot write the site: \(error)")])
        }
    }

    static func elapsed(since start: ContinuousClock.Instant) -> Int {
        Int((ContinuousClock.now - start).wholeMilliseconds)
    }
}
