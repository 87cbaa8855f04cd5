import StacksCore

/// What the preview adds to every HTML page it serves, and only there: the live-reload
/// script and, while the last rebuild has failed, the error overlay. `stacks build` never
/// sees any of it: it is spliced into the response, not rendered into the page.
enum LiveReloadSnippet {
    static func html(serverID: String, generation: Int, failure: Diagnostics?) -> String {
        var html = ""
        if let failure { html += overlay(failure.sorted.map(\.description)) }
        html += "<script id=\"stacks-live\" data-server=\"\(HTMLEscaping.escape(serverID))\" data-generation=\"\(generation)\">"
        html += script
        html += "</script>\n"
        return html
    }

    /// Inserts `snippet` before the page's last `</body>`, or at its end.
    static func inject(_ snippet: String, into page: [UInt8]) -> [UInt8] {
        let closing = Array("</body>".utf8)
        var position = page.count
        var index = page.count - closing.count
        while index >= 0 {
            if zip(page[index..<(index + closing.count)], closing).allSatisfy({ lower($0) == $1 }) {
                position = index
                break
            }
            index -= 1
        }
        var result = [UInt8]()
        result.reserveCapacity(page.count + snippet.utf8.count)
        result += page[..<position]
        result += snippet.utf8
        result += page[position...]
        return result
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The overlay as the server renders it into a page served while the build is broken;
    /// the script builds the same one from socket messages. Every message is HTML-escaped.
    static func overlay(_ messages: [String]) -> String {
        var html = "<div id=\"stacks-overlay\" role=\"alert\" style=\"\(overlayStyle)\">"
        html += "<button type=\"button\" data-stacks-dismiss style=\"float:right;font:inherit;cursor:pointer\">Hide</button>"
        html += "<strong>Stacks: the last rebuild failed.</strong> This page shows the last good build."
        html += "<pre style=\"white-space:pre-wrap;margin:.5em 0 0\">"
        html += messages.map(HTMLEscaping.escape).joined(separator: "\n")
        html += "</pre></div>\n"
        return html
    }

    static let overlayStyle = "position:fixed;z-index:2147483647;left:0;right:0;top:0;max-height:60vh;overflow:auto;"
        + "margin:0;padding:1em 1.25em;background:#3b0d0c;color:#fff;font:14px/1.45 ui-monospace,monospace;"
        + "box-shadow:0 2px 12px rgba(0,0,0,.5);text-align:left"

    /// Reloads the page when a rebuild changes it, keeping where each column was scrolled;
    /// shows and hides the overlay; reconnects when the server restarts (and reloads then,
    /// since the site may have changed while it was down).
    static let script = #"""
(function () {
  "use strict";
  var me = document.getElementById("stacks-live");
  var server = me.getAttribute("data-server");
  var generation = Number(me.getAttribute("data-generation"));
  var key = "stacks-live-scroll:" + location.pathname;
  var style = me.previousElementSibling && me.previousElementSibling.id === "stacks-overlay"
    ? me.previousElementSibling.getAttribute("style") : null;

  function here() {
    var path = location.pathname;
    try { path = decodeURIComponent(path); } catch (e) {}
    return path.replace(/index\.html$/, "");
  }
  function scrollers() {
    var list = [document.scrollingElement || document.documentElement];
    document.querySelectorAll("[data-column], main, nav, aside").forEach(function (element) { list.push(element); });
    return list;
  }
  function save() {
    try {
      var positions = scrollers().map(function (element) { return [element.scrollLeft, element.scrollTop]; });
      sessionStorage.setItem(key, JSON.stringify(positions));
    } catch (e) {}
  }
  function restore() {
    var saved;
    try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) {}
    if (!saved) return;
    scrollers().forEach(function (element, index) {
      if (saved[index]) { element.scrollLeft = saved[index][0]; element.scrollTop = saved[index][1]; }
    });
  }
  function reload() { save(); location.reload(); }
  restore();
  addEventListener("load", function () {
    restore();
    try { sessionStorage.removeItem(key); } catch (e) {}
  });

  function hideOverlay() {
    var overlay = document.getElementById("stacks-overlay");
    if (overlay) overlay.remove();
  }
  function showOverlay(messages) {
    hideOverlay();
    var overlay = document.createElement("div");
    overlay.id = "stacks-overlay";
    overlay.setAttribute("role", "alert");
    overlay.setAttribute("style", style || "position:fixed;z-index:2147483647;left:0;right:0;top:0;max-height:60vh;overflow:auto;margin:0;padding:1em 1.25em;background:#3b0d0c;color:#fff;font:14px/1.45 ui-monospace,monospace");
    var hide = document.createElement("button");
    hide.type = "button";
    hide.textContent = "Hide";
    hide.setAttribute("data-stacks-dismiss", "");
    hide.style.cssText = "float:right;font:inherit;cursor:pointer";
    var title = document.createElement("strong");
    title.textContent = "Stacks: the last rebuild failed.";
    var pre = document.createElement("pre");
    pre.style.cssText = "white-space:pre-wrap;margin:.5em 0 0";
    pre.textContent = messages.join("\n");
    overlay.append(hide, title, " This page shows the last good build.", pre);
    document.body.appendChild(overlay);
  }
  document.addEventListener("click", function (event) {
    if (event.target && event.target.hasAttribute && event.target.hasAttribute("data-stacks-dismiss")) hideOverlay();
  });

  var delay = 250;
  function connect() {
    var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/_stacks/live");
    socket.onopen = function () { delay = 250; };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "hello") {
        if (message.server !== server || message.generation !== generation) { reload(); return; }
        if (message.errors) showOverlay(message.errors); else hideOverlay();
      } else if (message.type === "reload") {
        if (message.all || (message.paths || []).indexOf(here()) >= 0) reload();
        else generation = message.generation;
      } else if (message.type === "errors") {
        showOverlay(message.messages || []);
      } else if (message.type === "ok") {
        hideOverlay();
      }
    };
    socket.onclose = function () {
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 2000);
    };
  }
  connect();
})();
"""#
}
