#!/usr/bin/env python3
"""Checks every internal link of a built site: each href and src of every HTML page must name a
file of the site, and each #fragment an id (or a name) on the page it points to. External links
(with a scheme, or starting with //) are not followed. Prints every broken link with its page and
exits 1 when there is one.

Usage: check_links.py SITE_FOLDER
"""
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("id",):
            if attributes.get(name):
                self.ids.add(attributes[name])
        if tag == "a" and attributes.get("name"):
            self.ids.add(attributes["name"])
        for name in ("href", "src"):
            if attributes.get(name) is not None:
                self.links.append((tag, name, attributes[name], self.getpos()[0]))


def parse(path):
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_links.py SITE_FOLDER")
    root = Path(sys.argv[1]).resolve()
    pages = {path: parse(path) for path in sorted(root.rglob("*.html"))}
    problems = []
    checked = 0
    for page, parsed in pages.items():
        for tag, attribute, value, line in parsed.links:
            parts = urlsplit(value)
            if parts.scheme or value.startswith("//"):
                continue
            checked += 1
            where = f"{page.relative_to(root)}:{line}: <{tag} {attribute}=\"{value}\">"
            target = page if parts.path == "" else (page.parent / unquote(parts.path)).resolve()
            if root not in target.parents and target != root:
                problems.append(f"{where} leaves the site")
                continue
            if target.is_dir():
                problems.append(f"{where} names a folder (links end in index.html so that they work from file://)")
                continue
            if not target.is_file():
                problems.append(f"{where} names a missing file")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    problems.append(f"{where}: {target.relative_to(root)} has no id `{parts.fragment}`")
    for problem in problems:
        print(problem)
    print(f"Links: {checked} internal links on {len(pages)} pages, {len(problems)} broken")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
