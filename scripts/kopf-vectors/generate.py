#!/usr/bin/env python3
"""Regenerate packages/state/test/kopf-vectors.json by running the real Kopf over inputs.json.

Usage:
    python3 scripts/kopf-vectors/generate.py --kopf /path/to/kopf [--check]

--kopf names a directory holding Kopf's public source (the directory with kopf/__init__.py).
Kopf runs under the system python3 with Debian's packages (python3-aiohttp python3-click
python3-yaml python3-iso8601 python3-pythonjsonlogger python3-typing-extensions python3-jsonpatch);
nothing of Kopf is copied into this repository. --check compares instead of writing (exit 1 on a
difference). See docs/state.md.
"""
import argparse
import asyncio
import datetime
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUTPUT = os.path.join(ROOT, 'packages', 'state', 'test', 'kopf-vectors.json')
# The moment a vector's loop time counts from: Kopf's timestamps are BASE + the loop's time.
BASE = datetime.datetime(2026, 11, 25, 10, 0, 0, tzinfo=datetime.timezone.utc)


def dumps(value):
    """Kopf's own encoding of stored values."""
    return json.dumps(value, separators=(',', ':'))


def is_integer_key(key):
    """What JavaScript orders first: canonical array indices."""
    return key.isdigit() and key.isascii() and (key == '0' or not key.startswith('0')) and int(key) <= 4294967294


def check_server_order(value, where):
    """A server writes a map with integer-like keys in byte order: refuse inputs that could not come from one."""
    if isinstance(value, dict):
        keys = list(value)
        if any(is_integer_key(k) for k in keys) and keys != sorted(keys, key=lambda k: k.encode('utf-8')):
            raise SystemExit(f'inputs.json: {where} has integer-like keys not in byte order: {keys}')
        for k, v in value.items():
            check_server_order(v, f'{where}.{k}')
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_server_order(v, f'{where}[{i}]')


def merge(target, patch):
    """A JSON merge patch, as the API server applies Kopf's patches between cycles."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge(result.get(key), value)
    return result


class FakeLoop:
    """The loop time Kopf's progression reads, set per cycle."""
    def __init__(self):
        self.now = 0.0

    def time(self):
        return self.now


def main():
    if os.environ.get('PYTHONHASHSEED') != '0':
        # Kopf purges from sets: a fixed hash seed keeps the order of keys in the patches, so the file is stable.
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--kopf', required=True, help="a directory with Kopf's source (containing kopf/__init__.py)")
    parser.add_argument('--check', action='store_true', help='compare with the committed vectors instead of writing them')
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.kopf, 'kopf', '__init__.py')):
        raise SystemExit(f'--kopf {args.kopf}: no kopf/__init__.py there; give the directory of a Kopf source checkout')
    versions = os.path.join(args.kopf, 'kopf', '_cogs', 'helpers', 'versions.py')
    if not os.path.exists(versions):
        # Written by setuptools-scm when Kopf is built; a plain source checkout lacks it.
        raise SystemExit(f'{versions} is missing: create it with the line\n  __version__ = version = "<version>"; '
                         '__version_tuple__ = version_tuple = (0,); __commit_id__ = commit_id = None')
    sys.path.insert(0, os.path.abspath(args.kopf))
    import kopf
    from kopf._cogs.configs import diffbase, progress, conventions
    from kopf._cogs.structs import bodies, patches
    from kopf._core.actions import execution, progression

    with open(os.path.join(HERE, 'inputs.json'), encoding='utf-8') as file:
        inputs = json.load(file)
    raw_bodies = {name: json.loads(text) for name, text in inputs['bodies'].items()}
    for name, body in raw_bodies.items():
        check_server_order(body, f'bodies.{name}')

    # Diff-bases: the essence Kopf builds and the patch it stores, for every body × storage config.
    diffbases = []
    for name, text in inputs['bodies'].items():
        for config in inputs['diffBaseConfigs']:
            ignored = config.get('ignoredFields', [])
            extra = config.get('extraFields', [])
            if config['storage'] == 'annotations':
                storage = diffbase.AnnotationsDiffBaseStorage(
                    prefix=config.get('prefix', 'kopf.zalando.org'), key=config.get('key', 'last-handled-configuration'),
                    v1=config.get('v1', True), ignored_fields=ignored)
            else:
                storage = diffbase.StatusDiffBaseStorage(name=config.get('name', 'kopf'), ignored_fields=ignored)
            body = bodies.Body(json.loads(text))
            essence = storage.build(body=body, extra_fields=extra)
            patch = patches.Patch()
            storage.store(body=body, patch=patch, essence=essence)
            diffbases.append({'body': name, 'config': config, 'essence': dumps(essence), 'patch': dumps(dict(patch)),
                              'fetched': dumps(storage.fetch(body=body))})

    # Annotation keys: v2 first, then a distinct v1, with the ReplicaSet-of-a-Deployment marking.
    keys = []
    for prefix in inputs['keyPrefixes']:
        for v1 in (True, False):
            convention = conventions.StorageKeyFormingConvention(prefix=prefix, v1=v1)
            for body_name in inputs['keyBodies']:
                body = bodies.Body(raw_bodies[body_name])
                for handler_id in inputs['keyIds']:
                    keys.append({'id': handler_id, 'prefix': prefix, 'v1': v1, 'body': body_name,
                                 'keys': list(convention.make_keys(handler_id, body=body))})

    # JSON: Python's bytes for values read from the API.
    jsons = [{'json': text, 'python': dumps(json.loads(text))} for text in inputs['jsonTexts']]
    jsons += [{'json': text, 'python': dumps(json.loads(text))} for text in inputs['bodies'].values()]
    # Texts no server sends: what Kopf writes for them, and for the text the server sends instead.
    not_from_server = [{'json': text, 'python': dumps(json.loads(text)), 'server': server, 'serverPython': dumps(json.loads(server))}
                       for text, server in inputs['jsonTextsNotFromServer']['pairs']]

    # Progress: Kopf's own handler runs, cycle by cycle, with the loop time set for each cycle.
    progresses = []
    loop = FakeLoop()
    progression.asyncio = types.SimpleNamespace(get_running_loop=lambda: loop)
    progression._get_basetime = lambda: BASE
    for scenario in inputs['progressScenarios']:
        for config in inputs['progressStorages']:
            prefix = config.get('prefix', 'kopf.zalando.org')
            if config['storage'] == 'annotations':
                storage = progress.AnnotationsProgressStorage(prefix=prefix, verbose=config['verbose'])
            elif config['storage'] == 'status':
                storage = progress.StatusProgressStorage()
            else:
                storage = progress.SmartProgressStorage(prefix=prefix, verbose=config['verbose'])
            handlers = [types.SimpleNamespace(id=handler_id) for handler_id in scenario['handlers']]
            raw = json.loads(inputs['bodies'][scenario['body']])
            cycles = []
            for cycle in scenario['cycles']:
                loop.now = cycle['at']
                body = bodies.Body(raw)
                active = [types.SimpleNamespace(id=handler_id) for handler_id in cycle['active']]
                state = progression.State.from_storage(body=body, storage=storage, handlers=handlers + active)
                state = state.with_purpose(cycle['purpose']).with_handlers(active)
                outcomes = {}
                for handler_id, outcome in cycle['outcomes'].items():
                    message = outcome.get('message')
                    exception = None if message is None else Exception(message)
                    if outcome.get('subhandlersPending'):
                        # What Kopf's execution makes of a parent whose sub-handlers are unfinished (subhandling.py).
                        exception = execution.HandlerChildrenRetry(delay=outcome.get('delay'))
                    outcomes[handler_id] = execution.Outcome(
                        final=outcome['final'], delay=outcome.get('delay'),
                        exception=exception, subrefs=outcome.get('subrefs', ()))
                state = state.with_outcomes(outcomes)
                patch = patches.Patch()
                state.store(body=body, patch=patch, storage=storage)
                if 'touch' in cycle:
                    storage.touch(body=body, patch=patch, value=cycle['touch'])
                if state.done:
                    state.purge(body=body, patch=patch, storage=storage, handlers=handlers + active)
                cycles.append({'patch': dumps(dict(patch)), 'done': state.done,
                               'delays': [round(delay, 6) for delay in state.delays]})
                raw = merge(raw, json.loads(dumps(dict(patch))))
            progresses.append({'scenario': scenario['name'], 'storage': config, 'cycles': cycles})

    vectors = {
        'source': f'Generated by scripts/kopf-vectors/generate.py from scripts/kopf-vectors/inputs.json with Kopf {kopf.__version__} '
                  f'under Python {sys.version.split()[0]}. Do not edit: regenerate.',
        'base': BASE.isoformat(),
        'diffbases': diffbases,
        'keys': keys,
        'json': jsons,
        'jsonNotFromServer': not_from_server,
        'progress': progresses,
    }
    text = json.dumps(vectors, indent=1, ensure_ascii=False) + '\n'
    total = len(diffbases) + len(keys) + len(jsons) + len(not_from_server) + sum(len(p['cycles']) for p in progresses)
    if args.check:
        with open(OUTPUT, encoding='utf-8') as file:
            if file.read() != text:
                raise SystemExit(f'{OUTPUT} differs from what Kopf {kopf.__version__} gives: regenerate it')
        print(f'{total} vectors match Kopf {kopf.__version__}')
    else:
        with open(OUTPUT, 'w', encoding='utf-8') as file:
            file.write(text)
        print(f'wrote {total} vectors from Kopf {kopf.__version__} to {os.path.relpath(OUTPUT, ROOT)}')


if __name__ == '__main__':
    main()
