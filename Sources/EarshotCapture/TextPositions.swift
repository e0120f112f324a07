/// Lines and columns in a UTF-8 text, and the byte where a line and column are, found in time
/// linear in the text over lookups made in the text's order (as a parser makes them), however
/// long its lines: a whole page source on one line costs no more than the same on many.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (as XML reads them); columns count Unicode scalars
/// from 1 (as libxml2 reports them), a byte order mark before the first line not among them. A lookup counts on from the last one when it is on the same
/// line and not far behind it, else from its line's start (found by binary search).
///
/// ```swift
/// var positions = TextPositions(Array("ab\r\ncé<d".utf8))
/// positions.offset(line: 2, column: 3)    // 6, the byte of "<" ("é" takes two)
/// positions.location(of: 6)               // (line: 2, column: 3)
/// ```
package struct TextPositions {
    package let bytes: [UInt8]
    /// The byte each line starts at; the first is 0.
    package let lineStarts: [Int]
    /// Bytes stepped over by lookups so far: for tests that a document's lookups are linear.
    package private(set) var steps = 0
    /// The last position found, counted on from by the next lookup on its line.
    private var cursor = (offset: 0, line: 1, column: 1)

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [mark]
        var index = mark
        cursor = (mark, 1, 1)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// Where line `line` starts and ends (before its line break), clamped to the text's lines.
    package func lineRange(_ line: Int) -> Range<Int> {
        let row = min(max(line, 1), lineStarts.count)
        let start = lineStarts[row - 1]
        var end = row < lineStarts.count ? lineStarts[row] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte at `column` (Unicode scalars from 1) of `line`, clamped to the line's end.
    package mutating func offset(line: Int, column: Int) -> Int {
        let row = min(max(line, 1), lineStarts.count)
        let range = lineRange(row)
        var (offset, counted) = (range.lowerBound, 1)
        if cursor.line == row, cursor.column <= column, cursor.offset >= range.lowerBound {
            (offset, counted) = (cursor.offset, cursor.column)
        }
        while counted < column, offset < range.upperBound {
            offset += 1
            steps += 1
            while offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 {
                offset += 1
                steps += 1
            }
            counted += 1
        }
        cursor = (offset, row, counted)
        return offset
    }

    /// The line and column of the byte at `offset` (the start of its scalar).
    package mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, lineStarts[0]), bytes.count)
        // The last line starting at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let line = low + 1
        let start = lineStarts[low]
        var column: Int
        if cursor.line == line, cursor.offset >= start, cursor.offset - offset <= offset - start {
            // From the last position, forwards or (a few bytes) backwards.
            column = cursor.column
            var index = cursor.offset
            while index < offset {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
                steps += 1
            }
            while index > offset {
                index -= 1
                steps += 1
                if bytes[index] & 0xC0 != 0x80 { column -= 1 }
            }
        } else {
            column = 1
            for index in start..<offset where bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            steps += offset - start
        }
        cursor = (offset, line, column)
        return (line, column)
    }
}
