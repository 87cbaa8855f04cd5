/// A planned picture's files (`ResponsiveImages.Plan`): from the image cache, else made by the
/// image library and kept there, else the original's own bytes under each name — for a
/// picture the library leaves as it is (an animation) or cannot read, with a warning for the
/// latter — so that every `srcset` and `src` a page names is there.
package enum PublishedImages {
    package struct Made: Sendable {
        /// In the order of `Plan.paths`: the variants, the re-encoding, the thumbnail's two sizes.
        package var files: [[UInt8]]
        package var warning: Diagnostic?
        /// Whether the image library made them now (not the cache, nor the original's bytes).
        package var decoded: Bool
        /// What the cache keeps them under, when they were made now and not kept yet.
        package var key: String? = nil
    }

    /// The files of `plan` from the original's `bytes`; `display` names the original in a warning.
    /// `keeps`: whether what is made goes into `cache` at once (the preview); a build keeps
    /// them once it has succeeded (`ImageCache.keep(publishedAt:key:)`), from `Made.key`.
    package static func files(of plan: ResponsiveImages.Plan, original bytes: [UInt8], display: String, cache: ImageCache?,
                              keeps: Bool = true) -> Made {
        let request = ResponsiveImages.request(plan)
        let count = plan.paths.count
        let library: String
        do {
            library = try ImageLibrary.version()
        } catch {
            return Made(files: Array(repeating: bytes, count: count), warning: .warning(display, "\(error.message); published as it is"), decoded: false)
        }
        let key = ImageCache.key(of: bytes, request: request, library: library)
        if let kept = cache?.files(key, count: count) { return Made(files: kept, warning: nil, decoded: false) }
        let outcome: ImageVariants.Outcome
        do {
            outcome = try ImageVariants.make(from: bytes, request)
        } catch {
            return Made(files: Array(repeating: bytes, count: count), warning: .warning(display, "\(error.message); published as it is"), decoded: false)
        }
        switch outcome {
        case .made(let made) where made.variants.count == plan.variants.count && made.fallback != nil
                                   && (plan.thumbnail == nil || made.thumbnail != nil)
                                   && made.avifVariants.count == plan.avifVariants.count:
            var files = made.variants.map(\.bytes) + [made.fallback!.bytes]
            if plan.thumbnail != nil, let thumbnail = made.thumbnail {
                // A picture too small for a 2x tile has one size: the same bytes under both names.
                files += [thumbnail.oneX.bytes, (thumbnail.twoX ?? thumbnail.oneX).bytes]
            }
            files += made.avifVariants.map(\.bytes)
            if keeps { cache?.keep(files, key: key) }
            return Made(files: files, warning: nil, decoded: true, key: keeps ? nil : key)
        case .made:
            // The header's size was not the file's (a picture disguised as a larger one): the
            // widths planned from it are not the ones made.
            return Made(files: Array(repeating: bytes, count: count),
                        warning: .warning(display, "its size is not the one its header says; published as it is"), decoded: false)
        case .leaveAsIs:
            return Made(files: Array(repeating: bytes, count: count), warning: nil, decoded: false)
        }
    }
}
