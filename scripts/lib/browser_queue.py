"""Runs the browser test modules on a few workers that each take the next module from one queue,
so that no core waits while another has a long list left (scripts/browser-tests.sh).

Each module runs as `python3 -m unittest MODULE` would in Tests/BrowserTests (through
scripts/lib/timed_unittest.py, which prints each test's time after it), in its own process (each
module starts and closes its own Chromium), with the work folder of the worker that took it and a
folder every module shares (BACKDROP_BROWSER_SHARED: fixtures painted once for all of them). The
queue starts with the modules never timed on this machine, largest file first, then the others,
longest first by the last run's seconds (kept in --times); a module's output is printed, with its
time, when it ends. Fails when any module failed, naming them."""
import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time


def order(modules, folder, recorded):
    """The longest first: the modules never timed (a new one may be long), largest file first,
    then the others by the last run's seconds."""
    def weight(module):
        if module in recorded:
            return (0, recorded[module])
        return (1, os.path.getsize(os.path.join(folder, module + ".py")))
    return sorted(modules, key=weight, reverse=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--work", required=True, help="the folder under which each worker gets its own work folder")
    parser.add_argument("--times", required=True, help="a JSON file of each module's seconds, read and rewritten")
    parser.add_argument("modules", nargs="+")
    arguments = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(here, "..", "..", "Tests", "BrowserTests")
    timed = os.path.join(here, "timed_unittest.py")
    try:
        with open(arguments.times) as file:
            recorded = json.load(file)
    except (OSError, ValueError):
        recorded = {}
    pending = queue.Queue()
    for module in order(arguments.modules, folder, recorded):
        pending.put(module)
    lock = threading.Lock()
    seconds, failed = {}, []

    def worker(index):
        environment = dict(os.environ, BACKDROP_BROWSER_WORK=os.path.join(arguments.work, f"tests-{index}"),
                           BACKDROP_BROWSER_SHARED=os.path.join(arguments.work, "shared"))
        while True:
            try:
                module = pending.get_nowait()
            except queue.Empty:
                return
            started = time.monotonic()
            run = subprocess.run([sys.executable, timed, module], cwd=folder, env=environment,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            took = time.monotonic() - started
            with lock:
                seconds[module] = round(took, 1)
                verdict = "ok" if run.returncode == 0 else "FAILED"
                if run.returncode != 0:
                    failed.append(module)
                print(f"browser-tests: {module} {verdict} in {took:.0f} s (worker {index})\n{run.stdout}", flush=True)

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(arguments.workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    os.makedirs(os.path.dirname(os.path.abspath(arguments.times)), exist_ok=True)
    with open(arguments.times, "w") as file:
        json.dump(dict(recorded, **seconds), file, indent=1, sort_keys=True)
    profile = sorted(seconds.items(), key=lambda item: -item[1])
    print("browser-tests: each module's time: " + ", ".join(f"{module} {took:.0f} s" for module, took in profile))
    if failed:
        print(f"browser-tests: FAILED: {', '.join(sorted(failed))}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
