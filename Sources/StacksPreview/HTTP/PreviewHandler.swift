import FlyingFox
import Foundation
import Logging
import StacksCore

/// Answers the preview's HTTP requests from the built site in memory, as a static host
/// would answer for the published folder: the same files at the same paths, `index.html`
/// for a folder, a redirect for a folder named without its slash, `404.html` with status
/// 404. Every HTML page gets the live-reload snippet; nothing may be cached.
///
/// Bound to loopback, it answers only requests addressed to a loopback name: a web page
/// elsewhere cannot point a host name of its own at 127.0.0.1 (DNS rebinding) and read the
/// preview through the visitor's browser. Nor does it answer a script on another site's
/// page (its Origin says so), which could otherwise read the build errors over the
/// live-reload socket.
struct PreviewHandler: HTTPHandler {
    let site: PreviewSite
    let hub: ReloadHub
    let logger: Logger
    /// Whether any Host header is accepted (the server was asked to listen beyond loopback).
    let anyHost: Bool
    /// Where the live-reload sockets' tasks run: the shared pool when `nil`.
    var executor: (any TaskExecutor)? = nil

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var raw = request.target.path(percentEncoded: true)
        var authority = request.headers[.host]
        switch RequestTarget.absoluteForm(raw) {
        case .success(let form):
            (authority, raw) = (form.authority, form.path)
        case .failure(let refusal):
            logger.debug("refused \(raw): \(refusal.reason)")
            return Self.response(400, "text/plain; charset=utf-8", Array("Bad request\n".utf8), request: request)
        case nil:
            break
        }
        guard anyHost || Self.isLoopbackName(authority) else {
            logger.debug("refused \(raw) for host \(authority ?? "(none)")")
            return Self.response(403, "text/plain; charset=utf-8",
                                 Array("This preview answers only to localhost and loopback addresses.\n".utf8), request: request)
        }
        let origin = request.headers[HTTPHeader("Origin")]
        guard Self.isOwnOrigin(origin, authority: authority) else {
            logger.debug("refused \(raw) for origin \(origin ?? "")")
            return Self.response(403, "text/plain; charset=utf-8",
                                 Array("This preview answers only its own pages.\n".utf8), request: request)
        }
        let target = RequestTarget.parse(raw)
        if target == .liveReload {
            return try await WebSocketHTTPHandler(handler: ReloadFrames(hub: hub, executor: executor))
                .handleRequest(request)
        }
        guard request.method == .GET || request.method == .HEAD else {
            return Self.response(405, "text/plain; charset=utf-8", Array("Method not allowed\n".utf8), request: request,
                                 extra: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        guard case .site(let segments, let directory) = target else {
            if case .refused(let reason) = target { logger.debug("refused \(raw): \(reason)") }
            return Self.response(400, "text/plain; charset=utf-8", Array("Bad request\n".utf8), request: request)
        }
        let answer = await site.answer(segments: segments, directory: directory)
        let snippet = { LiveReloadSnippet.html(serverID: hub.serverID, generation: answer.generation, failure: answer.failure) }
        switch answer.lookup {
        case .bytes(let bytes, let contentType):
            let body = contentType == ContentType.html ? LiveReloadSnippet.inject(snippet(), into: bytes) : bytes
            return Self.response(200, contentType, body, request: request)
        case .render(let renderer, let producer, let path, let input, let tagParts):
            let bytes = renderer.render(producer, tagParts: tagParts) ?? []
            await site.keep(bytes, path: path, input: input)
            return Self.response(200, ContentType.html, LiveReloadSnippet.inject(snippet(), into: bytes), request: request)
        case .file(let url, let contentType):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return Self.response(404, "text/plain; charset=utf-8", Array("Not found\n".utf8), request: request)
            }
            return Self.response(200, contentType, [UInt8](data), request: request)
        case .redirect:
            var location = raw + "/"
            let query = request.target.query(percentEncoded: true)
            if !query.isEmpty { location += "?" + query }
            return Self.response(301, "text/plain; charset=utf-8", Array("Moved to \(location)\n".utf8), request: request,
                                 extra: [.location: location])
        case .notFound(let page):
            let body = page ?? Array("<!DOCTYPE html><title>Not found</title><body><h1>Not found</h1></body>\n".utf8)
            return Self.response(404, ContentType.html, LiveReloadSnippet.inject(snippet(), into: body), request: request)
        case .noSite:
            let page = Array(("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Stacks: build failed</title>"
                + "</head><body><p>The site has not built yet.</p></body></html>\n").utf8)
            return Self.response(500, ContentType.html, LiveReloadSnippet.inject(snippet(), into: page), request: request)
        }
    }

    /// `localhost`, `*.localhost`, `127.x.y.z` or `[::1]`, with or without a port.
    static func isLoopbackName(_ host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            return name[name.index(after: name.startIndex)..<end] == "::1"
        }
        if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether a request with this Origin header comes from the preview's own pages. Browsers
    /// send an Origin with the WebSocket handshake and with requests a script makes, and a page
    /// on another site must not read the preview that way (the build errors, say), so the
    /// origin must be this server: `http`, the port the request was addressed to, and a
    /// loopback name or the very host the request was addressed to. Requests without an
    /// Origin (a page opened, a tool like curl) are not from another site's script.
    static func isOwnOrigin(_ origin: String?, authority: String?) -> Bool {
        guard let origin else { return true }
        let scheme = "http://"
        guard origin.lowercased().hasPrefix(scheme), let own = authority.flatMap(hostAndPort),
              let from = hostAndPort(origin.dropFirst(scheme.count)) else { return false }
        return from.port == own.port && (from.host == own.host || isLoopbackName(from.host))
    }

    /// The host (lower-cased; an IPv6 address in brackets) and port (80 if none) of an
    /// authority such as `127.0.0.1:8000`, `localhost` or `[::1]:8000`; `nil` when it is not one.
    static func hostAndPort(_ authority: some StringProtocol) -> (host: String, port: Int)? {
        let text = authority.lowercased()
        let host: Substring
        var port: Substring?
        if text.hasPrefix("[") {
            guard let end = text.firstIndex(of: "]") else { return nil }
            host = text[...end]
            let after = text[text.index(after: end)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = text[...]
        }
        guard !host.isEmpty, !host.contains(where: { "/?#@ ".contains($0) }) else { return nil }
        guard let port else { return (String(host), 80) }
        guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), number <= 65535 else { return nil }
        return (String(host), number)
    }

    static func response(_ status: Int, _ contentType: String, _ body: [UInt8], request: HTTPRequest,
                         extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        for (name, value) in extra { headers[name] = value }
        let code = HTTPStatusCode(status, phrase: phrase(status))
        if request.method == .HEAD {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: code, headers: headers)
        }
        return HTTPResponse(statusCode: code, headers: headers, body: Data(body))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        default: "Internal Server Error"
        }
    }
}
