"""One run of tracedec as the -j checks compare runs: its exit status, the
SHA-256 of its standard output (read in blocks: a dump can be gigabytes),
and its standard error; optionally under `ulimit -n LIMIT`."""
import hashlib
import subprocess


def digest_run(tracedec, args, limit=None):
    command = [tracedec] + args
    if limit is not None:
        command = ["sh", "-c", 'ulimit -n %d; exec "$@"' % limit,
                   "sh"] + command
    proc = subprocess.Popen(command, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    digest = hashlib.sha256()
    for block in iter(lambda: proc.stdout.read(1 << 20), b""):
        digest.update(block)
    err = proc.stderr.read().decode("latin-1")
    return proc.wait(), digest.hexdigest(), err
