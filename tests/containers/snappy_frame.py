#!/usr/bin/env python3
"""snappy_frame.py - an independent snappy compressor and framer for the
tests (there is no snappy tool to make reference data with).

    snappy_frame.py MODE SEED INPUT OUTPUT [MODE SEED INPUT OUTPUT ...]

frames each INPUT into its OUTPUT in the snappy framing format. MODE:
  plain      what Google's framer writes: a stream identifier, then chunks
             of 65536 input bytes, compressed (0x00) unless that does not
             shrink them (0x01), each with its masked CRC-32C;
  dynamorio  the same with DynamoRIO's CRC-less chunk types 0x02 and 0x03;
  mixed      every chunk type: data chunks of random sizes (0 to 65536
             bytes) and types 0x00-0x03, skippable (0x80-0xfd) and padding
             (0xfe) chunks, repeated stream identifiers, and every element
             encoding: copies with 1-, 2- and 4-byte offsets, overlapping
             copies, literal lengths in the tag and in 1 to 4 bytes (wider
             than needed now and then).
SEED drives the random choices of `mixed`. The CRC-32C is computed here
from the polynomial, independently of the library's code.
"""
import random
import sys

MAX_CHUNK = 65536


def crc_of_byte(byte):
    crc = byte
    for _ in range(8):
        crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc


CRC_TABLE = [crc_of_byte(b) for b in range(256)]


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = (crc >> 8) ^ CRC_TABLE[(crc ^ byte) & 0xFF]
    return crc ^ 0xFFFFFFFF


def masked_crc(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


class Encoder:
    """Emits snappy elements; `rng` (or None) varies the encodings."""

    def __init__(self, rng):
        self.rng = rng
        self.out = bytearray()

    def literal(self, data):
        n = len(data) - 1
        width = 0 if n < 60 else 1 if n < 1 << 8 else 2 if n < 1 << 16 else 3
        if self.rng and self.rng.random() < 0.2:
            width = max(width, self.rng.randint(1, 4))
        if width == 0:
            self.out.append(n << 2)
        else:
            self.out.append((59 + width) << 2)
            self.out += n.to_bytes(width, "little")
        self.out += data

    def copy(self, offset, length):
        while length > 0:
            if 4 <= length <= 11 and offset < 2048 and not self.wide():
                self.out.append(1 | ((length - 4) << 2) | ((offset >> 8) << 5))
                self.out.append(offset & 0xFF)
                return
            part = min(length, 64)
            if offset < 65536 and not self.wide():
                self.out.append(2 | ((part - 1) << 2))
                self.out += offset.to_bytes(2, "little")
            else:
                self.out.append(3 | ((part - 1) << 2))
                self.out += offset.to_bytes(4, "little")
            length -= part

    def wide(self):
        return bool(self.rng) and self.rng.random() < 0.15


def compress(block, rng):
    """Greedy LZ77 over one block: 4-byte hashes, the latest position."""
    enc = Encoder(rng)
    enc.out += varint(len(block))
    table = {}
    i = lit_start = 0
    n = len(block)
    while i + 4 <= n:
        key = block[i:i + 4]
        cand = table.get(key)
        table[key] = i
        if cand is None:
            i += 1
            continue
        length = 4
        while i + length < n and block[cand + length] == block[i + length]:
            length += 1
        if lit_start < i:
            enc.literal(block[lit_start:i])
        enc.copy(i - cand, length)
        for j in range(i + 1, min(i + length, n - 3), 3):
            table[block[j:j + 4]] = j
        i += length
        lit_start = i
    if lit_start < n:
        enc.literal(block[lit_start:])
    return bytes(enc.out)


def chunk(kind, body):
    return bytes([kind]) + len(body).to_bytes(3, "little") + body


STREAM_ID = chunk(0xFF, b"sNaPpY")


def data_chunk(block, kind, rng):
    """A data chunk of `kind` (0-3), or the best of 0/1 (2/3) when kind is
    None (plain) or "nocrc" (dynamorio)."""
    packed = compress(block, rng)
    if kind is None or kind == "nocrc":
        crc_types = kind is None
        compressed = len(packed) < len(block)
        kind = (0 if compressed else 1) + (0 if crc_types else 2)
    body = packed if kind in (0, 2) else block
    if kind in (0, 1):
        body = masked_crc(block).to_bytes(4, "little") + body
    return chunk(kind, body)


def frame_plain(data, kind):
    out = bytearray(STREAM_ID)
    for at in range(0, len(data), MAX_CHUNK):
        out += data_chunk(data[at:at + MAX_CHUNK], kind, None)
    return out


def frame_mixed(data, rng):
    out = bytearray(STREAM_ID)
    at = 0
    while at < len(data) or rng.random() < 0.3:
        roll = rng.random()
        if roll < 0.08:
            out += chunk(rng.randint(0x80, 0xFD), bytes(rng.randint(0, 40)))
        elif roll < 0.13:
            out += chunk(0xFE, bytes(rng.randint(0, 300)))
        elif roll < 0.17:
            out += STREAM_ID
        else:
            size = rng.choice((0, 1, 7, 100, 4096, 30000, MAX_CHUNK,
                               rng.randint(1, MAX_CHUNK)))
            block = data[at:at + size]
            out += data_chunk(block, rng.randint(0, 3), rng)
            at += len(block)
    return out


def frame_file(mode, seed, src, dst):
    with open(src, "rb") as f:
        data = f.read()
    if mode == "plain":
        framed = frame_plain(data, None)
    elif mode == "dynamorio":
        framed = frame_plain(data, "nocrc")
    elif mode == "mixed":
        framed = frame_mixed(data, random.Random(int(seed)))
    else:
        sys.exit("unknown mode " + mode)
    with open(dst, "wb") as f:
        f.write(framed)


def main():
    args = sys.argv[1:]
    if not args or len(args) % 4 != 0:
        sys.exit(__doc__)
    for at in range(0, len(args), 4):
        frame_file(*args[at:at + 4])


if __name__ == "__main__":
    main()
