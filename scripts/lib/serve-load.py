"""Load and abuse test of `backdrop serve`, on 127.0.0.1 only.

Starts `backdrop serve --port 0` on the bundled content (or uses a server already running on
`--port`), then reports:

- throughput and latency (p50, p99) of GET /index.html at 1, 50 and 200 concurrent keep-alive
  connections;
- the half-open case: how many of N connections that never finish a request (half send nothing,
  half send one header line) the server still holds after its idle timeout;
- the long-line case: how long a 1 MB request line takes to be answered, and the latency of a
  normal request sent on another connection meanwhile;
- the server's peak resident memory (VmHWM in /proc/PID/status) after the first build and at
  the end.

Every phase is bounded in requests and in time, and the script stops the server it started.
Run through scripts/serve-load.sh, which builds the release binary first. Standard library only.
"""
import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"


def status_memory(pid):
    """VmHWM and VmRSS of a process, in MB, from /proc/PID/status (None when unreadable)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            text = status.read()
    except OSError:
        return None, None
    values = {}
    for key in ("VmHWM", "VmRSS"):
        match = re.search(rf"^{key}:\s+(\d+) kB", text, re.MULTILINE)
        values[key] = int(match.group(1)) / 1024 if match else None
    return values["VmHWM"], values["VmRSS"]


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


async def read_response(reader):
    """Reads one HTTP/1.1 response; returns (status, body bytes, keep-alive)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            body += await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        body = await reader.read()
    keep_alive = headers.get("connection", "").lower() != "close"
    return status, body, keep_alive


def request_bytes(port, path="/index.html"):
    return f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUser-Agent: serve-load\r\n\r\n".encode()


async def timed_get(port, path="/index.html", timeout=60):
    """One GET on a new connection: (status or error text, seconds)."""
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), timeout)
        writer.write(request_bytes(port, path))
        status, _, _ = await asyncio.wait_for(read_response(reader), timeout)
        writer.close()
        return status, time.perf_counter() - started
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as error:
        return f"{type(error).__name__}", time.perf_counter() - started


async def throughput(port, connections, max_requests, max_seconds):
    """GET /index.html on `connections` keep-alive connections until either bound is reached."""
    latencies = []
    errors = 0
    statuses = {}
    issued = 0
    deadline = time.perf_counter() + max_seconds

    async def worker():
        nonlocal issued, errors
        reader = writer = None
        while issued < max_requests and time.perf_counter() < deadline:
            issued += 1
            started = time.perf_counter()
            try:
                if writer is None:
                    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), 10)
                writer.write(request_bytes(port))
                status, _, keep_alive = await asyncio.wait_for(read_response(reader), max(1, deadline - started + 5))
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
                if not keep_alive:
                    writer.close()
                    writer = None
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError):
                errors += 1
                if writer is not None:
                    writer.close()
                writer = None
        if writer is not None:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    elapsed = time.perf_counter() - started
    return {
        "connections": connections,
        "requests": len(latencies),
        "errors": errors,
        "statuses": statuses,
        "seconds": elapsed,
        "rps": len(latencies) / elapsed if elapsed else 0,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
    }


async def is_open(reader, wait=0.5):
    """True when the server has neither closed nor reset the connection (reads what it sent)."""
    try:
        while True:
            data = await asyncio.wait_for(reader.read(65536), wait)
            if not data:
                return False
    except asyncio.TimeoutError:
        return True
    except OSError:
        return False


async def half_open(port, count, wait_seconds):
    """`count` connections that never complete a request; how many are still open after the wait."""
    connections = []
    for index in range(count):
        reader, writer = await asyncio.open_connection(HOST, port)
        if index % 2:
            writer.write(f"GET /index.html HTTP/1.1\r\nHost: {HOST}:{port}\r\n".encode())
        connections.append((reader, writer))
    await asyncio.sleep(wait_seconds)
    still_open = sum(await asyncio.gather(*(is_open(reader) for reader, _ in connections)))
    for _, writer in connections:
        writer.close()
    return still_open


async def long_line(port, line_bytes, timeout):
    """A request line of `line_bytes` bytes, and a normal request sent 0.2 s later meanwhile."""
    reader, writer = await asyncio.open_connection(HOST, port)
    started = time.perf_counter()
    request = b"GET /" + b"a" * line_bytes + f" HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()

    async def send_and_read():
        try:
            writer.write(request)
            # The server may answer and close before taking every byte; the answer is what counts.
            drain = asyncio.ensure_future(writer.drain())
            drain.add_done_callback(lambda done: done.cancelled() or done.exception())
            status, _, _ = await asyncio.wait_for(read_response(reader), timeout)
            drain.cancel()
            return status, time.perf_counter() - started
        except asyncio.TimeoutError:
            return f"no answer within {timeout:.0f} s", time.perf_counter() - started
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            return f"closed ({type(error).__name__})", time.perf_counter() - started

    long_task = asyncio.ensure_future(send_and_read())
    await asyncio.sleep(0.2)
    normal = await timed_get(port, timeout=timeout)
    long_result = await long_task
    writer.close()
    return long_result, normal


def start_server(binary, root):
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--content", "content", "--templates", "templates"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.time() + 600
    for line in process.stdout:
        print(f"  server: {line.rstrip()}")
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if match:
            # Keep the pipe drained (and the server's lines shown) while the load runs.
            threading.Thread(target=lambda: [print(f"  server: {rest.rstrip()}") for rest in process.stdout], daemon=True).start()
            return process, int(match.group(1))
        if time.time() > deadline:
            break
    process.kill()
    sys.exit("the server printed no address")


def stop_server(process):
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


async def run(arguments, port, pid):
    report = []

    def memory(label):
        if pid is None:
            return
        hwm, rss = status_memory(pid)
        if hwm is not None:
            report.append(f"memory {label}: peak (VmHWM) {hwm:.1f} MB, now (VmRSS) {rss:.1f} MB")
            print(report[-1])

    memory("after the first build")
    for connections in (1, 50, 200):
        result = await throughput(port, connections, arguments.requests, arguments.seconds)
        report.append(
            f"GET /index.html, {connections:>3} connections: {result['requests']} requests in {result['seconds']:.1f} s, "
            f"{result['rps']:.0f} requests/s, p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
            f"errors {result['errors']}, statuses {result['statuses']}"
        )
        print(report[-1])
    memory("after the throughput runs")

    still_open = await half_open(port, arguments.half_open, arguments.half_open_wait)
    report.append(f"half-open: {still_open} of {arguments.half_open} connections still open after {arguments.half_open_wait:.0f} s")
    print(report[-1])

    (long_status, long_seconds), (normal_status, normal_seconds) = await long_line(port, arguments.line_bytes, arguments.line_timeout)
    report.append(f"long line ({arguments.line_bytes} bytes): answer {long_status} after {long_seconds:.3f} s")
    print(report[-1])
    report.append(f"normal request sent meanwhile: {normal_status} after {normal_seconds:.3f} s")
    print(report[-1])
    after_status, after_seconds = await timed_get(port, timeout=arguments.line_timeout)
    report.append(f"normal request after it: {after_status} after {after_seconds:.3f} s")
    print(report[-1])
    memory("at the end")
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/backdrop", help="the backdrop executable to start")
    parser.add_argument("--port", type=int, help="use a server already running on this port instead of starting one")
    parser.add_argument("--pid", type=int, help="with --port: the server's process id, for its memory")
    parser.add_argument("--requests", type=int, default=20000, help="requests per concurrency level at most")
    parser.add_argument("--seconds", type=float, default=10, help="seconds per concurrency level at most")
    parser.add_argument("--half-open", type=int, default=40, help="half-open connections")
    parser.add_argument("--half-open-wait", type=float, default=17, help="seconds to wait before counting them (the idle timeout and a margin)")
    parser.add_argument("--line-bytes", type=int, default=1 << 20, help="length of the long request line")
    parser.add_argument("--line-timeout", type=float, default=30, help="seconds to wait for the long-line answers")
    arguments = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    process = None
    if arguments.port:
        port, pid = arguments.port, arguments.pid
    else:
        binary = os.path.abspath(os.path.join(root, arguments.binary)) if not os.path.isabs(arguments.binary) else arguments.binary
        process, port = start_server(binary, root)
        pid = process.pid
    try:
        report = asyncio.run(asyncio.wait_for(run(arguments, port, pid), timeout=900))
    finally:
        if process is not None:
            stop_server(process)
    print("\nsummary")
    for line in report:
        print(f"  {line}")


if __name__ == "__main__":
    main()
