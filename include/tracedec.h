/*
 * tracedec.h - streaming, allocation-free decoders for program execution
 * traces.
 *
 * THE API SHAPE (the same for every decoder)
 * ==========================================
 *
 * Twelve decoders, one shape. FMT is xray, drmem (drmemtrace records),
 * drmem_file (a drmemtrace file: container plus records), inflate, gzip,
 * zip, lz4, snappy, tagscan, umt, sqlite or rvn:
 *
 *   td_FMT_decoder    the decoder, a struct the caller owns; its fields
 *                     are private
 *   td_FMT_config     what init needs; it always begins with
 *                       size_t size;       sizeof(td_FMT_config) as the
 *                                          caller was compiled with it, so
 *                                          the config can grow without
 *                                          breaking the ABI
 *                       uint32_t flags;    TD_FMT_* init flags
 *                     then, for a format that takes caller memory
 *                       void *memory;      a window, a workspace
 *                       size_t memory_size;
 *                     then the format's own settings
 *   td_FMT_event      every event begins with the same four fields
 *                       int kind;          TD_FMT_EV_...
 *                       uint32_t flags;    TD_LAST_FRAGMENT (bits 0..7 are
 *                                          common), the format's own flags
 *                                          from bit 8
 *                       uint64_t offset;   absolute offset of what the
 *                                          event describes
 *                       uint64_t size;     bytes it occupies there
 *                     then one sub-struct per kind
 *
 *   int td_FMT_init(td_FMT_decoder *d, const td_FMT_config *cfg);
 *   int td_FMT_reset(td_FMT_decoder *d);     start over, same config
 *   int td_FMT_next(td_FMT_decoder *d, td_FMT_event *ev);
 *   const td_request *td_FMT_request(const td_FMT_decoder *d);
 *   int td_FMT_feed(td_FMT_decoder *d, const void *data, size_t len);
 *   const td_fault *td_FMT_fault(const td_FMT_decoder *d);
 *
 * init() accepts a NULL config, meaning every setting 0, where the
 * format needs no memory or only optional memory (drmem, tagscan, sqlite,
 * rvn; xray without a call matcher, umt in DECODE mode without a
 * workspace). More detail about an error than td_fault holds (which UMT
 * file, which zip member) comes from an accessor of the format. Every
 * function's comment in the format's header lists the errors it returns.
 * Payloads longer than a span arrive as fragments, the last one flagged
 * TD_LAST_FRAGMENT. The library's internal symbols are named tdi_*.
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
 *     td_xray_config cfg = {.size = sizeof cfg};  // no flags, no matcher
 *     td_xray_init(&d, &cfg);
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
