import TransDBCore

/// A preview page as one self-contained HTML file: styles, script and data inline, and a
/// Content-Security-Policy that lets the page fetch nothing at all.
///
/// The page's script draws everything from the embedded data (``PreviewDocument/record``, in a
/// `<script type="application/json" id="transdb-data">`), interpolating linearly between the
/// engine's samples. It is deterministic: the same document gives the same bytes.
public enum PreviewPage {
    /// The page's Content-Security-Policy: nothing may be fetched or connected to; only the
    /// inline style and scripts run, and images only from `data:` URLs.
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The id of the element holding the page's data.
    public static let dataElementID = "transdb-data"

    /// The page for `document`, as UTF-8 bytes.
    public static func html(_ document: PreviewDocument) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        func text(_ string: String) { out.append(contentsOf: string.utf8) }
        text(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(escaped(document.title)) · transdb preview</title>
            <style>\(PreviewAssets.style)</style>
            <script>\(PreviewAssets.errorTrap)</script>
            </head>
            <body>
            <header class="top"><h1>\(escaped(document.title))</h1><p class="sub">transdb preview</p></header>
            <main id="app"><noscript><p>This page draws its transitions with JavaScript; the data is in the page as JSON (#\(dataElementID)).</p></noscript></main>
            <footer class="note" id="sampling-note"><p>Every frame here is transdb's engine output: the page embeds the engine's samples (\
            \(document.rate.shortestDescription) per second of animation, the same numbers as <code>transdb eval --fps \(document.rate.shortestDescription) --format json</code>) \
            and only interpolates linearly between them. It computes no curve, spring or track of its own.</p></footer>
            <div id="transdb-errors" role="alert" hidden></div>
            <script type="application/json" id="\(dataElementID)">
            """)
        // JSON inside <script>: `<` is written as \u003c so no `</script>` or `<!--` in a name can end the element.
        for byte in document.record.utf8(indented: false) {
            if byte == UInt8(ascii: "<") { text("\\u003c") } else { out.append(byte) }
        }
        text("</script>\n<script>\(PreviewAssets.script)</script>\n</body>\n</html>\n")
        return out
    }

    /// `text` with `&`, `<`, `>` and `"` escaped for HTML.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
