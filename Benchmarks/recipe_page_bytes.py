#!/usr/bin/env python3
"""What a recipe page's pictures cost a phone: opens one page of a built site in headless
Chromium at 390 × 844 CSS pixels and a device pixel ratio of 3 (a current phone), scrolls each
picture into view until it has loaded, and prints the bytes of the pictures transferred (the
page's own, then the tiles of its list and header), as the browser chose them from `srcset`.

    recipe_page_bytes.py SITE_FOLDER PAGE_PATH [--width 390] [--scale 3]

Chromium and chromedriver from Debian, Selenium from PyPI (scripts/test-browser installs them).
"""
import argparse
import functools
import http.server
import shutil
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PICTURES = "[data-column=detail] img:not(i > img)"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site")
    parser.add_argument("page")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--scale", type=float, default=3)
    args = parser.parse_args()
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

    handler = functools.partial(Quiet, directory=args.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": args.width, "height": 844, "deviceScaleFactor": args.scale, "mobile": True})
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{args.page}")
        count = driver.execute_script(f"return document.querySelectorAll('{PICTURES}').length")
        for index in range(count):
            driver.execute_script(f"document.querySelectorAll('{PICTURES}')[arguments[0]].scrollIntoView()", index)
            for _ in range(200):
                if driver.execute_script(f"const i = document.querySelectorAll('{PICTURES}')[arguments[0]]; return i.complete && i.naturalWidth > 0", index):
                    break
                driver.implicitly_wait(0.05)
        pictures, tiles, chosen = driver.execute_script("""
            const entries = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'img');
            const sum = (list) => list.reduce((total, e) => total + e.encodedBodySize, 0);
            return [sum(entries.filter((e) => !e.name.includes('-tile'))), sum(entries.filter((e) => e.name.includes('-tile'))),
                    [...document.querySelectorAll(arguments[0])].map((i) => i.currentSrc.split('/').pop())];""", PICTURES)
        print(f"pictures={count} picture_bytes={pictures} tile_bytes={tiles} chosen={','.join(chosen)}")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
