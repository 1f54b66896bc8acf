"""Helpers of the desk tests: a scratch event made with the CLI and a real `arbiter serve`
process on a loopback port (port 0: the kernel picks a free one, the first line names it).
Every timeout here only bounds a hang: the tests run under ASan and beside other jobs (CI: 2 cores,
load 16), where a command or a request that takes a second idle may take many."""
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile

HANG = 300  # seconds: a command, a request, a stop that takes longer hangs
# Concurrent writers (the desk, the CLI, the tests' threads) wait for each other's lock; its limit
# (30 s unless ARBITER_LOCK_WAIT says otherwise) is a hang bound as well, widened here. A test of
# the limit itself sets its own.
os.environ.setdefault("ARBITER_LOCK_WAIT", str(HANG))
FIRST_LINE = re.compile(r"^serving (.+) at http://(127\.0\.0\.1):(\d+)/ \(token: (\S+)\)$")


def cli(arbiter, *args, check=True, env=None):
    """Runs `arbiter ARGS`; returns (exit status, stdout, stderr)."""
    p = subprocess.run([arbiter, *args], capture_output=True, text=True, timeout=HANG,
                       env=None if env is None else {**os.environ, **env})
    if check and p.returncode != 0:
        raise AssertionError(f"arbiter {' '.join(args)} -> {p.returncode}: {p.stderr}")
    return p.returncode, p.stdout, p.stderr


class Scratch:
    """A temporary folder holding one event file."""

    def __init__(self, arbiter, players=(), rounds=3, extra=(), name="Desk Open"):
        self.arbiter = arbiter
        self.dir = tempfile.mkdtemp(prefix="arbiter-desk-")
        self.file = os.path.join(self.dir, "open.trf")
        cli(arbiter, "event", "new", self.file, "--system", "dutch", "--rounds", str(rounds),
            "--rating-list", "standard", "--tiebreaks", "BH/C1 WON", "--rules", "2026",
            "--seed", "7", "--name", name, *extra)
        for name, rating in players:
            cli(arbiter, "event", "register", self.file, "--name", name, "--standard", str(rating))

    def remove(self):
        shutil.rmtree(self.dir, ignore_errors=True)


class Server:
    """`arbiter serve FILE --port 0 ...` as a child process."""

    def __init__(self, arbiter, file, *args, env=None):
        self.proc = subprocess.Popen([arbiter, "serve", file, "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=None if env is None else {**os.environ, **env})
        self.first_line = self.proc.stdout.readline().rstrip("\n")
        m = FIRST_LINE.match(self.first_line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"first line {self.first_line!r}; stderr "
                                 f"{self.proc.stderr.read()!r}")
        self.file, self.host, self.port, self.token = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        self.url = f"http://{self.host}:{self.port}"

    def request(self, method, path, body=None, token=None, headers=None, raw=False):
        """One request on a fresh connection; returns (status, headers, body as JSON or text)."""
        c = http.client.HTTPConnection(self.host, self.port, timeout=HANG)
        h = dict(headers or {})
        if token:
            h["Authorization"] = "Bearer " + token
        data = None
        if body is not None:
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
            h.setdefault("Content-Type", "text/plain" if isinstance(body, str) else "application/json")
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        c.close()
        hs = {k.lower(): v for k, v in r.getheaders()}
        if not raw and hs.get("content-type", "").startswith("application/json"):
            return r.status, hs, json.loads(text)
        return r.status, hs, text

    def get(self, path):
        return self.request("GET", path)

    def write(self, method, path, body=None):
        return self.request(method, path, body, token=self.token)

    def stop(self):
        """SIGTERM, as a service manager stops it; returns the exit status and the rest of stdout."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            out, _ = self.proc.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        return self.proc.returncode, out
