// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "stacks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stacks", targets: ["stacks"]),
        .library(name: "StacksCore", targets: ["StacksCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // BLAKE2b for the build cache's and the memos' digests: libb2, the BLAKE2 authors' own
        // library (OpenSSL's EVP interface cost three times as much a digest, and a build makes
        // a hundred thousand small ones).
        .systemLibrary(
            name: "CBlake2",
            pkgConfig: "libb2",
            providers: [.apt(["libb2-dev"]), .brew(["libb2"])]
        ),
        // Snowball's stemmers: the site search's word forms (libstemmer has no pkg-config file).
        .systemLibrary(
            name: "CStemmer",
            providers: [.apt(["libstemmer-dev"]), .brew(["snowball"])]
        ),
        // Gumbo, an HTML5 parser: raw HTML in Markdown is parsed as a browser would, then sanitized.
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]
        ),
        // libvips' headers: pictures resized to the size they are shown, upright, in sRGB, without
        // metadata. Not linked: `CVipsLoader` opens libvips when the first picture is resized, so
        // glib's flags are the ones needed (libvips' would link it and its hundred libraries).
        .systemLibrary(
            name: "CVips",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        .target(name: "CVipsLoader", dependencies: ["CVips"]),
        // mimalloc, Microsoft's allocator, in place of glibc's for the `stacks` program (linked
        // before the C library, its malloc and free are the ones every library calls): a build
        // allocates millions of small strings and arrays on both cores, and with glibc's a
        // clean build of 10,000 items took a tenth to a sixth more CPU (Benchmarks/README.md,
        // "nineteenth session"). Only the program: the library and its tests keep the system's.
        .systemLibrary(
            name: "CMimalloc",
            providers: [.apt(["libmimalloc-dev"]), .brew(["mimalloc"])]
        ),
        .target(
            name: "StacksCore",
            dependencies: [
                "CCmark",
                "CGumbo",
                "CBlake2",
                "CStemmer",
                "CVipsLoader",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            exclude: ["README.md"],
            // TOMLKit extends Int, String and Array; only the file that imports it sees that.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .target(
            name: "StacksPreview",
            dependencies: [
                "StacksCore",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "stacks",
            dependencies: [
                "StacksCore",
                "StacksPreview",
                "CMimalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What both test targets share (a test target cannot depend on another).
        .target(name: "StacksTestSupport", dependencies: ["StacksCore"], path: "Tests/StacksTestSupport"),
        .testTarget(
            name: "StacksCoreTests",
            dependencies: ["StacksCore", "StacksTestSupport", "CVips", "CVipsLoader", .product(name: "Yams", package: "Yams")],
            exclude: ["Goldens"],  // read from the repository by path, not bundled
            // The tests draw and read their pictures with libvips' own functions.
            linkerSettings: [.linkedLibrary("vips")]
        ),
        .testTarget(name: "StacksPreviewTests", dependencies: ["StacksPreview", "StacksTestSupport"]),
    ]
)
