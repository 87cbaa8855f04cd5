import Foundation

/// `stacks init`: a new catalog with the example content, ready to build.
public enum CatalogTemplate {
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `content/` and a commented `stacks.yml` into `directory`, which must be new or empty.
    public static func create(at directory: URL) throws {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: directory.path), !entries.isEmpty {
            throw Refusal(description: "\(directory.path) is not empty; choose a new folder")
        }
        for (path, text) in ExampleCatalog.files {
            let url = directory.appendingPathComponent("content").appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data(starterConfig.utf8).write(to: directory.appendingPathComponent(ProjectReader.configName))
    }

    static let starterConfig = """
        # Stacks configuration. Command-line flags override these settings.
        title: My Catalog
        # baseURL: https://example.org/catalog/   # enables sitemap.xml and canonical links
        language: en
        layout:
          columns: automatic        # automatic | all | doubleColumn | detailOnly
          style: prominentDetail    # prominentDetail | balanced
          breakpoints:
            medium: 720
            wide: 1200
        markdown:
          unsafe: false             # true lets raw HTML in Markdown through
          smart: true               # curly quotes and dashes

        """
}
