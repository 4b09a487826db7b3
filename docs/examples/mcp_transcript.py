"""Plays the short game of docs/agents.md through `dip mcp`, speaking JSON-RPC on its
standard input and output, and prints each call and the first text block of each answer:
`python3 docs/examples/mcp_transcript.py path/to/dip`. The games go to a temporary folder."""

import json
import subprocess
import sys
import shutil
import tempfile

calls = [
 ("board", {"game":"g1","power":"France"}),
 ("submit_orders", {"game":"g1","power":"France","orders":["A Paris - Burgundy","A Marseile - Spain","A Berlin - Kiel"]}),
 ("submit_orders", {"game":"g1","power":"France","orders":["A Marseilles - Spain","F Brest - English Channel"]}),
 ("submit_orders", {"game":"g1","power":"Germany","orders":["A Munich - Burgundy","F Kiel - Holland"]}),
 ("submit_orders", {"game":"g1","power":"England","orders":["F London - English Channel"]}),
 ("ready", {"game":"g1","power":"France"}),
 ("advance", {"game":"g1"}),
 ("explain", {"game":"g1","order":"Paris"}),
 ("explain", {"game":"g1","order":"F Brest - English Channel"}),
 ("board", {"game":"g1","power":"France"}),
 ("submit_orders", {"game":"g1","power":"Germany","orders":["A Munich - Burgundy","F Holland - Belgium"]}),
 ("submit_orders", {"game":"g1","power":"France","orders":["A Spain - Portugal","A Paris S A Marseilles", "F Brest H"]}),
 ("advance", {"game":"g1"}),
 ("board", {"game":"g1","power":"France"}),
 ("submit_orders", {"game":"g1","power":"France","orders":["Build A Marseilles"]}),
 ("advance", {"game":"g1"}),
 ("board", {"game":"g1","power":"France"}),
 ("legal_orders", {"game":"g1","power":"France","unit":"Paris","notation":"judge"}),
]
folder = tempfile.mkdtemp(prefix="dip-mcp-transcript-")
p = subprocess.Popen([sys.argv[1], "mcp", "--games", folder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def rpc(i, method, params):
    p.stdin.write(json.dumps({"jsonrpc":"2.0","id":i,"method":method,"params":params})+"\n"); p.stdin.flush()
    return json.loads(p.stdout.readline())
rpc(0,"initialize",{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}})
p.stdin.write(json.dumps({"jsonrpc":"2.0","method":"notifications/initialized"})+"\n"); p.stdin.flush()
rpc(1,"tools/call",{"name":"new_game","arguments":{"id":"g1"}})
for i,(n,a) in enumerate(calls, 2):
    r = rpc(i,"tools/call",{"name":n,"arguments":a})["result"]
    print(f"> {n} {json.dumps(a)}")
    c = r["content"]
    if r.get("isError"): print("error: " + c[0]["text"]); print(c[1]["text"] if len(c)>1 else "")
    elif len(c) > 1: print(c[0]["text"])
    else: print(c[0]["text"])
    print()
p.stdin.close()
p.wait()
shutil.rmtree(folder)
