// Stacks: progressive enhancement for the catalog. Everything works without this script.
//
// - Choosing an item (or a sub-item, a breadcrumb, the back link) in the current category
//   fetches that page and swaps in only what changes — the detail column, breadcrumbs, back
//   link, title and selection — and pushes a history entry; Back and Forward restore it, with
//   the scroll positions the entry was left with. The lists are kept, so they keep their scroll
//   positions; only a large category's window or page of its list is replaced by the one the
//   new page shows.
// - The back links and breadcrumbs pop: when their page is behind this one in the tab's history,
//   they go back to it (history.go(-k)), so Back then leaves the stack; a page opened directly
//   navigates normally.
// - Keyboard: ↑/↓ move through the focused list, ←/→ in the detail open the item before or
//   after, Enter opens, Escape pops one level as the back
//   link does, "/" focuses the filter (or the search).
// - A filter on each item list, a site search over an index in shards, loaded as queries need them.
// - A large category's list (shown a page or a window at a time) becomes the whole category
//   when scrolled to its end or filtered: one request for its index, and only the rows near
//   the view in the document.
// - The sidebar toggle's state is remembered.
// No network beyond the site's own files; every URL is relative, so the site works under any
// sub-path. Opened from disk (file://) nothing is fetched: links navigate normally.
(() => {
  "use strict";

  // The interface's words in the page's language: `strings-<lang>.js`, loaded before this
  // script, else the English this file starts with (both made from Stacks' tables).
  const interfaceStrings = window.stacksStrings ?? { language: "en", numberGroup: ",", numberGroupFrom: 4, strings: {} };
  const plurals = (() => { try { return new Intl.PluralRules(interfaceStrings.language); } catch { return null; } })();
  /** A whole number grouped as the language groups digits (`10,000`, `10.000`). */
  function number(value) {
    const digits = String(Math.abs(value)), separator = interfaceStrings.numberGroup;
    if (!separator || digits.length < interfaceStrings.numberGroupFrom) return String(value);
    return (value < 0 ? "-" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  }
  /** String `key` with its `{name}` placeholders filled from `values`. */
  function say(key, values = {}) {
    return (interfaceStrings.strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  }
  /** Plural string `key` in the form the language uses for `count` (`entries.one`, `entries.few` …). */
  function sayCount(key, count, values = {}) {
    const form = plurals ? plurals.select(count) : count === 1 ? "one" : "other";
    const text = interfaceStrings.strings[`${key}.${form}`] ?? interfaceStrings.strings[`${key}.other`] ?? key;
    const all = { ...values, count: number(count) };
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in all ? all[name] : whole));
  }

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
  /** The element a URL's `#fragment` names on the current page, if any. */
  const headingOf = (url) => {
    const name = new URL(url, location.href).hash.slice(1);
    if (!name) return null;
    try { return document.getElementById(decodeURIComponent(name)); } catch { return document.getElementById(name); }
  };
  const pageKey = (url) => { const u = new URL(url, location.href); u.hash = ""; return u.href; };
  /** Where a link of this page leads. Its links are written for the page it shows, which the
      address leaves for a moment during Back or a swap: resolving against the address then
      would lead elsewhere. */
  const hrefOf = (link) => new URL(link.getAttribute("href"), currentURL).href;

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
    for (const element of [root, ...root.querySelectorAll("[href], [src], [data-first-page], [data-index], [data-category]")]) {
      for (const name of ["href", "src", "data-first-page", "data-index", "data-category"]) {
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
  /** The swap last asked for (a click, Back or Forward): one asked for earlier and still under
      way — fetching, or waiting for its transition's frame — is dropped. */
  let latestSwap = 0;
  /** On a phone: where the item list was scrolled when an item was opened over it. */
  let listScroll = 0;

  /** Which part of its category's list a page's content column holds. */
  function listShape(root) {
    const list = $("[data-column=content] .list", root);
    if (!list) return null;
    // A virtual list holds all its entries, however few of them are drawn.
    const length = virtualLists.get(list)?.all.length ?? list.children.length;
    return { offset: Number(list.dataset.offset || 0), length, complete: !list.dataset.firstPage };
  }

  function partsOf(doc, url) {
    const detail = $("[data-column=detail]", doc);
    const content = $("[data-column=content]", doc);
    const crumbs = $(".breadcrumbs", doc);
    if (!detail || !content || !crumbs) return null;
    const description = $('meta[name="description"]', doc);
    return {
      url,
      title: doc.title,
      kind: doc.body.dataset.kind,
      depth: doc.body.dataset.depth,
      root: doc.body.dataset.root,
      category: categoryOf(doc, url),
      detail: detail.innerHTML,
      content: content.innerHTML,
      contentLabel: content.getAttribute("aria-label"),
      breadcrumbs: crumbs.outerHTML,
      back: $(".back-link", doc)?.outerHTML ?? "",
      description: description ? description.getAttribute("content") : null,
      // This page in the catalog's other languages: the switcher and the head's alternates.
      languages: $(".languages", doc)?.outerHTML ?? "",
      alternates: $$('link[rel="alternate"][hreflang]', doc).map((link) => link.outerHTML).join(""),
    };
  }

  function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  /** The content column when it scrolls on its own (medium and wide), else null: the page scrolls. */
  function listScroller() {
    const content = column("content");
    return isVisible(content) && getComputedStyle(content).overflowY !== "visible" ? content : null;
  }

  /** Scrolls the content column so that its selected entry is in view: on load when any of it
      is hidden; after a swap only when all of it is, so that a click never moves the list. */
  function revealSelection(onlyWhenHidden = false) {
    const content = listScroller();
    const selected = $("[data-column=content] .list a[aria-current]");
    if (!content || !selected) return;
    const top = selected.getBoundingClientRect().top - content.getBoundingClientRect().top + content.scrollTop;
    const bottom = top + selected.offsetHeight;
    // Rows under the sticky list header are hidden too.
    const header = $(".list-header", content)?.offsetHeight ?? 0;
    const viewTop = content.scrollTop + header, viewBottom = content.scrollTop + content.clientHeight;
    const hidden = onlyWhenHidden ? bottom <= viewTop || top >= viewBottom : top < viewTop || bottom > viewBottom;
    if (hidden) content.scrollTop = top - content.clientHeight / 3;
  }

  const folderOf = (url) => { const u = new URL(url, location.href); u.hash = ""; u.search = ""; return u.href.replace(/index\.html$/, ""); };

  /** aria-current in the lists a swap keeps, as a page load writes it: "page" on the link to
      this page, "true" on the links to the pages above it (the selected categories, and the
      selected item on a sub-item's page). */
  function markSelection() {
    const current = $(".breadcrumbs a[aria-current=page]");
    if (!current) return;
    const here = folderOf(current.href);
    for (const link of $$("[data-column=sidebar] .tree li:not(.tree-all) > a, [data-column=content] .list a")) {
      const there = folderOf(link.href);
      if (there === here) link.setAttribute("aria-current", "page");
      else if (here.startsWith(there)) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }

  /** Puts the destination's content column in place of this one, when this one holds another
      part of a large category's list. Entries that both show stay where they were on screen,
      and so do the filter's text and the focus. */
  function replaceContent(parts, from) {
    const content = column("content");
    const scroller = listScroller();
    // The links leaving are written for `from`, those coming for `parts.url` (= location now).
    const target = (link, base) => new URL(link.getAttribute("href"), base).href;
    let anchor = null;
    if (isVisible(content)) {
      const top = scroller ? scroller.getBoundingClientRect().top : ($(".topbar")?.getBoundingClientRect().bottom ?? 0);
      const link = $$(".list a", content).find((a) => a.getBoundingClientRect().bottom > top);
      if (link) anchor = { href: target(link, from), top: link.getBoundingClientRect().top };
    }
    const filter = $(".filter-input", content);
    const query = filter?.value ?? "";
    const focused = content.contains(document.activeElement) ? document.activeElement : null;
    const focusedHref = focused?.matches("a[href]") ? target(focused, from) : null;
    content.replaceChildren(fragment(parts.content));
    if (parts.contentLabel) content.setAttribute("aria-label", parts.contentLabel);
    showFilters(content);
    const again = anchor && $$(".list a", content).find((a) => target(a, parts.url) === anchor.href);
    if (again) {
      const delta = again.getBoundingClientRect().top - anchor.top;
      if (scroller) scroller.scrollTop += delta; else window.scrollBy(0, delta);
    } else {
      if (scroller) scroller.scrollTop = 0;
      listScroll = 0;
    }
    const input = $(".filter-input", content);
    if (input && query) {
      input.value = query;
      filterFrom(input);
    }
    if (focused === filter && input) input.focus({ preventScroll: true });
    else if (focusedHref) {
      const link = $$(".list a", content).find((a) => target(a, parts.url) === focusedHref) ?? $(".list a[aria-current]", content);
      link?.focus({ preventScroll: true });
    }
    watchPartialLists(content);
  }

  /** Shows `parts` in place of the current page's detail, breadcrumbs, back link and title;
      the content column too when it holds another part of a large list. */
  function apply(parts) {
    const from = currentURL;
    clearTarget();
    const detail = column("detail");
    if (body.dataset.kind === "category" && parts.kind !== "category") listScroll = window.scrollY;
    body.dataset.kind = parts.kind;
    body.dataset.depth = parts.depth;
    body.dataset.root = parts.root;
    document.title = parts.title;
    rebase(column("sidebar"), from, parts.url);
    // The whole list (a short one, or a long one loaded in full) holds every entry: kept.
    if (listShape(document)?.complete) rebase(column("content"), from, parts.url);
    else replaceContent(parts, from);
    detail.replaceChildren(fragment(parts.detail));
    foldHomeIntro();
    $(".breadcrumbs").replaceWith(fragment(parts.breadcrumbs));
    $(".back-link")?.remove();
    if (parts.back) $(".breadcrumbs").before(fragment(parts.back));
    const description = $('meta[name="description"]');
    if (description && parts.description) description.setAttribute("content", parts.description);
    const languages = $(".languages");
    if (languages && parts.languages) languages.replaceWith(fragment(parts.languages));
    $$('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
    if (parts.alternates) document.head.append(fragment(parts.alternates));
    currentURL = parts.url;
    markSelection();
    announce(parts.title.split(" – ")[0]);
    const focused = document.activeElement;
    if (!focused || focused === body || !isVisible(focused)) {
      const target = parts.kind === "category" && !isVisible(detail) ? column("content") : detail;
      target.focus({ preventScroll: true });
    }
    document.dispatchEvent(new Event("stacks:shown"));
  }

  /** Fetches in flight, by page: a click on a link being prefetched waits for that fetch. */
  const loading = new Map();

  /** The parts of the page at `url`: cached, or fetched once however often it is asked for. */
  function load(url) {
    const key = pageKey(url);
    if (cache.has(key)) return Promise.resolve(cache.get(key));
    if (loading.has(key)) return loading.get(key);
    const fetched = (async () => {
      const response = await fetch(key, { credentials: "same-origin" });
      if (!response.ok || !/html/.test(response.headers.get("content-type") || "text/html")) throw new Error(`HTTP ${response.status}`);
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const parts = partsOf(doc, pageKey(response.url || key));
      if (!parts) throw new Error("not a Stacks page");
      cache.set(key, parts);
      return parts;
    })();
    loading.set(key, fetched);
    fetched.finally(() => loading.delete(key)).catch(() => {});
    return fetched;
  }

  // ── Transitions: a push slides in, a pop slides out; none when motion is reduced ─────

  const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)");
  /** Runs `update` (a swap of the page's parts) as a view transition going `direction`. */
  function transition(direction, update) {
    if (!document.startViewTransition || reducedMotion?.matches) {
      update();
      return;
    }
    const root = document.documentElement;
    root.dataset.transition = direction;
    const running = document.startViewTransition(update);
    // Skipped when the next swap comes first: its update still runs. Every promise of an
    // aborted transition rejects, and `finally` would pass the rejection on, uncaught.
    const done = () => { if (root.dataset.transition === direction) delete root.dataset.transition; };
    running.ready.catch(() => {});
    running.updateCallbackDone.catch(() => {});
    running.finished.then(done, done);
  }

  // A page load in this site animates too (CSS @view-transition): which way, the entry says.
  window.addEventListener("pagereveal", (event) => {
    if (!event.viewTransition) return;
    if (reducedMotion?.matches) { event.viewTransition.skipTransition(); return; }
    const activation = window.navigation?.activation;
    const back = activation?.navigationType === "traverse" && activation.from && activation.entry
      && activation.entry.index < activation.from.index;
    document.documentElement.dataset.transition = back ? "back" : "forward";
    // Aborted when the page is revealed first ("Page already revealed"): nothing to report.
    const done = () => delete document.documentElement.dataset.transition;
    event.viewTransition.ready.catch(() => {});
    event.viewTransition.updateCallbackDone?.catch(() => {});
    event.viewTransition.finished.then(done, done);
  });

  // ── History: each entry knows the pages behind it in this tab and its scroll positions ─

  const scrolls = new Map();
  /** The pages behind the current history entry in this tab, nearest last, as far as they are
      known: a page opened directly knows none. A link up the stack to one of them goes back
      to it, as a NavigationStack pops, instead of pushing the page again. */
  let stack = [];
  const stackLimit = 64;
  const behind = (pages) => Array.isArray(pages) ? pages.filter((page) => typeof page === "string").slice(-stackLimit) : [];
  const newEntryID = () => `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
  let entryID = history.state?.id ?? newEntryID();

  function scrollState() {
    return {
      window: window.scrollY,
      sidebar: column("sidebar")?.scrollTop ?? 0,
      content: column("content")?.scrollTop ?? 0,
      detail: column("detail")?.scrollTop ?? 0,
      list: listShape(document),
    };
  }

  /** Puts the lists and the detail back where `scroll` found them; the list only when it holds
      the same entries as then. */
  function restoreScroll(scroll) {
    if (!scroll) return false;
    const list = listShape(document);
    const sameList = !list || (scroll.list && scroll.list.offset === list.offset && scroll.list.length === list.length);
    column("sidebar").scrollTop = scroll.sidebar ?? 0;
    column("detail").scrollTop = scroll.detail ?? 0;
    if (sameList) column("content").scrollTop = scroll.content ?? 0;
    if (sameList || !isVisible(column("content"))) window.scrollTo(0, scroll.window ?? 0);
    return true;
  }

  /** Saves the scroll positions into the current history entry, before leaving it. */
  function remember() {
    const scroll = scrollState();
    scrolls.set(entryID, scroll);
    try { history.replaceState({ ...(history.state ?? {}), stacks: true, id: entryID, scroll }, ""); } catch { /* not allowed */ }
  }

  function pushEntry(url) {
    remember();
    stack = behind([...stack, currentURL]);
    entryID = newEntryID();
    history.pushState({ stacks: true, id: entryID, stack }, "", url);
  }

  function replaceEntry(url) {
    entryID = newEntryID();
    history.replaceState({ stacks: true, id: entryID, stack }, "", url);
  }

  /** Tells the page about to load in this tab which pages are behind it: pushed, it has this
      one and this one's; in this entry's place (`replace`), this one's. */
  function handOver(url, replace) {
    const arriving = { url: pageKey(url), from: currentURL, at: Date.now(), stack: replace ? stack : behind([...stack, currentURL]) };
    try { sessionStorage.setItem("stacks.arriving", JSON.stringify(arriving)); } catch { /* no storage */ }
  }

  /** A normal page load; `replace` puts the page in this entry's place. */
  function leave(url, replace = false) {
    remember();
    handOver(url, replace);
    if (replace) location.replace(url); else location.assign(url);
  }

  /** The pages behind the current entry, for a page that has just loaded. */
  function arrivalStack() {
    if (history.state && Array.isArray(history.state.stack)) return behind(history.state.stack);
    try {
      const arriving = JSON.parse(sessionStorage.getItem("stacks.arriving") ?? "null");
      sessionStorage.removeItem("stacks.arriving");
      // Only from the page that handed over: a link followed, not one clicked and abandoned.
      const handed = document.referrer ? pageKey(document.referrer) === arriving?.from : Date.now() - (arriving?.at ?? 0) < 3000;
      if (arriving?.url === currentURL && handed) return behind(arriving.stack);
    } catch { /* no storage */ }
    const navigation = performance.getEntriesByType?.("navigation")?.[0];
    if (navigation && navigation.type !== "navigate") return [];
    try {
      const referrer = new URL(document.referrer);
      return referrer.origin === location.origin ? [pageKey(referrer.href)] : [];
    } catch {
      return [];
    }
  }

  /** When `href`'s page is behind this entry in the tab's history, goes back to it
      (`history.go(-k)`), so that Back then leaves the stack as it would after a pop. */
  function goBackTo(href) {
    const target = pageKey(href);
    // Another page of the same list counts as the target: the back link of an item reached
    // through the whole list (filtered, or scrolled in the virtual list) names the list page
    // holding it, while the user came from page 1, where the list is as they left it.
    const list = listOf(target);
    const same = (key) => key === target || (list !== null && listOf(key) === list);
    let position = stack.length - 1;
    while (position >= 0 && !same(stack[position])) position -= 1;
    if (position < 0) return false;
    const distance = stack.length - position;
    // Where the browser lists this tab's entries, the one that far back must be that page.
    const entries = window.navigation?.entries?.(), current = window.navigation?.currentEntry;
    if (entries && current && current.index >= 0) {
      const entry = entries[current.index - distance];
      if (!entry?.url || !same(pageKey(entry.url))) return false;
    }
    history.go(-distance);
    return true;
  }

  /** The current list's category when `key` is one of its list pages (`page/6/` or
      `_page/6/` below it, or the category's own page), else null. */
  function listOf(key) {
    const category = categoryOf(document, currentURL);
    if (!category || !key.startsWith(category)) return null;
    return /^(index\.html)?$|^_?page\/\d+\/(index\.html)?$/.test(key.slice(category.length)) ? category : null;
  }

  /** Opens `url` in place when it is a page of the current category; otherwise navigates. */
  async function open(url, { replace = false } = {}) {
    if (pageKey(url) === currentURL) return;
    const swap = ++latestSwap;
    const wasCategory = body.dataset.kind === "category";
    try {
      const parts = await load(url);
      if (swap !== latestSwap) return;
      if (parts.category === null || parts.category !== categoryOf(document, currentURL)) {
        leave(url, replace);
        return;
      }
      const target = parts.url + new URL(url).hash;
      transition(replace ? "back" : "forward", () => {
        if (swap !== latestSwap) return;
        // The address changes with the links written for it, in the same frame.
        if (replace) replaceEntry(target); else pushEntry(target);
        apply(parts);
        column("detail").scrollTop = 0;
        revealSelection(true);
        if (!wasCategory && parts.kind === "category" && isVisible(column("content")) && !isVisible(column("detail"))) {
          window.scrollTo(0, listScroll);
        } else if (window.scrollY > 0 && (!isVisible(column("content")) || !isVisible(column("detail")))) {
          window.scrollTo(0, 0);
        }
        // A link to a heading of another page lands on the heading, as loading that page would;
        // a back link to the row of the entry the user came from, on that row.
        if (!revealEntry(url)) headingOf(url)?.scrollIntoView();
      });
    } catch {
      if (swap === latestSwap) leave(url, replace);
    }
  }

  /** Back or Forward to `state`'s entry: the page it shows, where it was scrolled. */
  async function arrive(state) {
    // The entry left can no longer be written to: its scroll positions are kept here.
    scrolls.set(entryID, scrollState());
    entryID = state?.id ?? newEntryID();
    const direction = behind(state?.stack).length < stack.length ? "back" : "forward";
    stack = behind(state?.stack);
    if (!state?.id) history.replaceState({ ...(state ?? {}), stacks: true, id: entryID, stack }, "");
    const scroll = scrolls.get(entryID) ?? state?.scroll;
    const key = pageKey(location.href);
    const swap = ++latestSwap;
    if (key === currentURL) {
      // Back to the page shown while a swap away from it was under way: that swap is dropped.
      document.dispatchEvent(new Event("stacks:shown"));
      return;
    }
    try {
      const parts = await load(key);
      if (swap !== latestSwap) return;
      if (parts.category === null || parts.category !== categoryOf(document, currentURL)) throw new Error("another category");
      transition(direction, () => {
        if (swap !== latestSwap) return;
        apply(parts);
        if (!restoreScroll(scroll)) {
          column("detail").scrollTop = 0;
          revealSelection();
        }
      });
    } catch {
      if (swap === latestSwap) location.reload();
    }
  }

  /** Escape: pops the stack, as a NavigationStack's back button does, and never adds a history
      entry. When the parent page is behind this entry, that is going back to it (and Forward
      can return). Otherwise — the page was opened directly — the parent takes this entry's
      place: the popped page is gone from the stack. */
  function pop() {
    const back = $(".back-link");
    if (!back) return false;
    const parent = hrefOf(back);
    if (goBackTo(parent)) return true;
    if (inPlace(parent)) open(parent, { replace: true });
    else leave(parent, true);
    return true;
  }

  /** Runs `action` once the page shows the entry the address names (a swap may be under way). */
  function whenShown(action) {
    if (pageKey(location.href) === currentURL) action();
    else document.addEventListener("stacks:shown", () => whenShown(action), { once: true });
  }

  const navigable = [
    "[data-column=content] .list > li:not(.category, .tag) > a",
    "[data-column=detail] a",
    ".breadcrumbs a",
    ".back-link",
    ".search-results a",
  ].join(", ");

  /** Only pages below the current category can be shown without reloading the sidebar. */
  function inPlace(href) {
    if (!canFetch) return false;
    const url = new URL(href, location.href);
    if (url.origin !== location.origin) return false;
    if (!/(\/|\/index\.html)$/.test(url.pathname)) return false;
    const category = categoryOf(document, currentURL);
    return category !== null && url.href.startsWith(category);
  }

  function opensInPlace(link) {
    if (!canFetch || !link.matches(navigable)) return false;
    if (link.target && link.target !== "_self") return false;
    if (link.hasAttribute("download") || link.relList.contains("external")) return false;
    const url = new URL(hrefOf(link));
    if (url.pathname === new URL(currentURL).pathname && url.hash) return false;
    return inPlace(url.href);
  }

  // Where the page was left, when it loads again (a reload, or Back to a page the browser did
  // not keep); read before the entry is rewritten below.
  const restoring = history.state?.scroll ?? null;
  stack = arrivalStack();
  try {
    history.replaceState({ ...(history.state ?? {}), stacks: true, id: entryID, stack }, "");
  } catch { /* no history API (opened from disk in some browsers) */ }
  window.addEventListener("pagehide", () => remember());

  const plainClick = (event) => !event.defaultPrevented && event.button === 0
    && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
  /** Links up the stack: the back links and the breadcrumbs. */
  const upward = ".back-link, .breadcrumbs a, .detail-stack a";

  // Up the stack to a page behind this entry: back to it, not a new entry (from disk too).
  document.addEventListener("click", (event) => {
    if (!plainClick(event)) return;
    const link = event.target.closest?.("a[href]");
    if (!link || !link.matches(upward) || (link.target && link.target !== "_self")) return;
    if (pageKey(hrefOf(link)) === currentURL || !goBackTo(hrefOf(link))) return;
    event.preventDefault();
    closeSearch();
  });

  if (canFetch) {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    // The browser re-reads the icon as soon as the URL changes, before any rewriting could.
    for (const link of $$('head link[rel~="icon"]')) link.setAttribute("href", link.href);
    const initial = partsOf(document, currentURL);
    if (initial) cache.set(currentURL, initial);

    document.addEventListener("click", (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target.closest?.("a[href]");
      if (!link || !opensInPlace(link)) return;
      event.preventDefault();
      closeSearch();
      open(hrefOf(link));
    });

    window.addEventListener("popstate", (event) => arrive(event.state));
    // A page the browser kept in memory can come back showing another entry's state.
    window.addEventListener("pageshow", (event) => {
      if (event.persisted && pageKey(location.href) !== currentURL) arrive(history.state);
    });
  }

  // ── Prefetch: a page is fetched when a pointer rests on its link, or focus or a touch
  //    reaches it, so that choosing it shows it at once ───────────────────────────────

  const prefetched = new Set();
  const saveData = () => !!navigator.connection?.saveData;
  function prefetch(link) {
    if (!link?.isConnected || saveData() || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(hrefOf(link));
    if (url.protocol !== location.protocol || url.host !== location.host) return;
    const key = pageKey(url.href);
    if (key === currentURL || prefetched.has(key)) return;
    prefetched.add(key);
    if (opensInPlace(link)) {
      load(key).catch(() => prefetched.delete(key));
    } else if (!fromDisk && /(\/|\.html)$/.test(url.pathname)) {
      const hint = document.createElement("link");
      hint.rel = "prefetch";
      hint.href = key;
      document.head.append(hint);
    }
  }
  let resting = null;
  document.addEventListener("pointerover", (event) => {
    const link = event.target.closest?.("a[href]");
    clearTimeout(resting);
    // A pointer passing over a list on its way elsewhere fetches nothing.
    if (link && event.pointerType !== "touch") resting = setTimeout(() => prefetch(link), 65);
  });
  document.addEventListener("pointerdown", () => clearTimeout(resting), true);
  // After the task that moved the focus: a swap moves it before it is done.
  document.addEventListener("focusin", (event) => queueMicrotask(() => prefetch(event.target.closest?.("a[href]"))));
  document.addEventListener("touchstart", (event) => prefetch(event.target.closest?.("a[href]")), { passive: true });

  // Any other link in this site loads its page pushed on this one: tell it what is behind it.
  document.addEventListener("click", (event) => {
    if (!plainClick(event)) return;
    const link = event.target.closest?.("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(hrefOf(link));
    if (url.protocol !== location.protocol || url.host !== location.host || pageKey(url.href) === currentURL) return;
    handOver(url.href, false);
  });

  // ── A live region, so a screen reader hears what the swap changed ──────────────────

  const announcer = document.createElement("div");
  announcer.className = "visually-hidden";
  announcer.setAttribute("aria-live", "polite");
  body.append(announcer);
  function announce(text) {
    announcer.textContent = "";
    setTimeout(() => { announcer.textContent = text; }, 50);
  }

  // ── Large lists: a category's whole list from its index, drawn a window at a time ───
  //
  // A list shown in parts (a window on an item's page, a page of a category's list) names its
  // category's index (data-index): every entry in one small file, fetched once — or, opened
  // from disk, loaded by a script tag. Scrolling to the end of the part shown, or filtering,
  // turns the list into the whole category, of which only the rows near the view are in the
  // document: rows have one height, and the list's padding stands for the rest.

  /** A script that sets `window[name]`, for a site opened from disk: its value. */
  function loadScript(src, name) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = () => {
        const value = window[name];
        delete window[name];
        script.remove();
        value ? resolve(value) : reject(new Error("empty"));
      };
      script.onerror = () => { script.remove(); reject(new Error(`no ${src}`)); };
      document.head.append(script);
    });
  }

  const canLoadIndex = canFetch || fromDisk;
  /** Indexes by URL: each is loaded once, however often it is asked for. */
  const listIndexes = new Map();

  /** The entries of the category whose list `list` shows part of. */
  function loadListIndex(list) {
    const url = new URL(list.dataset.index, currentURL).href;
    if (listIndexes.has(url)) return listIndexes.get(url);
    // Entry URLs are relative to the category's page, icon URLs too.
    const base = new URL(list.dataset.firstPage, currentURL).href;
    const loaded = canFetch
      ? fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      : loadScript(url.replace(/\.json$/, ".js"), "stacksListIndex");
    const entries = loaded.then((index) => index.entries.map(([href, title, summary = "", tags = "", kind = "item", icon = "", color = "", count = "", language = "", languageName = "", picture2x = ""]) => ({
      href: new URL(href, base).href,
      title, summary, tags, kind, color, count, language, languageName,
      icon: icon.includes("/") ? { url: new URL(icon, base).href, url2x: picture2x && new URL(picture2x, base).href } : icon ? { text: icon } : null,
      text: fold(`${title} ${summary} ${tags}`),
    })));
    listIndexes.set(url, entries);
    entries.catch(() => listIndexes.delete(url));
    return entries;
  }

  /** Virtual lists: their entries, those shown (the filter's matches) and the rows drawn. */
  const virtualLists = new WeakMap();
  let rowProbe = null;

  /** How a page load would mark the link to `href`: "page" here, "true" above here. */
  function selectionOf(href) {
    const current = $(".breadcrumbs a[aria-current=page]");
    if (!current) return null;
    const here = folderOf(current.href), there = folderOf(href);
    return there === here ? "page" : here.startsWith(there) ? "true" : null;
  }

  function rowOf(entry, position, total) {
    const row = document.createElement("li");
    // As the page's own rows (ListEntryView.rowClass): an item's row has no class.
    if (entry.kind !== "item") row.className = entry.kind;
    // The id the page's own rows have (ListPlace.rowID): `entry-` and the entry's path.
    const path = relativeURL(new URL(entry.href), siteRoot()).replace(/\/(index\.html)?$/, "");
    if (!/^(\.\.\/|[a-z]+:)/.test(path)) row.id = `entry-${path}`;
    if (entry.tags) row.dataset.tags = entry.tags;
    // A page missing in this language, in another (CategoryIndex: `language`), as the page's own rows mark it.
    if (entry.language) row.lang = entry.language;
    row.setAttribute("aria-setsize", total);
    row.setAttribute("aria-posinset", position + 1);
    const link = document.createElement("a");
    link.href = relativeURL(new URL(entry.href), new URL(currentURL));
    if (entry.language) link.hreflang = entry.language;
    const selection = selectionOf(entry.href);
    if (selection) link.setAttribute("aria-current", selection);
    if (entry.href === targetHref) row.setAttribute("data-target", "");
    if (entry.icon || entry.color) {
      const icon = document.createElement("i");
      icon.setAttribute("aria-hidden", "true");
      if (entry.color) icon.style.setProperty("--accent", entry.color);
      // A theme icon is drawn by the stylesheet, as the page's own rows draw it (ThemeIcons).
      const themeIcon = /\/assets\/icons\/([A-Za-z0-9_-]+)\.svg$/.exec(entry.icon?.url ?? "")?.[1];
      if (themeIcon) {
        icon.dataset.icon = themeIcon;
      } else if (entry.icon?.url2x) {
        // The entry's picture cut to the tile, as the page's own rows show it (IconView.thumbnail).
        icon.className = "picture";
        const image = document.createElement("img");
        Object.assign(image, { src: entry.icon.url, srcset: `${entry.icon.url} 64w, ${entry.icon.url2x} 128w`, sizes: "2rem",
          alt: "", width: 64, height: 64, loading: "lazy", decoding: "async" });
        icon.append(image);
      } else if (entry.icon?.url) {
        const image = document.createElement("img");
        Object.assign(image, { src: entry.icon.url, alt: "", width: 18, height: 18 });
        icon.append(image);
      } else if (entry.icon) {
        icon.textContent = entry.icon.text;
      }
      link.append(icon);
    }
    const title = document.createElement("b");
    title.textContent = entry.title;
    link.append(title);
    if (entry.summary) {
      const summary = document.createElement("small");
      summary.textContent = entry.summary;
      link.append(summary);
    }
    if (entry.languageName) {
      const mark = document.createElement("span");
      mark.className = "language-mark";
      mark.textContent = entry.languageName;
      link.append(mark);
    }
    if (entry.count) {
      const count = document.createElement("span");
      count.className = "count";
      count.title = sayCount("entries", Number(entry.count));
      count.textContent = entry.count;
      link.append(count);
    }
    row.append(link);
    return row;
  }

  /** The rows' one height: that of a row as tall as any (with a summary, if any has one). */
  function rowHeight(list, entries) {
    const sample = entries.find((e) => e.summary) ?? entries[0];
    if (!sample) return 48;
    rowProbe?.remove();
    rowProbe = rowOf({ ...sample, title: "Wy", summary: sample.summary ? "Wy" : "" }, 0, 1);
    rowProbe.style.height = "auto";
    list.append(rowProbe);
    const height = rowProbe.getBoundingClientRect().height;
    rowProbe.remove();
    rowProbe = null;
    return Math.max(1, Math.ceil(height));
  }

  /** The visible band of the list's scroller, in viewport coordinates. */
  function viewOf(list) {
    const scroller = listScroller();
    if (scroller && scroller.contains(list)) {
      const box = scroller.getBoundingClientRect();
      return { scroller, top: box.top, bottom: box.top + scroller.clientHeight };
    }
    return { scroller: null, top: 0, bottom: window.innerHeight };
  }

  const scrollBy = (view, delta) => { if (view.scroller) view.scroller.scrollTop += delta; else window.scrollBy(0, delta); };

  /** Draws the rows near the view (never more than a few hundred), keeping those still there. */
  function drawWindow(list, force = false) {
    const state = virtualLists.get(list);
    if (!state || !list.isConnected) return;
    const { shown, height } = state;
    const total = shown.length;
    const view = viewOf(list);
    const listTop = list.getBoundingClientRect().top;
    const first = Math.floor((view.top - listTop) / height);
    const visible = Math.ceil((view.bottom - view.top) / height) + 1;
    const margin = Math.min(100, Math.max(20, visible));
    let start = Math.max(0, Math.min(total, first - margin));
    let end = Math.max(start, Math.min(total, first + visible + margin));
    if (end - start > 400) end = start + 400;
    if (!force && start === state.start && end === state.end) return;
    if (force || end <= state.start || start >= state.end) {
      list.replaceChildren(...shown.slice(start, end).map((entry, i) => rowOf(entry, start + i, total)));
    } else {
      // Only the rows that came into the band are made; the others (and the focus) stay.
      for (let n = state.start; n < start; n++) list.firstElementChild.remove();
      for (let n = end; n < state.end; n++) list.lastElementChild.remove();
      const before = shown.slice(start, Math.max(start, state.start)).map((entry, i) => rowOf(entry, start + i, total));
      const after = shown.slice(Math.min(end, state.end), end).map((entry, i) => rowOf(entry, Math.min(end, state.end) + i, total));
      list.prepend(...before);
      list.append(...after);
    }
    state.start = start;
    state.end = end;
    list.style.paddingTop = `${start * height}px`;
    list.style.paddingBottom = `${(total - end) * height}px`;
  }

  let drawPending = false;
  function drawVirtualLists() {
    if (drawPending) return;
    drawPending = true;
    requestAnimationFrame(() => {
      drawPending = false;
      for (const list of $$(".list[data-virtual]")) drawWindow(list);
    });
  }
  column("content")?.addEventListener("scroll", drawVirtualLists, { passive: true });
  window.addEventListener("scroll", drawVirtualLists, { passive: true });
  window.addEventListener("resize", () => {
    for (const list of $$(".list[data-virtual]")) {
      const state = virtualLists.get(list);
      state.height = rowHeight(list, state.all);
      list.style.setProperty("--row-height", `${state.height}px`);
      drawWindow(list, true);
    }
  });

  /** The entry a back link's fragment names (`#entry-` and its path): in the middle of the
      view and marked, drawn first if the list is virtual. */
  let targetHref = null;
  function clearTarget() {
    targetHref = null;
    for (const row of $$(".list > li[data-target]")) row.removeAttribute("data-target");
  }
  function revealEntry(url) {
    const hash = new URL(url, location.href).hash;
    if (!hash.startsWith("#entry-")) return false;
    clearTarget();
    const list = $("[data-column=content] .list");
    const state = list && virtualLists.get(list);
    if (state) {
      // The id is the entry's path as its URL writes it (percent-encoded).
      const target = folderOf(new URL(`${hash.slice("#entry-".length)}/`, siteRoot()).href);
      const position = state.shown.findIndex((entry) => folderOf(entry.href) === target);
      if (position < 0) return false;
      targetHref = state.shown[position].href;
      const view = viewOf(list);
      const top = list.getBoundingClientRect().top + position * state.height;
      scrollBy(view, top + state.height / 2 - (view.top + view.bottom) / 2);
      drawWindow(list, true);
      return true;
    }
    const row = document.getElementById(hash.slice(1)) ?? headingOf(url);
    if (!row?.matches(".list > li")) return false;
    // Kept if the list becomes virtual, which draws its rows anew.
    targetHref = row.querySelector("a")?.href ?? null;
    row.setAttribute("data-target", "");
    row.scrollIntoView({ block: "center" });
    return true;
  }

  /** Turns a list shown in parts into the whole category, drawn a window at a time; the entry
      at the top of the view stays where it is on screen. */
  async function virtualize(list) {
    if (!canLoadIndex || !list?.dataset.index) return false;
    if (virtualLists.has(list)) return true;
    let note = null;
    if (!list.dataset.loading) {
      list.dataset.loading = "true";
      note = document.createElement("p");
      note.className = "list-loading";
      note.setAttribute("role", "status");
      note.textContent = say("loadingEntries", { count: number(Number(list.dataset.count)) });
      list.after(note);
    }
    let entries;
    try {
      entries = await loadListIndex(list);
    } catch {
      // The links to the list's pages stay; nothing is lost.
      return false;
    } finally {
      note?.remove();
      if (note) delete list.dataset.loading;
    }
    // A swap may have replaced the list while its index was loading.
    if (!list.isConnected) return false;
    if (virtualLists.has(list)) return true;
    const view = viewOf(list);
    const rows = [...list.children];
    const offset = Number(list.dataset.offset || 0);
    // Rows the filter hides leave no place to keep: then the filter's matches show from the top.
    const filtered = rows.some((row) => row.hasAttribute("data-filtered"));
    const anchorIndex = filtered ? -1 : rows.findIndex((row) => row.getBoundingClientRect().bottom > view.top);
    const anchor = anchorIndex >= 0 ? { position: offset + anchorIndex, top: rows[anchorIndex].getBoundingClientRect().top } : null;
    const focused = list.contains(document.activeElement) ? rows.indexOf(document.activeElement.closest("li")) : -1;
    const state = { all: entries, shown: entries, start: 0, end: 0, height: 0 };
    virtualLists.set(list, state);
    list.dataset.virtual = "true";
    delete list.dataset.firstPage;
    list.dataset.offset = "0";
    for (const element of $$(".list-window, .pagination", list.parentElement)) element.remove();
    state.height = rowHeight(list, entries);
    list.style.setProperty("--row-height", `${state.height}px`);
    list.replaceChildren();
    list.style.paddingTop = "0px";
    list.style.paddingBottom = `${entries.length * state.height}px`;
    if (anchor) scrollBy(view, list.getBoundingClientRect().top + anchor.position * state.height - anchor.top);
    drawWindow(list, true);
    if (focused >= 0) focusRow(list, offset + focused);
    list.dispatchEvent(new CustomEvent("stacks:listloaded", { bubbles: true }));
    return true;
  }

  /** Moves the focus to row `position` of a virtual list, scrolling it into view and drawing it. */
  function focusRow(list, position) {
    const state = virtualLists.get(list);
    if (!state) return;
    const view = viewOf(list);
    const top = list.getBoundingClientRect().top + position * state.height;
    if (top < view.top) scrollBy(view, top - view.top);
    else if (top + state.height > view.bottom) scrollBy(view, top + state.height - view.bottom);
    drawWindow(list);
    $(`li[aria-posinset="${position + 1}"] > a`, list)?.focus({ preventScroll: true });
  }

  /** The filter over a virtual list: every entry of the category, matched on its index text. */
  function filterVirtual(list, input) {
    const state = virtualLists.get(list);
    const words = fold(input.value).split(" ").filter(Boolean);
    state.shown = words.length ? rankedByTier(state.all, (entry) => filterTier(entry.folded ??= fold(entry.title), entry.text, words)) : state.all;
    showCount(list, input, words.length ? state.shown.length : -1, state.all.length);
    // The matches are shown from the first (below a sticky header, if the list has one).
    const view = viewOf(list);
    const header = list.parentElement.querySelector(".list-header");
    const limit = Math.max(view.top, header ? header.getBoundingClientRect().bottom : view.top);
    const top = list.getBoundingClientRect().top;
    if (top < limit) scrollBy(view, top - limit);
    drawWindow(list, true);
    showEmpty(list, input, words.length > 0 && state.shown.length === 0);
  }

  /** Filters a list shown in parts: the rows there are at once, all of them once the index is
      here; until then the list says it is loading, not that nothing matches. */
  function filterLarge(input, list) {
    if (virtualLists.has(list)) return filterVirtual(list, input);
    applyFilter(input, true);
    virtualize(list).then((done) => {
      if (done && virtualLists.has(list) && input.isConnected) filterVirtual(list, input);
      else if (input.isConnected) applyFilter(input);
    });
  }

  const watched = new WeakSet();
  function watchPartialLists(root = document) {
    if (!canLoadIndex || typeof IntersectionObserver !== "function") return;
    for (const list of $$(".list[data-first-page][data-index]", root)) {
      if (watched.has(list)) continue;
      watched.add(list);
      // aria-setsize and -posinset tell where the part shown is in the whole list.
      [...list.children].forEach((row, i) => {
        row.setAttribute("aria-setsize", list.dataset.count);
        row.setAttribute("aria-posinset", Number(list.dataset.offset || 0) + i + 1);
      });
      const observer = new IntersectionObserver((records) => {
        if (records.some((record) => record.isIntersecting)) {
          observer.disconnect();
          virtualize(list);
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
  /** What a row is filtered on: its title, summary and tags, apart, as in a list's index (not
      its icon's letters or its count, nor the title run into the summary). */
  function haystack(entry) {
    if (!haystacks.has(entry)) {
      const title = entry.querySelector("a > b")?.textContent ?? entry.textContent;
      const summary = entry.querySelector("a > small")?.textContent ?? "";
      haystacks.set(entry, fold(`${title} ${summary} ${entry.dataset.tags ?? ""}`));
    }
    return haystacks.get(entry);
  }

  /**
   * How well a row answers the filter's `words` (folded) by its folded title and text (title,
   * summary and tags): 0 it does not have every word; 4 its title is what was typed, 3 its
   * title starts with it, 2 every word starts a word of its title, 1 the words are in it.
   */
  function filterTier(title, text, words) {
    if (!words.every((word) => text.includes(word))) return 0;
    const typed = words.join(" ");
    if (title === typed) return 4;
    if (title.startsWith(typed)) return 3;
    const titleWords = title.split(/[^\p{L}\p{N}]+/u);
    return words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word))) ? 2 : 1;
  }

  /** The items with a tier above 0, the best tier first, each tier in the list's order. */
  function rankedByTier(items, tierOf) {
    const found = [];
    items.forEach((item, position) => {
      const tier = tierOf(item);
      if (tier) found.push([tier, position, item]);
    });
    return found.sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, , item]) => item);
  }

  /** "N of M entries" below the filter while it filters (`shown` ≥ 0), for every list. */
  function showCount(list, input, shown, total) {
    const filter = input.closest(".filter");
    if (!filter) return;
    let count = $(".filter-count", filter);
    if (!count) {
      count = document.createElement("span");
      count.className = "filter-count";
      count.setAttribute("role", "status");
      filter.append(count);
    }
    count.textContent = shown > 0 ? sayCount("filtered", total, { shown: number(shown) }) : "";
    count.hidden = !(shown > 0);
  }

  /** Says when nothing matches, or (`loading`) that the list is loading. */
  function showEmpty(list, input, empty, loading = false) {
    let note = list.parentElement.querySelector(".filter-empty");
    if (!note) {
      note = document.createElement("p");
      note.className = "filter-empty";
      note.setAttribute("role", "status");
      list.after(note);
    }
    note.textContent = loading ? say("loadingEntries", { count: number(Number(list.dataset.count)) })
      : empty ? say("noMatch", { query: input.value.trim() }) : "";
    note.hidden = !(empty || loading);
  }

  /** The rows of each list in the document in their own order, while a filter reorders them. */
  const rowOrders = new WeakMap();
  /** The filter over the rows in the document, the best matches first (`filterTier`), the
      list's own order back once it is empty; `loading`: more are on their way. */
  function applyFilter(input, loading = false) {
    const list = input.closest("[data-column]")?.querySelector(".list");
    if (!list) return;
    const words = fold(input.value).split(" ").filter(Boolean);
    if (!rowOrders.has(list)) rowOrders.set(list, [...list.children]);
    const rows = rowOrders.get(list);
    const title = (row) => fold(row.querySelector("a > b")?.textContent ?? row.textContent);
    const shown = words.length ? rankedByTier(rows, (row) => filterTier(title(row), haystack(row), words)) : rows;
    const matched = new Set(shown);
    for (const row of rows) row.toggleAttribute("data-filtered", !matched.has(row));
    const order = [...shown, ...rows.filter((row) => !matched.has(row))];
    if (order.some((row, position) => list.children[position] !== row)) list.append(...order);
    showEmpty(list, input, words.length > 0 && shown.length === 0 && !loading, loading && words.length > 0);
    showCount(list, input, words.length && !loading ? shown.length : -1, Number(list.dataset.count) || rows.length);
  }

  function showFilters(root) {
    for (const filter of $$(".filter", root)) filter.hidden = false;
  }
  /** The list of a large category the filter is over, if it is one. */
  const largeListOf = (input) => input.closest("[data-column]")?.querySelector(".list[data-index]");
  function filterFrom(input) {
    const list = largeListOf(input);
    if (list && canLoadIndex) filterLarge(input, list);
    else applyFilter(input);
  }
  // Delegated: a swap can replace the content column, filter and all.
  document.addEventListener("input", (event) => {
    if (event.target.matches?.(".filter-input")) filterFrom(event.target);
  });
  document.addEventListener("focusin", (event) => {
    const list = event.target.matches?.(".filter-input") && largeListOf(event.target);
    if (list && canLoadIndex && !virtualLists.has(list)) loadListIndex(list).catch(() => {});
  });
  showFilters(document);

  // ── Site search over the sharded index in _stacks/search/ ───────────────────────────
  //
  // index.js names the terms shards and the files they share; a query loads the shard of
  // each word (and, for the last word typed, of the longer words it begins), ranks the pages
  // from their postings, then loads the files of the records of the results shown only.
  // Every file is a script that hands its data to window.stacksSearch, so the same loading
  // works from disk.

  const search = $(".search");
  // The page holds an empty, hidden search (it does nothing without this script): made here.
  if (search && !search.firstElementChild) {
    search.innerHTML = '<label class="visually-hidden" for="search-input"></label>'
      + '<button type="button" class="search-back"><i class="glyph glyph-back" aria-hidden="true"></i></button>'
      + '<input type="search" id="search-input" class="search-input" autocomplete="off" spellcheck="false" aria-describedby="search-status">'
      + '<div class="search-panel" hidden><p class="search-status" id="search-status" aria-live="polite"></p><ul class="search-results"></ul><button type="button" class="search-more" hidden></button><button type="button" class="search-languages" hidden></button></div>';
    search.firstElementChild.textContent = search.dataset.label ?? say("search");
    search.querySelector(".search-back").append(say("back"));
    search.querySelector(".search-input").placeholder = say("search");
    search.querySelector(".search-languages").textContent = say("searchEveryLanguage");
  }
  const searchInput = $(".search-input");
  const searchPanel = $(".search-panel");
  const searchStatus = $(".search-status");
  const searchResults = $(".search-results");
  // The results shown: ten, and twenty more each time "More results" is chosen, for one query.
  // The button is outside the list the results are drawn into, so it keeps the focus.
  const searchMore = $(".search-more");
  // In a catalog of several languages, the others are searched when this is chosen.
  const searchLanguages = $(".search-languages");
  // On a phone the search is a view of its own, over the page, with a back control, as a
  // search in a NavigationStack is: the stylesheet shows it so (and the control) only there.
  const searchBack = $(".search-back");
  const searchView = () => isVisible(searchBack);
  const firstResults = 10, moreResults = 20, textFilesPerQuery = 2;
  let resultsShown = firstResults, resultsQuery = "";
  // Each language of a catalog has its own search, under its folder (`de/`): the reader's is
  // searched, the others only when asked (index.languages). A file's data goes to the language
  // its script was loaded for.
  const ownFolder = body.dataset.language ?? "";
  const searchStates = new Map();
  function searchState(folder) {
    if (!searchStates.has(folder)) {
      searchStates.set(folder, { folder, index: null, terms: new Map(), forms: new Map(), pages: new Map(), texts: new Map(), scripts: new Map() });
    }
    return searchStates.get(folder);
  }
  const searchData = searchState(ownFolder);
  const loadingState = () => searchState(document.currentScript?.dataset.folder ?? ownFolder);
  let everyLanguage = false;
  window.stacksSearch = {
    index(data) { Object.assign(loadingState(), { index: data, termsFiles: null }); },
    terms(key, data, groups) {
      const state = loadingState();
      state.terms.set(key, data);
      // Groups of a stem's forms, `archiv|e,ed,ing` (SearchIndex.encoded): each form → the group.
      const forms = new Map();
      for (const encoded of groups ?? []) {
        const [start, ends] = encoded.split("|");
        const group = ends.split(",").map((end) => start + end);
        for (const form of group) forms.set(form, group);
      }
      state.forms.set(key, forms);
    },
    page(number, data) { loadingState().pages.set(Number(number), data); },
    text(number, text) { loadingState().texts.set(Number(number), text); },
  };

  /** Loads <language folder>_stacks/search/<path> once; resolves when it has run. */
  function loadSearchScript(path, state = searchData) {
    const searchScripts = state.scripts;
    if (!searchScripts.has(path)) {
      const loaded = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.dataset.folder = state.folder;
        script.src = new URL(`${state.folder}_stacks/search/${path}`, siteRoot()).href;
        script.onload = () => { script.remove(); resolve(); };
        script.onerror = () => { script.remove(); reject(new Error(`no ${path}`)); };
        document.head.append(script);
      });
      loaded.catch(() => searchScripts.delete(path));
      searchScripts.set(path, loaded);
    }
    return searchScripts.get(path);
  }

  const loadSearchIndex = (state = searchData) => loadSearchScript("index.js", state).then(() => {
    if (!state.index) throw new Error("empty search index");
    return state.index;
  });

  // SearchTerms.swift splits the index's text the same way.
  const ideograph = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{2fa1f}";
  const termPattern = new RegExp(`[${ideograph}]|(?:(?![${ideograph}])[\\p{L}\\p{N}])+`, "gu");
  const searchTerms = (text) => (fold(text).match(termPattern) ?? []).filter((term) => [...term].length <= 40);
  // A token typed with a symbol in it ("!", "[[", "c++") is looked up whole too, as a page
  // whose title it is was indexed (SearchTerms.titleTerms).
  const symbolTerms = (text) => fold(text).split(" ")
    .filter((token) => token && /[^\p{L}\p{N}]/u.test(token) && [...token].length <= 40);
  const shardName = (key) => [...key].map((c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0).toString(16)}_`)).join("");

  /** The shards that hold `word`, and with `prefix` the words it begins (a few shards at most). */
  function shardsOf(word, prefix, keys) {
    let own = null;
    for (const key of keys) if (word.startsWith(key) && (!own || key.length > own.length)) own = key;
    const shards = own ? [own] : [];
    if (prefix) shards.push(...keys.filter((key) => key.length > word.length && key.startsWith(word)).slice(0, 6));
    return shards;
  }

  /** What shard `key` holds for `word`: its postings, or its other forms (SearchIndex.forms). */
  const shardHas = (state, key, word) => Object.hasOwn(state.terms.get(key) ?? {}, word);
  const formsIn = (state, key, word) => (state.forms.get(key)?.get(word) ?? []).filter((form) => form !== word);

  /** Loads the term shards not loaded yet; one that fails to load only costs its words. */
  async function loadShards(state, keys, run) {
    const missing = [...new Set(keys)].filter((key) => !state.terms.has(key));
    if (!missing.length) return;
    if (run === searchRun && state === searchData) searchStatus.textContent = say("loading");
    const files = new Set(missing.map((key) => termsFileOf(state, key)));
    await Promise.allSettled([...files].map((file) => loadSearchScript(file, state)));
  }

  /** The file that holds shard `key`: shards come several to a file, in key order, named by the
   * first (index.files: how many keys each file holds; SearchIndex.fileLimit). */
  function termsFileOf(state, key) {
    if (!state.termsFiles) {
      state.termsFiles = new Map();
      const { keys, files } = state.index;
      let first = 0;
      for (const count of files ?? keys.map(() => 1)) {
        for (const own of keys.slice(first, first + count)) state.termsFiles.set(own, `terms/${shardName(keys[first])}.js`);
        first += count;
      }
    }
    return state.termsFiles.get(key) ?? `terms/${shardName(key)}.js`;
  }

  /**
   * Page number → where `word` stands on it: the best rank of its terms (SearchRank.swift: bits
   * 0–1 the field, 3 title, 2 summary or tags, 1 body; bit 2 the title's first word or its whole;
   * bits 3– the title's words) and whether the term was the word itself, not one it begins or
   * another of its `forms`.
   */
  function postingsOf(state, word, prefix, forms, shards) {
    const pages = new Map();
    for (const key of shards) {
      const terms = state.terms.get(key) ?? {};
      for (const term of Object.keys(terms)) {
        if (term !== word && !(prefix && term.startsWith(word)) && !forms.includes(term)) continue;
        const whole = term === word;
        const values = terms[term];
        let page = 0;
        for (let at = 0; at < values.length; at += 1) {
          // SearchIndex.shardValues: a page's delta and field, and after a title's, the rest of its rank.
          page += values[at] >> 2;
          let rank = values[at] & 3;
          if (rank === 3) rank |= values[++at] << 2;
          // The best field first (a form in a summary over the word itself in the text), then
          // the word itself over a form or a word it begins.
          const found = pages.get(page);
          const field = rank & 3, foundField = found ? found.rank & 3 : 0;
          if (field > foundField || (field === foundField && ((whole && !found.whole) || (whole === found.whole && rank > found.rank)))) {
            pages.set(page, { word, rank, whole });
          }
        }
      }
    }
    return pages;
  }

  /**
   * How well a page's title answers what was typed, from its words' places (`found`): 5 the
   * title is what was typed (case and accents aside), 4 it starts with the first word, 3 it
   * has every word, 2 every word is in the title, summary or tags, 1 some only in the text.
   * Also the title's number of words, for ties (8: unknown).
   */
  function titleTier(found, wordTerms, typed) {
    const field = (f) => f.rank & 3;
    const titleWords = (f) => f.rank >> 3;
    const inTitle = found.filter((f) => field(f) === 3);
    const length = inTitle.map(titleWords).find((n) => n > 0) ?? 8;
    // The term that is the whole title (c++, tar.gz), typed whole.
    if (inTitle.some((f) => f.whole && titleWords(f) === 0 && (f.rank & 4) && f.word === typed)) return { tier: 5, length: 1 };
    const words = inTitle.filter((f) => titleWords(f) > 0 && wordTerms.includes(f.word));
    if (wordTerms.length && words.length === wordTerms.length) {
      if (length === wordTerms.length && length < 7 && words.every((f) => f.whole)) return { tier: 5, length };
      if (words.some((f) => f.word === wordTerms[0] && (f.rank & 4))) return { tier: 4, length };
      return { tier: 3, length };
    }
    return { tier: found.every((f) => field(f) >= 2) ? 2 : 1, length };
  }

  /** The text around the first word found, with the words found marked. */
  function snippetOf(record, text, matches) {
    const snippet = document.createElement("span");
    snippet.className = "snippet";
    const wordsOf = (source) => [...source.matchAll(termPattern)].filter((found) => matches(fold(found[0])));
    // The text if a word is in it, else the summary (the text keeps only a page's start).
    const sources = [text ?? "", record.summary ?? ""].filter(Boolean);
    const source = sources.find((text) => wordsOf(text).length) ?? sources[sources.length - 1] ?? "";
    const words = wordsOf(source);
    const first = words[0]?.index ?? 0;
    let start = Math.max(0, first - 60);
    if (start > 0) start = source.indexOf(" ", start) + 1 || start;
    if (start > first) start = first;
    let end = Math.min(source.length, start + 180);
    if (end < source.length && source.lastIndexOf(" ", end) > first) end = source.lastIndexOf(" ", end);
    if (start > 0) snippet.append("… ");
    let at = start;
    for (const found of words) {
      const from = found.index, to = found.index + found[0].length;
      if (from < at) continue;
      if (to > end) break;
      snippet.append(source.slice(at, from));
      const mark = document.createElement("mark");
      mark.textContent = source.slice(from, to);
      snippet.append(mark);
      at = to;
    }
    snippet.append(source.slice(at, end));
    if (end < source.length) snippet.append(" …");
    return snippet;
  }

  function closeSearch() {
    everyLanguage = false;
    if (searchPanel) searchPanel.hidden = true;
    search?.classList.remove("is-active");
    document.documentElement.classList.remove("search-open");
  }

  let searchRun = 0;
  /** How many results of each other language a search of every language shows. */
  const otherLanguageResults = 3;

  /**
   * What one language's search (`state`) finds for `typed`: every match ranked, the records of
   * the first `count` loaded, and which terms to mark; `null` when a newer query started.
   */
  async function rankIn(state, typed, count, run) {
    const typedFolded = fold(typed);
    const wordTerms = [...new Set(searchTerms(typed))];
    const words = [...new Set([...wordTerms, ...symbolTerms(typed)])];
    // The last word as it is being typed: the words it begins count too.
    const last = wordTerms[wordTerms.length - 1];
    const prefixes = new Set(words.filter((word) => word === last && !/\s$/.test(typed) && [...word].length >= 3));
    const forms = words.map(() => []);
    const index = await loadSearchIndex(state);
    let shards = words.map((word) => shardsOf(word, prefixes.has(word), index.keys));
    await loadShards(state, shards.flat(), run);
    if (run !== searchRun) return null;
    // A word the site uses finds its other forms too (the words with its stem: `archive`,
    // `archiving`); a word it never uses, the words it begins, as the last word typed does.
    words.forEach((word, number) => {
      const key = shardsOf(word, false, index.keys)[0];
      if (key !== undefined && shardHas(state, key, word)) forms[number] = formsIn(state, key, word);
      else if ([...word].length >= 3) prefixes.add(word);
    });
    const withForms = (word, number) => [...new Set([...shardsOf(word, prefixes.has(word), index.keys),
      ...forms[number].flatMap((form) => shardsOf(form, false, index.keys))])];
    shards = words.map(withForms);
    await loadShards(state, shards.flat(), run);
    if (run !== searchRun) return null;
    // A word the site never uses that begins none it does (`archived` where the site has
    // `archive` and `archiving`): the words that start as it does, up to three letters
    // shorter, with their forms.
    for (const [number, word] of words.entries()) {
      if (forms[number].length || !prefixes.has(word) || postingsOf(state, word, true, [], shards[number]).size) continue;
      const letters = [...word];
      for (let end = letters.length - 1; end >= Math.max(4, letters.length - 3); end -= 1) {
        const start = letters.slice(0, end).join("");
        const keys = shardsOf(start, true, index.keys);
        await loadShards(state, keys, run);
        if (run !== searchRun) return null;
        const found = keys.flatMap((key) => Object.keys(state.terms.get(key) ?? {})
          .filter((term) => term.startsWith(start)).flatMap((term) => [term, ...formsIn(state, key, term)]));
        if (!found.length) continue;
        forms[number] = [...new Set(found)];
        shards[number] = withForms(word, number);
        await loadShards(state, shards[number], run);
        if (run !== searchRun) return null;
        break;
      }
    }
    const scores = new Map();
    words.forEach((word, number) => {
      for (const [page, found] of postingsOf(state, word, prefixes.has(word), forms[number], shards[number])) {
        const score = scores.get(page) ?? { page, words: 0, weight: 0, best: 0, found: [] };
        // A whole word counts a little more than a word it begins.
        const weight = (found.rank & 3) * 2 + (found.whole ? 1 : 0);
        score.words += 1;
        score.weight += weight;
        score.best = Math.max(score.best, weight);
        score.found.push(found);
        scores.set(page, score);
      }
    });
    // Every match ranked, not only those shown: more words found first; then the title that
    // is what was typed, titles that start with it, titles with every word, summaries and
    // tags, text; then shorter titles; then the catalog's order.
    // Only pages with every word (or with a token typed whole, `c++`) when there are any: a
    // second word narrows the results, as in any search box.
    const complete = (score) => wordTerms.every((word) => score.found.some((found) => found.word === word))
      || score.found.some((found) => !wordTerms.includes(found.word));
    let matching = [...scores.values()];
    if (matching.some(complete)) matching = matching.filter(complete);
    for (const score of matching) Object.assign(score, titleTier(score.found, wordTerms, typedFolded));
    const ranked = matching.sort((a, b) => b.words - a.words || b.tier - a.tier || a.length - b.length
      || b.best - a.best || b.weight - a.weight || a.page - b.page);
    const shown = ranked.slice(0, count).map((score) => score.page);
    // Records come several to a file (index.recordsPerFile), in page order; so do the starts
    // of the pages' texts, loaded for the results found by a word of their text only.
    const perFile = index.recordsPerFile ?? 1;
    const files = new Set(shown.filter((page) => !state.pages.has(page)).map((page) => `pages/${Math.floor(page / perFile)}.js`));
    // Two files of texts at most per query: results found in their text lower down show
    // their summary (a file of texts is up to 48 KB, 15 compressed; one per result would make
    // a first query of words found only in texts cost hundreds).
    const texts = new Set();
    for (const score of ranked.slice(0, count)) {
      const file = `texts/${Math.floor(score.page / perFile)}.js`;
      if (score.best <= 3 && score.page < index.catalogPages && !state.scripts.has(file) && texts.size < textFilesPerQuery) texts.add(file);
    }
    for (const file of texts) files.add(file);
    if (files.size) await Promise.allSettled([...files].map((file) => loadSearchScript(file, state)));
    if (run !== searchRun) return null;
    const matches = (term) => words.some((word, number) => term === word || (prefixes.has(word) && term.startsWith(word))
      || forms[number].includes(term));
    // A page whose title is what was typed comes first: "c" before "c++", "tar" before "tar.gz".
    const isTitle = ({ page }) => (fold(state.pages.get(page)?.title ?? "") === typedFolded ? 1 : 0);
    const top = ranked.slice(0, count).sort((a, b) => isTitle(b) - isTitle(a));
    return { state, index, ranked, top, matches };
  }

  /** A result's row: its title, the titles above it, and the text around the words found. */
  function resultRow({ state, matches }, page, record) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = relativeURL(new URL(record.url, siteRoot()), new URL(location.href));
    const title = document.createElement("span");
    title.className = "title";
    title.textContent = record.title;
    const path = document.createElement("span");
    path.className = "path";
    const trail = (record.path ?? []).slice(0, -1);
    path.textContent = trail.length ? trail.join(" › ") : record.kind === "category" ? say("category") : "";
    link.append(title, path, snippetOf(record, state.texts.get(page), matches));
    item.append(link);
    return { item, trail };
  }

  /** A group of results under its heading (none for the results at the top). */
  function resultGroup(heading, entries, className = "search-group") {
    const group = document.createElement("li");
    group.className = className;
    const list = document.createElement("ul");
    list.append(...entries);
    if (heading) {
      const title = document.createElement("span");
      title.className = "search-group-title";
      title.textContent = heading;
      group.append(title);
    }
    group.append(list);
    return group;
  }

  async function runSearch() {
    const run = ++searchRun;
    const typed = searchInput.value;
    const typedFolded = fold(typed);
    if (typedFolded !== resultsQuery) {
      resultsQuery = typedFolded;
      resultsShown = firstResults;
    }
    if (!searchTerms(typed).length && !symbolTerms(typed).length) {
      closeSearch();
      return;
    }
    searchPanel.hidden = false;
    let found, others = [];
    try {
      found = await rankIn(searchData, typed, resultsShown, run);
      if (!found) return;
      const languages = (found.index.languages ?? []).filter((language) => language.folder !== ownFolder);
      if (everyLanguage) {
        // The other languages' best few, each under its name, in the catalog's order; a
        // language whose search does not load only loses its results.
        const settled = await Promise.allSettled(languages.map((language) =>
          rankIn(searchState(language.folder), typed, otherLanguageResults, run).then((result) => ({ language, result }))));
        if (run !== searchRun) return;
        others = settled.filter((one) => one.status === "fulfilled" && one.value.result?.top.length).map((one) => one.value);
      }
      if (searchLanguages) {
        // Hidden while focused would take the focus out of the search, and close it.
        if ((everyLanguage || !languages.length) && document.activeElement === searchLanguages) searchInput.focus({ preventScroll: true });
        searchLanguages.hidden = everyLanguage || !languages.length;
      }
    } catch {
      if (run === searchRun) searchStatus.textContent = say("searchUnavailable");
      return;
    }
    if (run !== searchRun) return;
    const { ranked, top } = found;
    // The best match in a row of its own; the others grouped by the top category, groups in
    // the order of their best result.
    const best = "\u0000best";
    const groups = new Map();
    let shown = 0;
    for (const { page, tier } of top) {
      const record = searchData.pages.get(page);
      if (!record) continue;
      shown += 1;
      const { item, trail } = resultRow(found, page, record);
      // A top category is in its own group; an item at the top, in none.
      // The best match is set apart when its title has what was typed.
      const group = shown === 1 && top.length > 1 && tier >= 3 ? best
        : (record.kind === "category" ? record.path?.[0] : trail[0]) ?? "";
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(item);
    }
    const items = [...groups].map(([name, entries]) =>
      resultGroup(name === best ? say("bestMatch") : name, entries, name === best ? "search-group search-best" : "search-group"));
    for (const { language, result } of others) {
      const entries = result.top.filter(({ page }) => result.state.pages.has(page))
        .map(({ page }) => resultRow(result, page, result.state.pages.get(page)).item);
      if (!entries.length) continue;
      const group = resultGroup(language.name, entries, "search-group search-language");
      group.lang = language.tag;
      group.dir = language.dir ?? "ltr";
      for (const link of $$("a", group)) link.hreflang = language.tag;
      items.push(group);
    }
    searchResults.replaceChildren(...items);
    if (searchMore) {
      // A focused button that hides would take the focus out of the search, and close it.
      if (ranked.length <= shown && document.activeElement === searchMore) searchInput.focus({ preventScroll: true });
      searchMore.hidden = ranked.length <= shown;
      searchMore.textContent = say("moreResults", { count: number(ranked.length - shown) });
    }
    searchStatus.textContent = ranked.length === 0 ? say("noResults")
      : ranked.length > shown ? say("shownResults", { shown: number(shown), count: number(ranked.length) }) : sayCount("results", ranked.length);
  }

  if (search && searchInput) {
    search.hidden = false;
    searchMore?.addEventListener("click", () => {
      resultsShown += moreResults;
      runSearch();
    });
    searchLanguages?.addEventListener("click", () => {
      everyLanguage = true;
      runSearch();
    });
    searchInput.addEventListener("focus", (event) => {
      // Back from a result (Escape) leaves the search closed.
      if (search.contains(event.relatedTarget)) return;
      search.classList.add("is-active");
      document.documentElement.classList.add("search-open");
      loadSearchIndex()?.catch(() => {});
      if (searchInput.value) runSearch();
    });
    searchInput.addEventListener("input", runSearch);
    searchBack?.addEventListener("click", () => {
      closeSearch();
      searchInput.blur();
    });
    searchInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        const first = $("a", searchResults);
        if (first && !searchPanel.hidden) { event.preventDefault(); first.click(); }
      }
    });
    document.addEventListener("click", (event) => {
      if (!search.contains(event.target)) closeSearch();
    });
    // The view on a phone stays until its back control (a tap on its empty part takes the focus).
    search.addEventListener("focusout", (event) => {
      if (!search.contains(event.relatedTarget) && !searchView()) closeSearch();
    });
  }

  // ── The home's introduction above its categories on a phone: a long one folded to its
  //    start (the stylesheet folds it only there), with a control for the rest ──────────

  /** More characters than about six lines of a phone. */
  const homeIntroFold = 420;
  function foldHomeIntro() {
    const prose = $("[data-column=detail] .home-intro > .prose");
    if (!prose || prose.textContent.length <= homeIntroFold || prose.nextElementSibling?.matches(".home-more")) return;
    const more = document.createElement("button");
    more.type = "button";
    more.className = "home-more";
    more.textContent = say("readMore");
    more.addEventListener("click", () => {
      prose.classList.add("is-open");
      more.remove();
      prose.tabIndex = -1;
      prose.focus({ preventScroll: true });
    });
    prose.after(more);
  }
  foldHomeIntro();

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
      if (searchPanel && (!searchPanel.hidden || searchView())) {
        const view = searchView();
        closeSearch();
        // The phone's view closes as its back control closes it; the panel gives the focus back to the box.
        if (view) searchInput.blur(); else searchInput.focus();
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
      if ($(".back-link")) {
        event.preventDefault();
        whenShown(pop);
      }
      return;
    }

    // ←/→ in the detail column: the item before or after this one in its list (not from where
    // the arrows scroll sideways: code, tables).
    if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && !typing && !event.shiftKey) {
      const inDetail = target === body || target === document.documentElement || !!target.closest?.("[data-column=detail]");
      if (!inDetail || target.closest?.("pre, table")) return;
      const sibling = $(`[data-column=detail] .siblings a[rel=${event.key === "ArrowLeft" ? "prev" : "next"}]`);
      if (sibling && isVisible(sibling)) {
        event.preventDefault();
        sibling.click();
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
      const virtual = container?.matches(".list[data-virtual]") ? virtualLists.get(container) : null;
      if (virtual) {
        // A virtual list: through all its entries, drawn as the focus reaches them.
        const total = virtual.shown.length;
        const row = target.closest?.("li[aria-posinset]");
        index = row && container.contains(row) ? Number(row.getAttribute("aria-posinset")) - 1 : -1;
        links = { length: total };
      }
      // A list shown in parts: Home and End reach the ends of the whole category, once its
      // index is here (the list says it is loading meanwhile).
      const beyondPart = event.key === "End" || (event.key === "Home" && Number(container?.dataset.offset || 0) > 0);
      if (!virtual && beyondPart && canLoadIndex && container?.matches(".list[data-index]")) {
        event.preventDefault();
        virtualize(container).then((done) => {
          const state = done ? virtualLists.get(container) : null;
          if (state) focusRow(container, event.key === "End" ? state.shown.length - 1 : 0);
        });
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
      if (virtual) return focusRow(container, next);
      links[next].focus();
      links[next].scrollIntoView({ block: "nearest" });
    }
  });

  // ── The list header sticks under the top bar where the page scrolls; the bar's height
  //    depends on the width and on what it holds ──────────────────────────────────────

  // Its height goes to the CSS too, so that a row scrolled into view (by ↑/↓, say) is not
  // left under it.
  const topbar = $(".topbar");
  if (topbar && "ResizeObserver" in window) {
    const root = document.documentElement.style;
    const measure = new ResizeObserver(() => {
      root.setProperty("--topbar-bottom", `${topbar.offsetHeight}px`);
      root.setProperty("--list-header-height", `${$("[data-column=content] .list-header")?.offsetHeight ?? 0}px`);
    });
    measure.observe(topbar);
    const observeHeader = () => { const header = $("[data-column=content] .list-header"); if (header) measure.observe(header); };
    observeHeader();
    document.addEventListener("stacks:shown", observeHeader);
  }

  // ── On load: where the page was left, or the selection in view; long lists on demand ─

  if (!restoreScroll(restoring) && !revealEntry(location.href)) revealSelection();
  watchPartialLists();
})();
