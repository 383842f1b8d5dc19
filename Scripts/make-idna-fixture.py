#!/usr/bin/env python3
"""Writes Tests/TestSupport/Fixtures/idna-hosts.json: the independent reference for
URLSafety.browserHost, from Unicode's IdnaTestV2 cases as web-platform-tests converts them for
the URL Standard (url/resources/IdnaTestV2.json: non-transitional, UseSTD3ASCIIRules off,
CheckBidi cases left out).

Usage: make-idna-fixture.py IdnaTestV2.json > Tests/TestSupport/Fixtures/idna-hosts.json

Kept: each case whose domain to ASCII succeeds, with an output that could be a host a rule
names (labels of 1 to 63 letters, digits and hyphens, at most 253 bytes without one trailing
dot) and that differs from its input. Each line after the first is one case, a JSON array
[input, output]; the whole file is a JSON array, its first element a string naming the source."""
import json, re, sys

LABEL = re.compile(r"[a-z0-9-]{1,63}")

def could_be_named(host):
    if host.endswith("."):
        host = host[:-1]
    return 0 < len(host) <= 253 and all(LABEL.fullmatch(label) for label in host.split("."))

cases = [entry for entry in json.load(open(sys.argv[1], encoding="utf-8")) if isinstance(entry, dict)]
kept = [(case["input"], case["output"]) for case in cases
        if case["output"] is not None and case["input"] != case["output"] and could_be_named(case["output"])]
out = sys.stdout
out.write('["IdnaTestV2 (web-platform-tests url/resources/IdnaTestV2.json): %d of %d cases"' % (len(kept), len(cases)))
for case in kept:
    out.write(",\n" + json.dumps(list(case), ensure_ascii=False))
out.write("\n]\n")
