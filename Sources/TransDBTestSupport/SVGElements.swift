import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an SVG image as an XML parser reads them, for tests that compare what an image
/// draws with what the engine computes.
public struct SVGElements: Sendable {
    /// One element: its name, its attributes, and its ancestors' `transform`s, outermost first.
    public struct Element: Sendable {
        /// The element's name (`rect`, `polyline`).
        public var name: String
        /// Its attributes.
        public var attributes: [String: String]
        /// The `transform` attributes of the elements that contain it, outermost first.
        public var enclosingTransforms: [String]

        /// The attribute `name` as a number, or `nil`.
        public func number(_ name: String) -> Double? { attributes[name].flatMap { Double($0) } }
    }

    /// Every element, in document order.
    public var elements: [Element]

    /// Parses `svg`; throws when it is not well-formed XML.
    public init(_ svg: String) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        guard parser.parse() else {
            throw ParseFailure(description: parser.parserError.map { String(describing: $0) } ?? "not well-formed XML")
        }
        elements = delegate.elements
    }

    /// The elements that carry the attribute `attribute`.
    public func elements(with attribute: String) -> [Element] {
        elements.filter { $0.attributes[attribute] != nil }
    }

    /// An image that is not well-formed XML.
    public struct ParseFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `translate(X Y)` and `scale(S)` of a transform list in order, as `(dx, dy)` and `s`:
    /// the only transforms the filmstrip puts on its frames.
    public static func translationAndScale(_ transforms: [String]) -> (dx: Double, dy: Double, scale: Double) {
        var result = (dx: 0.0, dy: 0.0, scale: 1.0)
        for transform in transforms {
            let numbers = transform.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
            if transform.hasPrefix("translate("), numbers.count == 2 {
                result.dx += result.scale * numbers[0]
                result.dy += result.scale * numbers[1]
            } else if transform.hasPrefix("scale("), numbers.count == 1 {
                result.scale *= numbers[0]
            }
        }
        return result
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var transforms: [String?] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: elementName, attributes: attributes, enclosingTransforms: transforms.compactMap { $0 }))
            transforms.append(attributes["transform"])
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            transforms.removeLast()
        }
    }
}
