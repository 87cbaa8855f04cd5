/// How a diagnostic names a file or folder of the content: by its path below the content
/// folder as the user named it (`content/weather/rain.md`); the empty path names the folder.
func displayPath(_ relativePath: String, under displayRoot: String) -> String {
    relativePath.isEmpty ? displayRoot : displayRoot + "/" + relativePath
}
