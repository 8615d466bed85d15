"""Writes a copy of a config with some keys changed: `edit_config.py BASE DEST EDITS`, where
EDITS is '[table] key = value; ...' (a key the table lacks is added to it)."""
import re
import sys

base, dest, edits = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(base).read()
for edit in filter(None, (e.strip() for e in edits.split(";"))):
    m = re.fullmatch(r"\[(\w+)\]\s*(\w+)\s*=\s*(.+)", edit)
    if not m:
        sys.exit(f"bad edit {edit!r}: expected '[table] key = value'")
    table, key, value = m.groups()
    start = text.index(f"[{table}]\n")
    end = text.find("\n[", start + 1)
    end = len(text) if end < 0 else end
    section = text[start:end]
    line = re.compile(rf"^{key}\s*=.*$", re.M)
    section = line.sub(f"{key} = {value}", section) if line.search(section) else section.rstrip("\n") + f"\n{key} = {value}\n"
    text = text[:start] + section + text[end:]
open(dest, "w").write(text)
