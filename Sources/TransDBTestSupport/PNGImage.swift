/// A PNG read back to pixels, to check what a screenshot shows (Foundation on Linux has no image
/// decoder). Reads 8-bit greyscale, grey with alpha, RGB and RGBA images, not interlaced: what
/// Chromium's screenshots are.
public struct PNGImage: Sendable {
    /// Why a file could not be read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A pixel's colour, 8 bits a channel.
    public struct Color: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        /// `#rrggbb`.
        public init?(hex: String) {
            let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xff), blue: UInt8(value & 0xff))
        }

        /// Whether no channel (alpha included) differs from `other` by more than `tolerance`.
        public func isClose(to other: Color, tolerance: Int) -> Bool {
            abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
                && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
        }

        public var description: String {
            let hex = [red, green, blue].map { channel in
                let digits = String(channel, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            return "#" + hex.joined() + (alpha == 255 ? "" : " alpha \(alpha)")
        }
    }

    public let width: Int
    public let height: Int
    /// Every pixel, row by row from the top.
    public let pixels: [Color]
    /// How many pixels have each colour.
    public let histogram: [Color: Int]

    /// Decodes the bytes of a PNG file.
    public init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) else {
            throw Failure(description: "not a PNG file")
        }
        var offset = 8
        var header: [UInt8]?
        var compressed: [UInt8] = []
        func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= bytes.count {
            let length = uint32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "chunk \(type) runs past the end") }
            let data = bytes[offset + 8..<offset + 8 + length]
            switch type {
            case "IHDR": header = Array(data)
            case "IDAT": compressed += data
            case "IEND": offset = bytes.count
            default: break
            }
            offset += 12 + length
        }
        guard let header, header.count == 13 else { throw Failure(description: "no IHDR chunk") }
        func field(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = field(0)
        height = field(4)
        let (depth, colorType, interlace) = (header[8], header[9], header[12])
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw Failure(description: "colour type \(colorType) is not read here")
        }
        guard depth == 8, interlace == 0 else { throw Failure(description: "bit depth \(depth), interlace \(interlace) are not read here") }
        guard width > 0, height > 0, width * height <= 50_000_000 else { throw Failure(description: "size \(width)×\(height)") }

        let raw = try Inflater.zlib(compressed)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else {
            throw Failure(description: "\(raw.count) bytes of image data for \(width)×\(height)×\(channels)")
        }
        // Undo each row's filter (PNG specification, section 9).
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1
            let row = y * stride
            for i in 0..<stride {
                let x = Int(raw[source + i])
                let a = i >= channels ? Int(rows[row + i - channels]) : 0
                let b = y > 0 ? Int(rows[row - stride + i]) : 0
                let c = i >= channels && y > 0 ? Int(rows[row - stride + i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure(description: "filter type \(filter) in row \(y)")
                }
                rows[row + i] = UInt8((x + predictor) & 0xff)
            }
        }
        var pixels: [Color] = []
        pixels.reserveCapacity(width * height)
        for index in 0..<(width * height) {
            let p = index * channels
            switch channels {
            case 1: pixels.append(Color(red: rows[p], green: rows[p], blue: rows[p]))
            case 2: pixels.append(Color(red: rows[p], green: rows[p], blue: rows[p], alpha: rows[p + 1]))
            case 3: pixels.append(Color(red: rows[p], green: rows[p + 1], blue: rows[p + 2]))
            default: pixels.append(Color(red: rows[p], green: rows[p + 1], blue: rows[p + 2], alpha: rows[p + 3]))
            }
        }
        self.pixels = pixels
        histogram = pixels.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// The pixel in column `x` of row `y` (0 at the top left).
    public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }

    /// How many pixels are within `tolerance` of `color` on every channel.
    public func count(near color: Color, tolerance: Int = 4) -> Int {
        histogram.reduce(0) { $0 + ($1.key.isClose(to: color, tolerance: tolerance) ? $1.value : 0) }
    }

    /// How many pixels of the rectangle (clipped to the image) are within `tolerance` of `color`.
    public func count(near color: Color, tolerance: Int = 4, x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in max(0, y)..<max(max(0, y), min(self.height, y + height)) {
            for column in max(0, x)..<max(max(0, x), min(self.width, x + width))
            where self[column, row].isClose(to: color, tolerance: tolerance) {
                count += 1
            }
        }
        return count
    }
}

/// Deflate (RFC 1951) in a zlib stream (RFC 1950), as PNG stores its image data: a direct
/// transcription of zlib's reference decoder `puff.c`, which favours being plainly right over speed.
enum Inflater {
    static func zlib(_ input: [UInt8]) throws -> [UInt8] {
        guard input.count >= 6, input[0] & 0x0f == 8, (Int(input[0]) << 8 | Int(input[1])) % 31 == 0, input[1] & 0x20 == 0 else {
            throw PNGImage.Failure(description: "not a zlib stream")
        }
        var state = State(input: input, position: 2)
        try state.inflate()
        let output = state.output
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in output {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let end = state.position
        guard end + 4 <= input.count, input[end..<end + 4].reduce(UInt32(0), { $0 << 8 | UInt32($1) }) == b << 16 | a else {
            throw PNGImage.Failure(description: "the image data's Adler-32 checksum does not match")
        }
        return output
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: ArraySlice<Int>) throws {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left = left << 1 - counts[length]
                guard left >= 0 else { throw PNGImage.Failure(description: "an over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    struct State {
        let input: [UInt8]
        var position: Int
        var output: [UInt8] = []
        var bitBuffer = 0
        var bitCount = 0

        init(input: [UInt8], position: Int) {
            self.input = input
            self.position = position
        }

        mutating func bits(_ need: Int) throws -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < input.count else { throw PNGImage.Failure(description: "the image data ends early") }
                value |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> need
            bitCount -= need
            return value & ((1 << need) - 1)
        }

        mutating func decode(_ code: Huffman) throws -> Int {
            var (value, first, index) = (0, 0, 0)
            for length in 1..<16 {
                value |= try bits(1)
                let count = code.counts[length]
                if value - count < first { return code.symbols[index + (value - first)] }
                index += count
                first = (first + count) << 1
                value <<= 1
            }
            throw PNGImage.Failure(description: "a code not in the Huffman table")
        }

        static let lengthBase = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
        ]
        static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
            12289, 16385, 24577,
        ]
        static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

        mutating func inflate() throws {
            var last = 0
            while last == 0 {
                last = try bits(1)
                switch try bits(2) {
                case 0: try stored()
                case 1:
                    let lengths =
                        [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
                        + [Int](repeating: 8, count: 8)
                    try codes(Huffman(lengths: lengths[...]), Huffman(lengths: [Int](repeating: 5, count: 30)[...]))
                case 2: try dynamic()
                default: throw PNGImage.Failure(description: "an invalid deflate block type")
                }
            }
        }

        mutating func stored() throws {
            bitBuffer = 0
            bitCount = 0
            guard position + 4 <= input.count else { throw PNGImage.Failure(description: "the image data ends early") }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == ~complement & 0xffff else { throw PNGImage.Failure(description: "a stored block's length is corrupt") }
            position += 4
            guard position + length <= input.count else { throw PNGImage.Failure(description: "the image data ends early") }
            output += input[position..<position + length]
            position += length
        }

        mutating func dynamic() throws {
            let literals = try bits(5) + 257
            let distances = try bits(5) + 1
            let codeLengthCount = try bits(4) + 4
            guard literals <= 286, distances <= 30 else { throw PNGImage.Failure(description: "too many codes in a dynamic block") }
            let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
            var lengths = [Int](repeating: 0, count: 19)
            for index in 0..<codeLengthCount { lengths[order[index]] = try bits(3) }
            let lengthCode = try Huffman(lengths: lengths[...])
            lengths = []
            while lengths.count < literals + distances {
                let symbol = try decode(lengthCode)
                if symbol < 16 {
                    lengths.append(symbol)
                    continue
                }
                var value = 0
                let repeats: Int
                switch symbol {
                case 16:
                    guard let previous = lengths.last else { throw PNGImage.Failure(description: "a repeat with no previous length") }
                    value = previous
                    repeats = 3 + (try bits(2))
                case 17: repeats = 3 + (try bits(3))
                default: repeats = 11 + (try bits(7))
                }
                guard lengths.count + repeats <= literals + distances else { throw PNGImage.Failure(description: "too many lengths") }
                lengths += [Int](repeating: value, count: repeats)
            }
            guard lengths[256] != 0 else { throw PNGImage.Failure(description: "no end-of-block code") }
            try codes(Huffman(lengths: lengths[..<literals]), Huffman(lengths: lengths[literals...]))
        }

        mutating func codes(_ literal: Huffman, _ distance: Huffman) throws {
            while true {
                let symbol = try decode(literal)
                if symbol < 256 {
                    output.append(UInt8(symbol))
                } else if symbol == 256 {
                    return
                } else {
                    let index = symbol - 257
                    guard index < 29 else { throw PNGImage.Failure(description: "an invalid length code") }
                    let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                    let code = try decode(distance)
                    guard code < 30 else { throw PNGImage.Failure(description: "an invalid distance code") }
                    let back = Self.distanceBase[code] + (try bits(Self.distanceExtra[code]))
                    guard back <= output.count else { throw PNGImage.Failure(description: "a distance before the start") }
                    let start = output.count - back
                    for offset in 0..<length { output.append(output[start + offset]) }
                }
            }
        }
    }
}
