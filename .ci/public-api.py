#!/usr/bin/env python3
"""The library's public API as a sorted listing, one line per item, read from
rustdoc's JSON (`cargo rustdoc -p exactcover --lib -- -Z unstable-options
--output-format json`, which `.ci/public-api.sh` runs).

Every public path (re-exports included, so that an item reachable by two
paths shows twice), each struct's public fields, each enum's variants, each
type's inherent methods and associated constants, and the traits each type
implements (derived and blanket ones left out: they follow from the rest).
Signatures are not shown: a changed signature shows in the diff of the
code, a changed surface here.

Usage: public-api.py TARGET/doc/exactcover.json
"""

import json
import sys

KINDS = {
    "module": "mod",
    "struct": "struct",
    "enum": "enum",
    "trait": "trait",
    "function": "fn",
    "constant": "const",
    "static": "static",
    "type_alias": "type",
    "macro": "macro",
    "union": "union",
}


def main(path):
    doc = json.load(open(path))
    index = doc["index"]
    lines = set()
    seen_types = set()

    def kind_of(item):
        return next(iter(item["inner"]))

    def type_name(t):
        if isinstance(t, dict) and "resolved_path" in t:
            return t["resolved_path"]["path"].split("::")[-1]
        return "?"

    def members(item, path):
        kind = kind_of(item)
        inner = item["inner"][kind]
        if kind == "struct":
            fields = inner["kind"].get("plain", {}).get("fields", [])
            for f in fields:
                field = index.get(str(f))
                if field and field.get("visibility") == "public":
                    lines.add(f"field {path}.{field['name']}")
        if kind == "enum":
            for v in inner["variants"]:
                variant = index.get(str(v))
                if variant:
                    lines.add(f"variant {path}::{variant['name']}")
        if kind == "trait":
            for m in inner["items"]:
                member = index.get(str(m))
                if member:
                    lines.add(f"{KINDS.get(kind_of(member), kind_of(member))} {path}::{member['name']}")
        for i in inner.get("impls", []):
            impl = index.get(str(i))
            if impl is None:
                continue
            imp = impl["inner"]["impl"]
            if imp["is_synthetic"] or imp["blanket_impl"] is not None:
                continue
            if imp["trait"] is None:
                for m in imp["items"]:
                    member = index.get(str(m))
                    if member and member.get("visibility") == "public":
                        k = kind_of(member)
                        lines.add(f"{KINDS.get(k, k)} {path}::{member['name']}")
            else:
                trait = imp["trait"]["path"].split("::")[-1]
                if impl.get("attrs") and any("automatically_derived" in str(a) for a in impl["attrs"]):
                    continue
                lines.add(f"impl {trait} for {path}")

    def visit(module_id, prefix):
        module = index[str(module_id)]
        for item_id in module["inner"]["module"]["items"]:
            item = index.get(str(item_id))
            if item is None:
                continue
            kind = kind_of(item)
            if kind == "use":
                use = item["inner"]["use"]
                target = index.get(str(use["id"])) if use["id"] is not None else None
                if target is None:
                    continue
                if use["is_glob"]:
                    visit(use["id"], prefix)
                    continue
                record(target, use["id"], prefix + [use["name"]])
            elif kind in KINDS:
                record(item, item_id, prefix + [item["name"]])

    def record(item, item_id, path):
        kind = kind_of(item)
        if kind not in KINDS:
            return
        name = "::".join(path)
        lines.add(f"{KINDS[kind]} {name}")
        if kind == "module":
            visit(item_id, path)
        elif (item_id, name) not in seen_types:
            seen_types.add((item_id, name))
            members(item, name)

    visit(doc["root"], ["exactcover"])
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
