// Stacks: progressive enhancement for the catalog. Everything works without this script.
//
// - Choosing an item (or a sub-item, a breadcrumb, the back link) in the current category
//   fetches that page and swaps in only what changes — the detail column, breadcrumbs, back
//   link, title and selection — and pushes a history entry; Back and Forward restore it.
//   The lists are not touched, so they keep their scroll positions.
// - Keyboard: ↑/↓ move through the focused list, Enter opens, Escape goes back one level,
//   "/" focuses the filter (or the search).
// - A filter on each item list, a site search over search-index.json, loaded on first use.
// - The sidebar toggle's state is remembered.
// No network beyond the site's own files; every URL is relative, so the site works under any
// sub-path. Opened from disk (file://) nothing is fetched: links navigate normally.
(() => {
  "use strict";

  const body = document.body;
  const fromDisk = location.protocol === "file:";
  const canFetch = !fromDisk && typeof fetch === "function" && typeof DOMParser === "function" && !!history.pushState;
  const storage = (() => {
    try { const s = window.localStorage; s.getItem("stacks"); return s; } catch { return null; }
  })();
  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const column = (name) => $(`[data-column="${name}"]`);
  const isVisible = (element) => !!element && element.getClientRects().length > 0;
  const pageKey = (url) => { const u = new URL(url, location.href); u.hash = ""; return u.href; };

  // ── URLs ────────────────────────────────────────────────────────────────────────────

  /** The site root as a folder URL (in portable mode data-root names index.html). */
  function siteRoot() {
    return new URL("./", new URL(body.dataset.root || "./", location.href));
  }

  /** `target` relative to the page at `base`: the way the site writes every link. */
  function relativeURL(target, base) {
    if (target.protocol !== base.protocol || target.host !== base.host) return target.href;
    const from = base.pathname.split("/").slice(0, -1);
    const to = target.pathname.split("/");
    let shared = 0;
    while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
    const path = "../".repeat(from.length - shared) + to.slice(shared).join("/");
    return (path || "./") + target.search + target.hash;
  }

  const absolute = /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i;

  /** Rewrites the relative links under `root`, written for the page at `from`, for `to`. */
  function rebase(root, from, to) {
    if (!root || from === to) return;
    const base = new URL(from), target = new URL(to);
    for (const element of [root, ...root.querySelectorAll("[href], [src], [data-first-page], [data-category]")]) {
      for (const name of ["href", "src", "data-first-page", "data-category"]) {
        const value = element.getAttribute(name);
        if (value === null || absolute.test(value)) continue;
        element.setAttribute(name, relativeURL(new URL(value, base), target));
      }
    }
  }

  /** The current category's page, as a folder URL; null on the home page. */
  function categoryOf(doc, url) {
    const header = $("[data-column=content] [data-category]", doc);
    if (!header) return null;
    return new URL("./", new URL(header.getAttribute("data-category"), url)).href;
  }

  // ── Script navigation ───────────────────────────────────────────────────────────────

  /** The URL the kept parts of the page (sidebar, content) are written for. */
  let currentURL = pageKey(location.href);
  const cache = new Map();
  let pending = null;
  let listScroll = 0;

  function partsOf(doc, url) {
    const detail = $("[data-column=detail]", doc);
    const crumbs = $(".breadcrumbs", doc);
    if (!detail || !crumbs) return null;
    const selected = $("[data-column=content] .list a[aria-current]", doc);
    const description = $('meta[name="description"]', doc);
    return {
      url,
      title: doc.title,
      kind: doc.body.dataset.kind,
      depth: doc.body.dataset.depth,
      root: doc.body.dataset.root,
      category: categoryOf(doc, url),
      detail: detail.innerHTML,
      breadcrumbs: crumbs.outerHTML,
      back: $(".back-link", doc)?.outerHTML ?? "",
      selected: selected ? new URL(selected.getAttribute("href"), url).href : null,
      description: description ? description.getAttribute("content") : null,
    };
  }

  function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  function scrollState() {
    return { window: window.scrollY, detail: column("detail")?.scrollTop ?? 0, kind: body.dataset.kind };
  }

  /** Shows `parts` in place of the current page's detail, breadcrumbs, back link and title. */
  function apply(parts) {
    const from = currentURL;
    const focused = document.activeElement;
    const detail = column("detail");
    if (body.dataset.kind === "category" && parts.kind !== "category") listScroll = window.scrollY;
    body.dataset.kind = parts.kind;
    body.dataset.depth = parts.depth;
    body.dataset.root = parts.root;
    document.title = parts.title;
    rebase(column("sidebar"), from, parts.url);
    rebase(column("content"), from, parts.url);
    detail.replaceChildren(fragment(parts.detail));
    $(".breadcrumbs").replaceWith(fragment(parts.breadcrumbs));
    $(".back-link")?.remove();
    if (parts.back) $(".breadcrumbs").before(fragment(parts.back));
    const description = $('meta[name="description"]');
    if (description && parts.description) description.setAttribute("content", parts.description);
    for (const link of $$("[data-column=content] .list a[aria-current]")) link.removeAttribute("aria-current");
    if (parts.selected) {
      const link = $$("[data-column=content] .list a").find((a) => a.href === parts.selected);
      link?.setAttribute("aria-current", "page");
    }
    currentURL = parts.url;
    announce(parts.title.split(" – ")[0]);
    if (!isVisible(focused) || !document.contains(focused)) {
      const target = parts.kind === "category" && !isVisible(detail) ? column("content") : detail;
      target.focus({ preventScroll: true });
    }
  }

  async function load(url, signal) {
    const key = pageKey(url);
    if (cache.has(key)) return cache.get(key);
    const response = await fetch(key, { signal, credentials: "same-origin" });
    if (!response.ok || !/html/.test(response.headers.get("content-type") || "text/html")) throw new Error(`HTTP ${response.status}`);
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const parts = partsOf(doc, pageKey(response.url || key));
    if (!parts) throw new Error("not a Stacks page");
    cache.set(key, parts);
    return parts;
  }

  /** Opens `url` in place when it is a page of the current category; otherwise navigates. */
  async function open(url) {
    if (pageKey(url) === currentURL) return;
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const wasCategory = body.dataset.kind === "category";
    try {
      const parts = await load(url, controller.signal);
      if (controller.signal.aborted) return;
      if (parts.category === null || parts.category !== categoryOf(document, currentURL)) {
        location.assign(url);
        return;
      }
      history.replaceState({ stacks: true, scroll: scrollState() }, "", location.href);
      history.pushState({ stacks: true }, "", parts.url + new URL(url).hash);
      apply(parts);
      column("detail").scrollTop = 0;
      if (!wasCategory && parts.kind === "category" && isVisible(column("content")) && !isVisible(column("detail"))) {
        window.scrollTo(0, listScroll);
      } else if (window.scrollY > 0 && (!isVisible(column("content")) || !isVisible(column("detail")))) {
        window.scrollTo(0, 0);
      }
    } catch (error) {
      if (error.name !== "AbortError") location.assign(url);
    } finally {
      if (pending === controller) pending = null;
    }
  }

  const navigable = [
    "[data-column=content] .list .entry.item > a",
    "[data-column=detail] a",
    ".breadcrumbs a",
    ".back-link",
    ".search-results a",
  ].join(", ");

  /** Only pages below the current category can be shown without reloading the lists. */
  function opensInPlace(link) {
    if (!canFetch || !link.matches(navigable)) return false;
    if (link.target && link.target !== "_self") return false;
    if (link.hasAttribute("download") || link.relList.contains("external")) return false;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return false;
    if (url.pathname === location.pathname && url.hash) return false;
    if (!/(\/|\/index\.html)$/.test(url.pathname)) return false;
    const category = categoryOf(document, currentURL);
    return category !== null && url.href.startsWith(category);
  }

  if (canFetch) {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    // The browser re-reads the icon as soon as the URL changes, before any rewriting could.
    for (const link of $$('head link[rel~="icon"]')) link.setAttribute("href", link.href);
    history.replaceState({ stacks: true }, "", location.href);
    const initial = partsOf(document, currentURL);
    if (initial) cache.set(currentURL, initial);

    document.addEventListener("click", (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target.closest?.("a[href]");
      if (!link || !opensInPlace(link)) return;
      event.preventDefault();
      closeSearch();
      open(link.href);
    });

    window.addEventListener("popstate", async (event) => {
      const key = pageKey(location.href);
      if (key === currentURL) return;
      try {
        const parts = await load(key);
        if (parts.category === null || parts.category !== categoryOf(document, currentURL)) throw new Error("other category");
        apply(parts);
        const scroll = event.state?.scroll;
        column("detail").scrollTop = scroll?.detail ?? 0;
        window.scrollTo(0, scroll?.window ?? 0);
      } catch {
        location.reload();
      }
    });
  }

  // ── A live region, so a screen reader hears what the swap changed ──────────────────

  const announcer = document.createElement("div");
  announcer.className = "visually-hidden";
  announcer.setAttribute("aria-live", "polite");
  body.append(announcer);
  function announce(text) {
    announcer.textContent = "";
    setTimeout(() => { announcer.textContent = text; }, 50);
  }

  // ── Large lists: the rest of a windowed or paginated list, loaded on demand ─────────

  async function loadFullList(list) {
    if (!canFetch || !list?.dataset.firstPage || list.dataset.loading) return;
    list.dataset.loading = "true";
    const note = document.createElement("p");
    note.className = "list-loading";
    note.setAttribute("role", "status");
    note.textContent = `Loading all ${list.dataset.count} entries…`;
    list.after(note);
    try {
      const entries = [];
      let url = new URL(list.dataset.firstPage, location.href).href;
      for (let guard = 0; url && guard < 10000; guard++) {
        const response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const pageURL = response.url || url;
        const pageList = $("[data-column=content] .list", doc);
        if (!pageList) throw new Error("no list");
        rebase(pageList, pageURL, location.href);
        entries.push(...pageList.children);
        const next = $(".pagination a[rel=next]", doc);
        url = next ? new URL(next.getAttribute("href"), pageURL).href : null;
      }
      const scroller = list.closest(".column");
      const selectedHref = $("a[aria-current]", list)?.href;
      const anchor = $("a[aria-current]", list) ?? list.querySelector("a");
      const anchorHref = anchor?.href;
      const before = anchor ? anchor.getBoundingClientRect().top : 0;
      list.replaceChildren(...entries.map((entry) => document.importNode(entry, true)));
      if (selectedHref) $$("a", list).find((a) => a.href === selectedHref)?.setAttribute("aria-current", "page");
      const again = anchorHref ? $$("a", list).find((a) => a.href === anchorHref) : null;
      if (again) {
        const delta = again.getBoundingClientRect().top - before;
        if (scroller && scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY !== "visible") {
          scroller.scrollTop += delta;
        } else {
          window.scrollBy(0, delta);
        }
      }
      delete list.dataset.firstPage;
      list.dataset.offset = "0";
      for (const element of $$(".list-window, .pagination", list.parentElement)) element.remove();
      list.dispatchEvent(new CustomEvent("stacks:listloaded", { bubbles: true }));
    } catch {
      // The links to the list's pages stay; nothing is lost.
    } finally {
      note.remove();
      delete list.dataset.loading;
    }
  }

  function watchPartialLists() {
    if (!canFetch || typeof IntersectionObserver !== "function") return;
    for (const list of $$(".list[data-first-page]")) {
      const observer = new IntersectionObserver((records) => {
        if (records.some((record) => record.isIntersecting)) {
          observer.disconnect();
          loadFullList(list);
        }
      }, { rootMargin: "400px 0px" });
      const edges = [list.lastElementChild];
      if (Number(list.dataset.offset) > 0) edges.push(list.firstElementChild);
      for (const edge of edges) if (edge) observer.observe(edge);
    }
  }

  // ── Filter: case- and diacritic-insensitive "contains" on title, summary and tags ───

  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
  const haystacks = new WeakMap();
  function haystack(entry) {
    if (!haystacks.has(entry)) haystacks.set(entry, fold(`${entry.textContent} ${entry.dataset.tags ?? ""}`));
    return haystacks.get(entry);
  }

  function applyFilter(input) {
    const list = input.closest("[data-column]")?.querySelector(".list");
    if (!list) return;
    const words = fold(input.value).split(" ").filter(Boolean);
    let shown = 0;
    for (const entry of list.children) {
      const match = words.every((word) => haystack(entry).includes(word));
      entry.toggleAttribute("data-filtered", !match);
      if (match) shown++;
    }
    let empty = list.parentElement.querySelector(".filter-empty");
    if (!empty) {
      empty = document.createElement("p");
      empty.className = "filter-empty";
      empty.setAttribute("role", "status");
      list.after(empty);
    }
    empty.textContent = words.length === 0 ? "" : shown === 0 ? `No entries match “${input.value.trim()}”.` : "";
    empty.hidden = !(words.length && shown === 0);
  }

  for (const filter of $$(".filter")) {
    const input = $(".filter-input", filter);
    filter.hidden = false;
    input.addEventListener("input", () => {
      applyFilter(input);
      loadFullList(input.closest("[data-column]")?.querySelector(".list[data-first-page]"));
    });
    input.addEventListener("focus", () => loadFullList(input.closest("[data-column]")?.querySelector(".list[data-first-page]")));
  }
  document.addEventListener("stacks:listloaded", (event) => {
    const input = $(".filter-input", event.target.closest("[data-column]"));
    if (input?.value) applyFilter(input);
  });

  // ── Site search over search-index.json ─────────────────────────────────────────────

  const search = $(".search");
  const searchInput = $(".search-input");
  const searchPanel = $(".search-panel");
  const searchStatus = $(".search-status");
  const searchResults = $(".search-results");
  let searchIndex = null;

  function loadSearchIndex() {
    if (searchIndex) return searchIndex;
    const root = siteRoot();
    const entries = canFetch
      ? fetch(new URL("search-index.json", root)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      : new Promise((resolve, reject) => {
        // Opened from disk: a portable build also writes the index as a script.
        const script = document.createElement("script");
        script.src = new URL("search-index.js", root).href;
        script.onload = () => (window.stacksSearchIndex ? resolve(window.stacksSearchIndex) : reject(new Error("empty")));
        script.onerror = () => reject(new Error("no search index"));
        document.head.append(script);
      });
    searchIndex = entries.then((list) => list.map((entry) => ({
      ...entry,
      folded: fold(entry.title),
      text: fold([entry.title, entry.summary ?? "", ...(entry.tags ?? [])].join(" ")),
    })));
    searchIndex.catch(() => { searchIndex = null; });
    return searchIndex;
  }

  function closeSearch() {
    if (searchPanel) searchPanel.hidden = true;
  }

  let searchRun = 0;
  async function runSearch() {
    const run = ++searchRun;
    const query = fold(searchInput.value);
    if (!query) {
      closeSearch();
      return;
    }
    searchPanel.hidden = false;
    let entries;
    try {
      if (!Array.isArray(searchIndex)) searchStatus.textContent = "Loading…";
      entries = await loadSearchIndex();
    } catch {
      if (run === searchRun) searchStatus.textContent = "Search is not available.";
      return;
    }
    if (run !== searchRun) return;
    const words = query.split(" ");
    const scored = [];
    for (const entry of entries) {
      if (!words.every((word) => entry.text.includes(word))) continue;
      const score = entry.folded === query ? 0 : entry.folded.startsWith(query) ? 1 : entry.folded.includes(query) ? 2 : 3;
      scored.push([score, entry]);
    }
    scored.sort((a, b) => a[0] - b[0] || a[1].folded.localeCompare(b[1].folded));
    const root = siteRoot();
    const here = new URL(location.href);
    const items = scored.slice(0, 50).map(([, entry]) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = relativeURL(new URL(entry.url, root), here);
      const title = document.createElement("span");
      title.className = "title";
      title.textContent = entry.title;
      const path = document.createElement("span");
      path.className = "path";
      const trail = (entry.path ?? []).slice(0, -1);
      path.textContent = trail.length ? trail.join(" › ") : entry.kind === "category" ? "Category" : "";
      link.append(title, path);
      item.append(link);
      return item;
    });
    searchResults.replaceChildren(...items);
    searchStatus.textContent = scored.length === 0 ? "No results."
      : scored.length > items.length ? `${items.length} of ${scored.length} results` : `${scored.length} result${scored.length === 1 ? "" : "s"}`;
  }

  if (search && searchInput) {
    search.hidden = false;
    searchInput.addEventListener("focus", () => { loadSearchIndex()?.catch(() => {}); if (searchInput.value) runSearch(); });
    searchInput.addEventListener("input", runSearch);
    searchInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        const first = $("a", searchResults);
        if (first && !searchPanel.hidden) { event.preventDefault(); first.click(); }
      }
    });
    document.addEventListener("click", (event) => {
      if (!search.contains(event.target)) closeSearch();
    });
    search.addEventListener("focusout", (event) => {
      if (!search.contains(event.relatedTarget)) closeSearch();
    });
  }

  // ── Sidebar toggle: remembered; an overlay closes when done with ───────────────────

  const toggle = $("#sidebar-toggle");
  const sidebarKey = "stacks.sidebar";
  function overlayOpen() {
    return !!toggle?.checked && isVisible(column("sidebar")) && getComputedStyle(column("sidebar")).position === "absolute";
  }
  function setSidebar(open) {
    if (!toggle) return;
    toggle.checked = open;
    storage?.setItem(sidebarKey, open ? "open" : "closed");
  }
  if (toggle) {
    const saved = storage?.getItem(sidebarKey);
    if (saved) toggle.checked = saved === "open";
    toggle.addEventListener("change", () => storage?.setItem(sidebarKey, toggle.checked ? "open" : "closed"));
    document.addEventListener("click", (event) => {
      if (!overlayOpen()) return;
      const target = event.target;
      if (target.closest?.(".sidebar-toggle")) return;
      // Choosing a category in the overlay, or clicking beside it, closes it.
      if (target.closest?.("[data-column=sidebar] a") || !target.closest?.("[data-column=sidebar], [data-column=content]")) setSidebar(false);
    }, true);
  }

  // ── Keyboard ───────────────────────────────────────────────────────────────────────

  const lists = ".list, .tree, .search-results";
  function linksOf(container) {
    return $$("a", container).filter(isVisible);
  }

  function focusFilterOrSearch() {
    const filter = $$(".filter-input").find(isVisible);
    const target = filter ?? (isVisible(searchInput) ? searchInput : null);
    if (!target) return false;
    target.focus();
    target.select?.();
    return true;
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target;
    const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) && target.type !== "checkbox";

    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k" && isVisible(searchInput)) {
      event.preventDefault();
      searchInput.focus();
      searchInput.select();
      return;
    }
    if (event.metaKey || event.ctrlKey || event.altKey) return;

    if (event.key === "/" && !typing) {
      if (focusFilterOrSearch()) event.preventDefault();
      return;
    }

    if (event.key === "Escape") {
      if (searchPanel && !searchPanel.hidden) {
        closeSearch();
        searchInput.focus();
        event.preventDefault();
        return;
      }
      if (overlayOpen()) {
        setSidebar(false);
        $(".sidebar-toggle-state")?.focus();
        event.preventDefault();
        return;
      }
      if (typing) {
        if (!target.value) target.blur();
        return;
      }
      const back = $(".back-link");
      if (back) {
        event.preventDefault();
        back.click();
      }
      return;
    }

    if (event.key === "ArrowDown" || event.key === "ArrowUp" || ((event.key === "Home" || event.key === "End") && !typing)) {
      let container = target.closest?.(lists);
      let links;
      let index;
      if (!container && typing && event.key === "ArrowDown") {
        // From the filter or the search box into its list.
        container = target === searchInput ? searchResults : target.closest("[data-column]")?.querySelector(".list");
        links = container ? linksOf(container) : [];
        index = -1;
      } else if (container) {
        links = linksOf(container);
        index = links.indexOf(target.closest("a"));
      } else {
        return;
      }
      if (!links.length) return;
      let next;
      if (event.key === "Home") next = 0;
      else if (event.key === "End") next = links.length - 1;
      else next = index + (event.key === "ArrowDown" ? 1 : -1);
      if (next < 0) {
        // Up from the first entry: back to the filter or search box above it.
        const field = container === searchResults ? searchInput : $(".filter-input", container.closest("[data-column]") ?? document);
        if (field && isVisible(field)) { event.preventDefault(); field.focus(); }
        return;
      }
      next = Math.min(next, links.length - 1);
      event.preventDefault();
      links[next].focus();
      links[next].scrollIntoView({ block: "nearest" });
    }
  });

  // ── On load: the selection in view, the rest of long lists on demand ───────────────

  const selected = $("[data-column=content] .list a[aria-current]");
  const content = column("content");
  if (selected && content && isVisible(content) && getComputedStyle(content).overflowY !== "visible") {
    const top = selected.getBoundingClientRect().top - content.getBoundingClientRect().top + content.scrollTop;
    if (top + selected.offsetHeight > content.clientHeight) content.scrollTop = top - content.clientHeight / 3;
  }
  watchPartialLists();
})();
