import CVips
import CVipsLoader
import Foundation
import Testing
@testable import StacksCore

/// What a 12-megapixel photo costs, in CPU time of the whole process (libvips' threads
/// included). Opt-in, and alone, since other tests would share the process's CPU time:
///
///     STACKS_IMAGE_BENCHMARK=1 swift test --filter ImageVariantsBenchmark
///
/// (`Benchmarks/images-variants.sh` runs it.) Prints a table; asserts nothing.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STACKS_IMAGE_BENCHMARK"] != nil), .serialized)
struct ImageVariantsBenchmark {
    static let widths = [400, 800, 1200, 1600]
    static let runs = 7

    /// CPU milliseconds of the process while `work` runs: the median of `runs`.
    static func cpuMilliseconds(_ work: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
            try work()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
            times.append(Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000)
        }
        return times.sorted()[runs / 2]
    }

    static func report(_ label: String, _ milliseconds: Double) {
        print(label.padding(toLength: 72, withPad: " ", startingAt: 0), String(format: "%6.0f ms", milliseconds))
    }

    /// A photo as a phone writes it: 4000 × 3000, JPEG at quality 92.
    static let photo: [UInt8] = {
        let image = try! ImageFixtures.vipsImage(ImageFixtures.photo(width: 4000, height: 3000))
        var data: UnsafeMutableRawPointer?
        var length = 0
        precondition(stacks_vips_jpegsave(image.pointer, &data, &length, 92) == 0)
        defer { stacks_vips_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }()

    @Test func twelveMegapixelPhoto() throws {
        let photo = Self.photo
        let portrait = ImageFixtures.withMetadata(photo, orientation: 6)
        print("12-megapixel JPEG: \(photo.count / 1000) kB; widths \(Self.widths), thumbnail 2 × 80 px square")
        let variants = ImageVariants.Request(widths: Self.widths)
        let everything = ImageVariants.Request(widths: Self.widths, thumbnail: .square(80))
        let withFallback = ImageVariants.Request(widths: Self.widths, fallbackWidth: 1200, thumbnail: .square(80))

        Self.report("ImageProbe.read (header only)", try Self.cpuMilliseconds { _ = try ImageProbe.read(photo) })
        Self.report("WebP variants, one decode", try Self.cpuMilliseconds { _ = try ImageVariants.make(from: photo, variants) })
        Self.report("WebP variants + thumbnail 1x, 2x (the issue's budget: 150)", try Self.cpuMilliseconds { _ = try ImageVariants.make(from: photo, everything) })
        Self.report("  … at 400, 800, 1200 only", try Self.cpuMilliseconds {
            _ = try ImageVariants.make(from: photo, .init(widths: [400, 800, 1200], thumbnail: .square(80)))
        })
        Self.report("  … + JPEG fallback at 1200", try Self.cpuMilliseconds { _ = try ImageVariants.make(from: photo, withFallback) })
        // Turned upright, a 3000-pixel-wide portrait: its variants at the same widths are 16/9 the pixels.
        Self.report("  … a portrait (EXIF orientation 6) with an ICC profile", try Self.cpuMilliseconds { _ = try ImageVariants.make(from: portrait, everything) })

        // The other way: a shrink-on-load decode for each width. libjpeg shrinks by 2, 4 or 8
        // only where at least twice that is left to the resize, so 1200 and 1600 decode in full.
        Self.report("WebP variants, a decode each", try Self.cpuMilliseconds {
            for width in Self.widths {
                try photo.withImageBytes { (buffer) throws(ImageError) in
                    let image = try VipsImageReference(.malformed, "") {
                        stacks_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, Int32(width), STACKS_VIPS_MAX_COORD)
                    }
                    _ = try EncodedImage(encoding: image, as: .webp)
                }
            }
        })

        // Where the time goes: the decode to 1600 (as is, turned, converted by its profile), and
        // the encoders at each of libwebp's efforts.
        for (label, file) in [("", photo), (", the portrait (1600 × 2133)", portrait)] {
            let source = try ImageProbe.read(file)
            Self.report("  decode to 1600\(label)", try Self.cpuMilliseconds {
                try file.withImageBytes { (buffer) throws(ImageError) in
                    let resized = try ImageVariants.resize(buffer, source, to: 1600, "")
                    _ = try ImageVariants.inMemoryInSRGB(resized, "")
                }
            })
        }
        let plain = try photo.withImageBytes { (buffer) throws(ImageError) -> OpaquePointer? in
            let resized = try VipsImageReference(.malformed, "") {
                stacks_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, 1600, STACKS_VIPS_MAX_COORD)
            }
            return stacks_vips_copy_memory(resized.pointer)
        }
        let withProfile = VipsImageReference(try #require(plain))
        vips_image_set_blob_copy(withProfile.vips, "icc-profile-data", ImageFixtures.iccProfile(), ImageFixtures.iccProfile().count)
        Self.report("  convert the decoded 1600 to sRGB by its ICC profile", try Self.cpuMilliseconds {
            let converted = try VipsImageReference(.failed, "") { stacks_vips_icc_to_srgb(withProfile.pointer, $0) }
            converted.withCopy { stacks_vips_copy_memory($0) }
        })

        let decoded = try photo.withImageBytes { (buffer) throws(ImageError) -> OpaquePointer? in
            let resized = try VipsImageReference(.malformed, "") {
                stacks_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, 1600, STACKS_VIPS_MAX_COORD)
            }
            return stacks_vips_copy_memory(resized.pointer)
        }
        let image = VipsImageReference(try #require(decoded))
        // The encoders at each effort, from the same pixels: WebP, and AVIF (`images.avif`).
        typealias Save = (OpaquePointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>, Int32) -> Int32
        let encoders: [(name: String, efforts: [Int32], used: Int32, save: Save)] = [
            ("WebP q80", [0, 1, 2, 3, 4], EncodedImage.webPEffort, { stacks_vips_webpsave($0, $1, $2, 80, $3) }),
            ("AVIF q\(EncodedImage.avifQuality)", [0, 1, 2, 4], EncodedImage.avifEffort,
             { stacks_vips_avifsave($0, $1, $2, EncodedImage.avifQuality, $3) }),
        ]
        for encoder in encoders {
            var sizes: [Int32: Int] = [:]
            for effort in encoder.efforts {
                Self.report("  \(encoder.name) effort \(effort): 4 widths from the decoded 1600" + (effort == encoder.used ? " (used)" : ""),
                            try Self.cpuMilliseconds {
                    var bytes = 0
                    for width in Self.widths {
                        let resized = try VipsImageReference(.failed, "") {
                            stacks_vips_thumbnail_image(image.pointer, $0, Int32(width), STACKS_VIPS_MAX_COORD, STACKS_VIPS_CROP_NONE)
                        }
                        var data: UnsafeMutableRawPointer?
                        var length = 0
                        #expect(encoder.save(resized.pointer, &data, &length, effort) == 0)
                        bytes += length
                        stacks_vips_free(data)
                    }
                    sizes[effort] = bytes
                })
            }
            print("    \(encoder.name): the four files' sizes by effort:",
                  sizes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value / 1000) kB" }.joined(separator: ", "))
        }
        for (name, crop) in [("centre", STACKS_VIPS_CROP_CENTRE), ("attention", STACKS_VIPS_CROP_ATTENTION)] {
            Self.report("  thumbnail crop \(name), 160 px, from the decoded 1600", try Self.cpuMilliseconds {
                _ = try VipsImageReference(.failed, "") { stacks_vips_thumbnail_image(image.pointer, $0, 160, 160, crop) }
                    .withCopy { stacks_vips_copy_memory($0) }
            })
        }
    }
}

private extension VipsImageReference {
    /// Computes the image's pixels and drops them.
    func withCopy(_ copy: (OpaquePointer) -> OpaquePointer?) {
        if let memory = copy(pointer) { stacks_vips_release(memory) }
    }
}
