import TOMLKit

/// TOML front matter (between `+++` lines, as Hugo and Zola write it), composed into nodes the
/// YAML key reader reads, so every key means the same in either language.
///
/// TOMLKit gives no positions for values and returns a table's keys sorted, not as written;
/// `TOMLKeyPositions` finds both in the text, which toml++ has already accepted.
enum TOMLFrontMatter {
    struct ParseError: Error, Equatable {
        /// Within the TOML text, 1-based.
        var line: Int
        var column: Int
        var message: String
    }

    static func compose(_ toml: String) -> Result<TOMLNode, ParseError> {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return .failure(ParseError(line: max(error.source.begin.line, 1), column: max(error.source.begin.column, 1),
                                       message: error.description))
        } catch {
            return .failure(ParseError(line: 1, column: 1, message: "\(error)"))
        }
        let positions = TOMLKeyPositions(toml)
        let root = TOMLKeyPositions.Position(line: 1, column: 1, keyColumn: 1, offset: 0)
        return .success(node(table, path: [], at: root, positions: positions))
    }

    private static func node(_ value: TOMLValueConvertible, path: [String], at position: TOMLKeyPositions.Position,
                             positions: TOMLKeyPositions) -> TOMLNode {
        let line = position.line, column = position.column
        if let table = value.table {
            var pairs: [(key: TOMLNode, value: TOMLNode)] = []
            var order: [TOMLKeyPositions.Position] = []
            for (key, child) in table {
                let childPath = path + [key]
                let childPosition = positions.byPath[childPath] ?? positions.find(key, after: position) ?? position
                order.append(childPosition)
                pairs.append((TOMLNode(.text(key), line: childPosition.line, column: childPosition.keyColumn),
                              node(child, path: childPath, at: childPosition, positions: positions)))
            }
            // As written, not as toml++ sorts them: `attributes` is a table whose order shows.
            let written = zip(order, pairs).enumerated().sorted {
                ($0.element.0.offset, $0.offset) < ($1.element.0.offset, $1.offset)
            }.map(\.element.1)
            return TOMLNode(.table(written), line: line, column: column)
        }
        if let array = value.array {
            // Elements have no position of their own: they point at the array.
            return TOMLNode(.list(array.map { node($0, path: path, at: position, positions: positions) }),
                            line: line, column: column)
        }
        if let text = value.string { return TOMLNode(.text(text), line: line, column: column) }
        if let flag = value.bool { return TOMLNode(.flag(flag), line: line, column: column) }
        if let number = value.int { return TOMLNode(.other(String(number)), line: line, column: column) }
        if let number = value.double { return TOMLNode(.other(String(number)), line: line, column: column) }
        if let date = value.date { return TOMLNode(.other(text(date)), line: line, column: column) }
        if let time = value.time { return TOMLNode(.other(text(time)), line: line, column: column) }
        if let dateTime = value.dateTime {
            var written = text(dateTime.date) + "T" + text(dateTime.time)
            if let offset = dateTime.offset?.offset {
                written += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + twoDigits(abs(offset) / 60) + ":" + twoDigits(abs(offset) % 60)
            }
            return TOMLNode(.other(written), line: line, column: column)
        }
        return TOMLNode(.other(""), line: line, column: column)
    }

    /// `2024-05-31`, the form front matter writes a date in.
    private static func text(_ date: TOMLDate) -> String {
        String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year) + "-"
            + twoDigits(date.month) + "-" + twoDigits(date.day)
    }

    private static func text(_ time: TOMLTime) -> String {
        var written = twoDigits(time.hour) + ":" + twoDigits(time.minute) + ":" + twoDigits(time.second)
        if time.nanoSecond > 0 {
            let digits = String(time.nanoSecond)
            written += "." + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
            while written.last == "0" { written.removeLast() }
        }
        return written
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0" + String(number) : String(number)
    }
}

/// A TOML value as `KeyReader` reads it.
struct TOMLNode: FrontMatterNode {
    enum Value {
        case text(String)
        case flag(Bool)
        /// A number, date or time, as TOML writes it.
        case other(String)
        case list([TOMLNode])
        case table([(key: TOMLNode, value: TOMLNode)])
    }

    var value: Value
    var markLine: Int
    var markColumn: Int

    init(_ value: Value, line: Int, column: Int) {
        self.value = value
        markLine = line
        markColumn = column
    }

    var scalarText: String? {
        switch value {
        case .text(let text), .other(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list, .table: nil
        }
    }

    /// TOML values are typed: `title = 3` and `tags = 3` are not text.
    var text: String? {
        if case .text(let text) = value { return text }
        return nil
    }

    var flag: Bool? {
        if case .flag(let flag) = value { return flag }
        return nil
    }

    var elements: [TOMLNode]? {
        if case .list(let elements) = value { return elements }
        return nil
    }

    var pairs: [(key: TOMLNode, value: TOMLNode)]? {
        if case .table(let pairs) = value { return pairs }
        return nil
    }
}

/// Where each key of a TOML text is written: `key = value` lines under `[table]` headers, found
/// line by line. The text has been parsed already, so this only needs to find, not to check.
struct TOMLKeyPositions {
    struct Position {
        /// 1-based; the column of the value (in Unicode scalars), and of the key.
        var line: Int
        var column: Int
        var keyColumn: Int
        /// The value's offset in the text's UTF-8, for the order keys are written in.
        var offset: Int
    }

    /// The first place each key path (`["attributes", "Colour"]`) is written.
    private(set) var byPath: [[String]: Position] = [:]
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        var table: [String] = []
        /// Inside a multi-line string, whose lines are not keys.
        var openQuote: [UInt8]?
        for (lineIndex, start) in starts.enumerated() {
            let end = lineIndex + 1 < starts.count ? starts[lineIndex + 1] - 1 : bytes.count
            let line = Array(bytes[start..<end])
            if let quote = openQuote {
                if Self.count(quote, in: line) % 2 == 1 { openQuote = nil }
                continue
            }
            var scanner = KeyScanner(line)
            scanner.skipSpace()
            if scanner.peek == UInt8(ascii: "[") {
                let headerColumn = scanner.index
                while scanner.peek == UInt8(ascii: "[") { scanner.index += 1 }
                guard let parts = scanner.dottedKey() else { continue }
                table = parts
                let position = self.position(line: lineIndex, byte: headerColumn, keyByte: headerColumn)
                if byPath[parts] == nil { byPath[parts] = position }
                continue
            }
            let keyByte = scanner.index
            guard let parts = scanner.dottedKey() else { continue }
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: "=") else { continue }
            scanner.index += 1
            scanner.skipSpace()
            let path = table + parts
            if byPath[path] == nil { byPath[path] = position(line: lineIndex, byte: scanner.index, keyByte: keyByte) }
            for quote in [Array(#"""""#.utf8), Array("'''".utf8)] where Self.count(quote, in: line) % 2 == 1 {
                openQuote = quote
            }
        }
    }

    /// A key of an inline table: its first `key =` after where the table's value starts.
    func find(_ key: String, after parent: Position) -> Position? {
        let candidates = [Array(key.utf8), Array(("\"" + key + "\"").utf8), Array(("'" + key + "'").utf8)]
        var index = parent.offset
        while index < bytes.count {
            for candidate in candidates where bytes[index...].starts(with: candidate) {
                var after = index + candidate.count
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
                guard after < bytes.count, bytes[after] == UInt8(ascii: "=") else { continue }
                after += 1
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
                let line = (lineStarts.lastIndex(where: { $0 <= index }) ?? 0)
                return position(line: line, byte: after - lineStarts[line], keyByte: index - lineStarts[line])
            }
            index += 1
        }
        return nil
    }

    private func position(line: Int, byte: Int, keyByte: Int) -> Position {
        let start = lineStarts[line]
        func column(_ byte: Int) -> Int {
            // Unicode scalars, as Yams counts: every byte that does not continue a sequence.
            bytes[start..<min(start + byte, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        }
        return Position(line: line + 1, column: column(byte), keyColumn: column(keyByte), offset: start + byte)
    }

    private static func count(_ quote: [UInt8], in line: [UInt8]) -> Int {
        var count = 0, index = 0
        while index + quote.count <= line.count {
            if line[index...].starts(with: quote) {
                count += 1
                index += quote.count
            } else {
                index += 1
            }
        }
        return count
    }
}

/// Reads the key of a TOML line: bare, "quoted" or 'literal' parts joined by dots.
private struct KeyScanner {
    let line: [UInt8]
    var index = 0

    init(_ line: [UInt8]) {
        self.line = line
    }

    var peek: UInt8? { index < line.count ? line[index] : nil }

    mutating func skipSpace() {
        while let byte = peek, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    mutating func dottedKey() -> [String]? {
        var parts: [String] = []
        while true {
            skipSpace()
            guard let part = key() else { return nil }
            parts.append(part)
            skipSpace()
            guard peek == UInt8(ascii: ".") else { return parts }
            index += 1
        }
    }

    private mutating func key() -> String? {
        guard let first = peek else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            index += 1
            let start = index
            while let byte = peek, byte != first {
                index += byte == UInt8(ascii: "\\") && first == UInt8(ascii: "\"") ? 2 : 1
            }
            guard index < line.count else { return nil }
            let text = String(decoding: line[start..<index], as: UTF8.self)
            index += 1
            return text
        }
        let start = index
        while let byte = peek, Self.isBare(byte) { index += 1 }
        return index > start ? String(decoding: line[start..<index], as: UTF8.self) : nil
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
