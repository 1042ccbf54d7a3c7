"""Time from Ctrl-C to the answer while the bot thinks, through a pseudo-terminal.

Usage: python3 scripts/ctrl_c_latency.py target/release/shashki
Starts shashki with a minute a move in a scratch home, waits for the progress
line, presses Ctrl-C and times until the move line (five runs), then the same
for `hint`. Unix only.
"""
import os, pty, select, sys, time, tempfile
binary = os.path.abspath(sys.argv[1])
def run(hint):
    home = tempfile.mkdtemp()
    os.makedirs(home + "/kb"); open(home + "/kb/combs.txt", "w").close()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(home); os.environ["XDG_DATA_HOME"] = home
        args = [binary, "--no-color", "--movetime", "60000"] + ([] if hint else ["--black"])
        os.execv(binary, args)
    buf = b""
    def wait_for(text, limit=30):
        nonlocal buf
        end = time.time() + limit
        while text not in buf:
            r, _, _ = select.select([fd], [], [], max(0, end - time.time()))
            if not r: raise SystemExit("timeout waiting for %r" % text)
            buf += os.read(fd, 65536)
        i = buf.index(text); buf = buf[i + len(text):]
    if hint:
        wait_for(b"White> "); os.write(fd, b"hint\r")
    wait_for(b"thinking: depth")
    os.write(fd, b"\x03"); t = time.perf_counter()
    wait_for(b"hint: " if hint else b"shashki plays ")
    dt = (time.perf_counter() - t) * 1000
    os.kill(pid, 9); os.waitpid(pid, 0)
    return dt
for hint in (False, True):
    print("hint" if hint else "move", " ".join("%.1f" % run(hint) for _ in range(5)), "ms")
