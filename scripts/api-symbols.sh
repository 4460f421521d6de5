#!/usr/bin/env bash
# The WidgetGeometry library's symbol graph, from its doc comments, for the site's API reference
# page (docs/api/index.html): builds the module, runs `swift symbolgraph-extract` on it and writes
# docs/api/WidgetGeometry.symbols.json, normalized (public symbols sorted by path, each with its
# kind, declaration and doc comment; no source paths, no synthesized members).
# With --check, writes nothing and fails when the committed file differs from what the doc
# comments make now.
set -euo pipefail
cd "$(dirname "$0")/.."
committed=docs/api/WidgetGeometry.symbols.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=scripts/lib/release-build.sh
source scripts/lib/release-build.sh
# The one build every script uses (backdrop links WidgetGeometry): a build of this target alone
# would plan on its own, and the next build would plan again.
build_backdrop >/dev/null
modules=$release_bin/Modules
swift symbolgraph-extract -module-name WidgetGeometry -I "$modules" -target "$(uname -m)-unknown-linux-gnu" \
    -minimum-access-level public -output-dir "$work"

python3 - "$work/WidgetGeometry.symbols.json" "$work/normalized.json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1], encoding="utf-8"))
symbols = []
for symbol in graph["symbols"]:
    if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
        continue
    comment = symbol.get("docComment", {})
    # Doc comments inherited from the standard library (init(rawValue:)) are not the library's.
    own = comment.get("module", graph["module"]["name"]) == graph["module"]["name"]
    doc = "\n".join(line["text"] for line in comment.get("lines", [])) if own else ""
    symbols.append({
        "path": ".".join(symbol["pathComponents"]),
        "kind": symbol["kind"]["displayName"],
        "declaration": "".join(f["spelling"] for f in symbol.get("declarationFragments", [])),
        "doc": doc,
    })
symbols.sort(key=lambda s: (s["path"], s["kind"], s["declaration"]))
out = {"module": graph["module"]["name"], "generator": "scripts/api-symbols.sh", "symbols": symbols}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(out, f, indent=2, ensure_ascii=False, sort_keys=True)
    f.write("\n")
PY

if [[ "${1:-}" == "--check" ]]; then
    if ! cmp -s "$work/normalized.json" "$committed"; then
        diff -u "$committed" "$work/normalized.json" | head -40 >&2 || true
        echo "api-symbols: $committed is out of date with the WidgetGeometry doc comments: regenerate it with bash scripts/api-symbols.sh" >&2
        exit 1
    fi
    echo "api-symbols: $committed is up to date"
else
    mv "$work/normalized.json" "$committed"
    echo "api-symbols: wrote $committed"
fi
