/*
 * tracedec.h - streaming, allocation-free decoders for program execution
 * traces.
 *
 * THE DECODER CONTRACT (the same for every format)
 * ================================================
 *
 * Memory. A decoder is a struct the caller owns (stack, static, heap, inside
 * another struct). td_<fmt>_init() prepares it; nothing is ever allocated.
 * A format that needs more memory than its struct takes it from the caller at
 * init and checks its size there (TD_E_BAD_CONFIG when too small). The
 * library has no global or static mutable state: decoders are independent and
 * may live on different threads.
 *
 * Pull. td_<fmt>_next(dec, &ev) returns one of:
 *   TD_EVENT       *ev holds one event;
 *   TD_NEED_INPUT  the decoder needs bytes: td_<fmt>_request(dec) says which
 *                  source, the absolute offset, and the minimum contiguous
 *                  length that lets it make progress;
 *   TD_END         the input ended where the format allows it to end;
 *   < 0            an error (enum td_error).
 * The decoder never does I/O. The host answers a request with
 * td_<fmt>_feed(dec, data, len): bytes that start exactly at the requested
 * offset, any length (more is better: fewer round trips; fewer than min_len
 * is allowed and the decoder stages them), or len == 0 for end of file, so a
 * complete input is told apart from a truncated one. The span must stay
 * valid until next() asks for input again. Forward-only formats (XRay,
 * drmemtrace) always ask for the byte after the last one they took, so a pipe
 * or socket can feed them. Random-access formats (UMT, SQLite) ask for ranges
 * of several sources, so pread and mmap hosts can feed them; their requests
 * may ask for more than TD_STAGE_SIZE bytes (a database page) and must be
 * answered with at least min_len bytes unless the source ends first: a
 * shorter answer says the source ends there.
 *
 * A host loop over pread:
 *
 *     td_xray_decoder d; td_xray_event ev; int rc;
 *     td_xray_init(&d, 0);
 *     while ((rc = td_xray_next(&d, &ev)) != TD_END) {
 *         if (rc == TD_EVENT) { use(&ev); continue; }
 *         if (rc < 0) { report(td_xray_fault(&d)); break; }
 *         const td_request *rq = td_xray_request(&d);
 *         ssize_t n = pread(fd, buf, sizeof buf, (off_t)rq->offset);
 *         if (n < 0) { io_error(); break; }
 *         td_xray_feed(&d, buf, (size_t)n);      // n == 0 means EOF
 *     }
 *
 * Events. Every event carries the absolute offset and size of what it
 * describes. Byte payloads point into the host's span and stay valid until
 * the next call on the decoder. A payload longer than what the span holds
 * arrives as ordered fragments, the last one flagged; it is never buffered
 * whole. A fixed-size header that straddles two spans is staged in a small
 * buffer inside the decoder (TD_STAGE_SIZE bytes).
 *
 * Chunking never changes the result: the event sequence is identical for
 * every way of splitting the input into spans, except for where payload
 * fragments are cut (their bytes, in order, are the same).
 *
 * Errors. Negative codes with explicit values that are never reused; see
 * enum td_error. An error is sticky: next() and feed() return it until
 * reset. td_<fmt>_fault() gives the code, the absolute offset of the
 * offending byte or record, and a static reason string naming the failed
 * check (NULL when the library is built with TD_NO_REASONS). TD_E_TRUNCATED
 * means the input ended inside a structure; every other code means the bytes
 * are wrong. Legal but suspicious facts (an exit without an entry, a thread
 * whose trace starts mid-stack) are warning events, not errors.
 *
 * Headers: this file, tracedec/common.h, and one header per format.
 */
#ifndef TRACEDEC_H
#define TRACEDEC_H

#include "tracedec/common.h"
#include "tracedec/detect.h"
#include "tracedec/checksum.h"
#include "tracedec/inflate.h"
#include "tracedec/gzip.h"
#include "tracedec/zip.h"
#include "tracedec/lz4.h"
#include "tracedec/snappy.h"
#include "tracedec/drmem.h"
#include "tracedec/xray.h"
#include "tracedec/tagscan.h"
#include "tracedec/umt.h"
#include "tracedec/sqlite.h"
#include "tracedec/rvn.h"

#endif /* TRACEDEC_H */
