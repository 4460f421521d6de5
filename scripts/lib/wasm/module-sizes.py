"""What the browser core's WebAssembly module is made of, function by function.

Reads a module built with its functions' names (scripts/build-wasm.sh --names keeps the "name"
section) and prints its sections' sizes, the code's bytes by Swift module (read from each
function's mangled name) and the largest functions, demangled with `swift demangle`. A function's
size is its body in the code section; the data section (string literals, tables) is counted apart.
Run by scripts/benchmark-browser.sh --profile; usage: module-sizes.py MODULE.wasm [--top N].
"""

import argparse
import collections
import re
import subprocess

SECTION_NAMES = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 8: "start",
                 9: "element", 10: "code", 11: "data", 12: "data count"}


def leb128(data, offset):
    """An unsigned LEB128 number at `offset`: (value, the offset after it)."""
    value, shift = 0, 0
    while True:
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, offset


def name(data, offset):
    length, offset = leb128(data, offset)
    return data[offset:offset + length].decode("utf-8", "replace"), offset + length


def read_module(data):
    """The module's sections [(id, name, size)], function bodies' sizes by function index, the
    functions' names by index, and the count of imported functions (which come first in the index space)."""
    if data[:4] != b"\0asm":
        raise SystemExit("not a WebAssembly module")
    offset, sections, bodies, names, imported = 8, [], [], {}, 0
    while offset < len(data):
        kind = data[offset]
        size, start = leb128(data, offset + 1)
        end = start + size
        label = SECTION_NAMES.get(kind, str(kind))
        if kind == 0:
            custom, body = name(data, start)
            label = f"custom \"{custom}\""
            if custom == "name":
                while body < end:
                    part, body = data[body], body + 1
                    part_size, body = leb128(data, body)
                    if part == 1:
                        count, at = leb128(data, body)
                        for _ in range(count):
                            index, at = leb128(data, at)
                            names[index], at = name(data, at)
                    body += part_size
        elif kind == 2:
            count, at = leb128(data, start)
            for _ in range(count):
                _, at = name(data, at)
                _, at = name(data, at)
                what, at = data[at], at + 1
                if what == 0:
                    _, at = leb128(data, at)
                    imported += 1
                elif what == 1:
                    at += 1
                    flags, at = leb128(data, at + 0)
                    _, at = leb128(data, at)
                    if flags & 1:
                        _, at = leb128(data, at)
                elif what == 2:
                    flags, at = leb128(data, at)
                    _, at = leb128(data, at)
                    if flags & 1:
                        _, at = leb128(data, at)
                else:
                    at += 2
        elif kind == 10:
            count, at = leb128(data, start)
            for _ in range(count):
                body_size, body = leb128(data, at)
                bodies.append(body + body_size - at)
                at = body + body_size
        sections.append((kind, label, end - offset))
        offset = end
    return sections, bodies, names, imported


def swift_module(symbol):
    """The Swift module a mangled name belongs to: its first identifier after `$s`/`$e`; the standard
    library for its own substitutions (`$sSa…`, `$eSS…`); "C" for names that are not Swift's."""
    match = re.match(r"^\$[se](\d+)([A-Za-z_][A-Za-z0-9_]*)", symbol)
    if match:
        return match.group(2)[: int(match.group(1))]
    if re.match(r"^\$[se]S", symbol) or symbol.startswith("$s") or symbol.startswith("$e"):
        return "Swift (standard library)"
    return "C (runtime.c, libc)"


def demangled(symbols):
    try:
        output = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(symbols), capture_output=True, text=True,
                                check=True).stdout
        return output.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return symbols


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    with open(args.module, "rb") as file:
        data = file.read()
    sections, bodies, names, imported = read_module(data)
    total = len(data)
    print(f"{args.module}: {total} bytes ({total / 1024:.0f} KB), {len(bodies)} functions; by section:")
    for _, label, size in sorted(sections, key=lambda section: -section[2]):
        print(f"  {size:9d} bytes  {100 * size / total:5.1f} %  {label}")
    code = sum(bodies)
    by_module = collections.Counter()
    functions = []
    for position, size in enumerate(bodies):
        symbol = names.get(imported + position, f"function {imported + position}")
        by_module[swift_module(symbol)] += size
        functions.append((size, symbol))
    print(f"the code ({code} bytes) by Swift module, from each function's mangled name (generic code specialised for a type "
          "counts where it was specialised):")
    for module, size in by_module.most_common():
        print(f"  {size:9d} bytes  {100 * size / code:5.1f} %  {module}")
    functions.sort(reverse=True)
    top = functions[: args.top]
    print(f"the {len(top)} largest functions:")
    for (size, symbol), readable in zip(top, demangled([symbol for _, symbol in top])):
        print(f"  {size:9d} bytes  {swift_module(symbol):<24.24}  {readable[:140]}")


if __name__ == "__main__":
    main()
