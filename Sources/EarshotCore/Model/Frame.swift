/// A rectangle in points: `frame: [x, y, width, height]` in a scene file.
///
/// Root elements use screen coordinates; elements of a presentation use
/// coordinates relative to the presentation's top-left corner, so that a
/// sheet's content keeps its frames when the sheet changes detent.
public struct Frame: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The frame moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Frame {
        Frame(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest frame holding both.
    public func union(_ other: Frame) -> Frame {
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        return Frame(x: minX, y: minY,
                     width: Swift.max(maxX, other.maxX) - minX,
                     height: Swift.max(maxY, other.maxY) - minY)
    }

    /// Whether `other` lies wholly inside this frame (edges included).
    public func contains(_ other: Frame) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the point lies inside this frame (leading and top edges included).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && py >= y && px < maxX && py < maxY
    }
}
