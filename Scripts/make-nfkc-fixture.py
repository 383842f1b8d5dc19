#!/usr/bin/env python3
"""Writes Tests/TestSupport/Fixtures/ascii-lookalikes.txt: the independent reference for
Allowlist.readsAsASCII, from Python's unicodedata (UAX #15 NFKC) and str case mappings.

Each line is a range `FIRST..LAST` (hex) of scalars, none of them ASCII, whose NFKC form,
NFKC_Casefold form (approximated as NFKC(casefold(NFKC(c)))), lowercase, uppercase, title case
or case fold holds an ASCII character. The first line names the Unicode version."""
import sys, unicodedata

def reads_as_ascii(c):
    n = unicodedata.normalize
    forms = [n("NFKC", c), n("NFKC", n("NFKC", c).casefold()), c.lower(), c.upper(), c.title(), c.casefold(),
             c.lower().upper(), c.upper().lower()]
    return any(any(ord(x) < 0x80 for x in f) for f in forms)

ranges = []
for cp in range(0x80, 0x110000):
    if 0xD800 <= cp <= 0xDFFF or unicodedata.category(chr(cp)) == "Cn":
        continue
    if reads_as_ascii(chr(cp)):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
out = sys.stdout
out.write(f"# unicode {unicodedata.unidata_version}\n")
for a, b in ranges:
    out.write(f"{a:04X}..{b:04X}\n")
