/// The media type of a published file, by its extension: what a static host would send.
///
/// Text types carry `charset=utf-8`, which Stacks writes; unknown extensions are
/// `application/octet-stream`, which browsers download rather than guess at.
enum ContentType {
    static let html = "text/html; charset=utf-8"

    static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return fallback }
        return table[path[path.index(after: dot)...].lowercased()] ?? fallback
    }

    static let fallback = "application/octet-stream"

    static let table: [String: String] = [
        // Documents and data
        "html": html, "htm": html, "xhtml": "application/xhtml+xml",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "jsonld": "application/ld+json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "xsl": "application/xml", "xslt": "application/xslt+xml",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8",
        "ics": "text/calendar; charset=utf-8", "vcf": "text/vcard; charset=utf-8",
        "yaml": "application/yaml", "yml": "application/yaml", "toml": "application/toml",
        "pdf": "application/pdf", "rtf": "application/rtf",
        "epub": "application/epub+zip",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text",
        "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "odp": "application/vnd.oasis.opendocument.presentation",
        "wasm": "application/wasm",
        // Images
        "svg": "image/svg+xml", "svgz": "image/svg+xml",
        "png": "image/png", "apng": "image/apng",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "jfif": "image/jpeg", "pjpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif",
        "heic": "image/heic", "heif": "image/heif", "jxl": "image/jxl",
        "ico": "image/vnd.microsoft.icon", "cur": "image/x-icon", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff",
        // Fonts
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "ttc": "font/collection", "eot": "application/vnd.ms-fontobject",
        // Audio and video
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "oga": "audio/ogg", "ogg": "audio/ogg",
        "opus": "audio/ogg", "wav": "audio/wav", "flac": "audio/flac", "weba": "audio/webm", "mid": "audio/midi",
        "midi": "audio/midi",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "ogv": "video/ogg", "mov": "video/quicktime",
        "avi": "video/x-msvideo", "mpeg": "video/mpeg", "mpg": "video/mpeg", "mkv": "video/x-matroska",
        "vtt": "text/vtt; charset=utf-8", "srt": "application/x-subrip",
        // Archives and other downloads
        "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
        "bz2": "application/x-bzip2", "xz": "application/x-xz", "7z": "application/x-7z-compressed",
        "rar": "application/vnd.rar", "zst": "application/zstd",
        "glb": "model/gltf-binary", "gltf": "model/gltf+json", "stl": "model/stl", "obj": "model/obj",
        "usdz": "model/vnd.usdz+zip",
    ]
}
