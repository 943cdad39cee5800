"""The Kopf operator under test in `pnpm bench --kopf DIR`.

It does what the Opkit operator and the raw baseline of the bench do, with Kopf's own API: a create handler
whose result Kopf stores in status.create_fn, an update handler that records when it started (the latency
from the driver's spec.sentAt), a resume handler, and a 1 s timer on every timer object. Handlers are async,
so they run on Kopf's event loop and not in its thread pool. Kopf posts no Events here (the other two post
none either).

Run by the bench's operator child (apps/bench/src/harness/kopfOperator.ts) with Debian's python3 and
PYTHONPATH set to a Kopf source checkout. Arguments: the API server's URL. It answers one JSON command per
line on stdin (`{"id": 1, "cmd": "stats", "gc": true}`) with one JSON line on stdout: `stats` (its handler
counters; the child reads CPU time and memory from /proc), `latencies`, `measure-start`, `measure-stop`.
Kopf's own log goes to stderr (warnings and errors only).
"""
import gc
import json
import logging
import os
import sys
import threading
import time
import types


def shim_missing_version_module() -> None:
    """A Kopf git checkout lacks kopf/_cogs/helpers/versions.py (a build writes it): stand one in."""
    for root in sys.path:
        if os.path.isfile(os.path.join(root, "kopf", "__init__.py")):
            if not os.path.isfile(os.path.join(root, "kopf", "_cogs", "helpers", "versions.py")):
                module = types.ModuleType("kopf._cogs.helpers.versions")
                module.version = module.__version__ = None
                module.version_tuple = module.__version_tuple__ = None
                module.commit_id = module.__commit_id__ = None
                sys.modules[module.__name__] = module
            return


shim_missing_version_module()
import kopf  # noqa: E402  (after the shim)

GROUP = "bench.opkit.dev"
VERSION = "v1"
URL = sys.argv[1]


def now_ms() -> float:
    """Epoch milliseconds: the same clock the driver and the other operators use."""
    return time.time() * 1000


class Counters:
    def __init__(self) -> None:
        self.created = 0
        self.updated = 0
        self.resumed = 0
        self.last_resume_at = None
        self.ticks = 0
        self.ticked = set()
        self.update_latencies = []
        self.lateness = None  # a list while the driver measures
        self.last_tick_end = {}


counters = Counters()


@kopf.on.startup()
def configure(settings: kopf.OperatorSettings, **_) -> None:
    settings.posting.enabled = False


@kopf.on.login()
def login(**_) -> kopf.ConnectionInfo:
    return kopf.ConnectionInfo(server=URL, insecure=True, default_namespace="default")


@kopf.on.create(GROUP, VERSION, "benchwidgets")
async def create_fn(spec, **_):
    counters.created += 1
    return {"message": f"created {spec.get('value')}"}


@kopf.on.update(GROUP, VERSION, "benchwidgets")
async def update_fn(spec, **_):
    started_at = now_ms()
    counters.updated += 1
    sent_at = spec.get("sentAt")
    if isinstance(sent_at, (int, float)):
        counters.update_latencies.append(started_at - sent_at)
    return {"startedAt": started_at}


@kopf.on.resume(GROUP, VERSION, "benchwidgets")
async def resume_fn(**_):
    counters.resumed += 1
    counters.last_resume_at = now_ms()


@kopf.timer(GROUP, VERSION, "benchtimers", interval=1.0)
async def tick(name, **_):
    # Kopf's timers count the interval from the end of the previous run (as the other two operators do):
    # the lateness of a run is its start against that end + 1 s.
    started = now_ms()
    previous_end = counters.last_tick_end.get(name)
    if counters.lateness is not None and previous_end is not None:
        counters.lateness.append(started - (previous_end + 1000))
    counters.ticks += 1
    counters.ticked.add(name)
    counters.last_tick_end[name] = now_ms()


def answer(command: str, collect: bool):
    if command == "stats":
        if collect:
            gc.collect()
        return {
            "created": counters.created, "updated": counters.updated, "resumed": counters.resumed,
            "lastResumeAt": counters.last_resume_at, "ticks": counters.ticks, "tickedObjects": len(counters.ticked),
        }
    if command == "latencies":
        return list(counters.update_latencies)
    if command == "measure-start":
        counters.lateness = []
        return None
    if command == "measure-stop":
        window, counters.lateness = counters.lateness or [], None
        return {"lateness": list(window)}
    raise ValueError(f"unknown command {command!r}")


def serve_commands() -> None:
    """Reads the operator child's commands from stdin; stdin closing (the child gone) stops the process."""
    for line in sys.stdin:
        request = json.loads(line)
        try:
            reply = {"id": request["id"], "result": answer(request["cmd"], request.get("gc") is True)}
        except Exception as error:  # the child reports it to the driver
            reply = {"id": request["id"], "error": str(error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    os._exit(0)


logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
threading.Thread(target=serve_commands, daemon=True).start()
kopf.run(standalone=True, namespaces=["default"])
