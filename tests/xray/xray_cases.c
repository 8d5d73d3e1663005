/*
 * xray_cases.c - the encoder-built XRay cases (see xray_cases.h).
 *
 * Names say what a case is: fdr-v3-be is a valid FDR version 3 trace from a
 * big-endian producer; fdr-bad-... and basic-bad-... break one rule each.
 */
#include "xray_cases.h"
#include "golden.h"
#include "harness.h"
#include "tracedec.h"
#include "xray_records.h"

#include <stdlib.h>
#include <stdio.h>

#include <string.h>

enum { ENTER = 0, EXIT = 1, TAIL = 2, ARGS = 3 };

static const char message[] = "hello, \"world\"\n";

/* Two buffers of two threads: every body record kind of the version. */
static void fdr_body(xenc *e)
{
    int32_t pid = e->version >= 3 ? 4242 : -1;
    xenc_begin_buffer(e, 101, pid, 1700000000, 123456);
    xenc_new_cpu(e, 3, 1000000);
    xenc_function(e, ENTER, 1, 0);
    xenc_function(e, ARGS, 2, 10);
    xenc_call_arg(e, 0xdeadbeefcafef00dull);
    xenc_call_arg(e, 7);
    xenc_function(e, ENTER, 3, 5);
    xenc_function(e, TAIL, 3, 5);
    xenc_function(e, EXIT, 2, 20);
    xenc_new_cpu(e, 4, 1000100);
    xenc_custom(e, (int32_t)strlen(message), -3, 1000150, 4, message,
                strlen(message));
    if (e->version >= 5)
        xenc_typed(e, 5, 2, 9, "typed", 5);
    xenc_tsc_wrap(e, 5000000000ull);
    xenc_function(e, EXIT, 1, 0x7fffffffu);
    xenc_end_buffer(e, 0);
    xenc_begin_buffer(e, 102, pid, 1700000001, 5);
    xenc_new_cpu(e, 0, 2000000);
    xenc_function(e, EXIT, 9, 1); /* this thread's trace starts mid-stack */
    xenc_function(e, ENTER, 0x0fffffff, 2);
    xenc_end_buffer(e, 0);
}

static void fdr_v(xenc *e, unsigned version, bool be)
{
    xenc_init(e, true, version, be, 2400000000ull, 512);
    fdr_body(e);
}

static void fdr_v1_le(xenc *e) { fdr_v(e, 1, false); }
static void fdr_v1_be(xenc *e) { fdr_v(e, 1, true); }
static void fdr_v2_le(xenc *e) { fdr_v(e, 2, false); }
static void fdr_v2_be(xenc *e) { fdr_v(e, 2, true); }
static void fdr_v3_le(xenc *e) { fdr_v(e, 3, false); }
static void fdr_v3_be(xenc *e) { fdr_v(e, 3, true); }
static void fdr_v4_le(xenc *e) { fdr_v(e, 4, false); }
static void fdr_v4_be(xenc *e) { fdr_v(e, 4, true); }
static void fdr_v5_le(xenc *e) { fdr_v(e, 5, false); }
static void fdr_v5_be(xenc *e) { fdr_v(e, 5, true); }

static void basic_body(xenc *e)
{
    xenc_basic(e, ENTER, 1, 1, 1000, 11, 22);
    xenc_basic(e, ARGS, 1, -2, 1010, 11, 22);
    xenc_basic_arg(e, -2, 11, 22, 99);
    xenc_basic_arg(e, -2, 11, 22, 0xffffffffffffffffull);
    xenc_basic(e, ENTER, 2, 5, 1015, 12, 22);
    xenc_basic(e, EXIT, 1, -2, 1020, 11, 22);
    if (e->version >= 2)
        xenc_basic(e, TAIL, 1, 1, 1030, 11, 22);
    else
        xenc_basic(e, EXIT, 1, 1, 1030, 11, 22);
    xenc_basic(e, EXIT, 2, 5, 1050, 12, 22);
}

static void basic_v(xenc *e, unsigned version, bool be)
{
    xenc_init(e, false, version, be, 1000000000ull, 0);
    basic_body(e);
}

static void basic_v1_le(xenc *e) { basic_v(e, 1, false); }
static void basic_v2_be(xenc *e) { basic_v(e, 2, true); }
static void basic_v3_le(xenc *e) { basic_v(e, 3, false); }
static void basic_v3_be(xenc *e) { basic_v(e, 3, true); }

static void fdr_header_only(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
}

static void basic_header_only(xenc *e)
{
    xenc_init(e, false, 3, false, 1000000000ull, 0);
}

static void fdr_empty_buffer(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 7, 8, 1, 2);
    e->len = e->extents_at + 16; /* extents of zero bytes */
    xenc_end_buffer(e, 0);
    xenc_begin_buffer(e, 7, 8, 1, 3);
    xenc_new_cpu(e, 0, 10);
    xenc_function(e, ENTER, 1, 1);
    xenc_end_buffer(e, 0);
}

static void fdr_v1_unsized(xenc *e)
{
    xenc_init(e, true, 1, false, 1000000000ull, 0);
    xenc_begin_buffer(e, 1, -1, 1, 2);
    xenc_new_cpu(e, 0, 10);
    xenc_function(e, ENTER, 1, 1);
    xenc_end_buffer(e, 0);
    xenc_begin_buffer(e, 2, -1, 1, 2);
    xenc_new_cpu(e, 0, 20);
    xenc_function(e, EXIT, 1, 1);
    xenc_end_buffer(e, 0);
}

static void fdr_big_payload(xenc *e)
{
    uint8_t payload[3000];
    size_t i;
    for (i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(i * 31 + 7);
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_custom(e, (int32_t)sizeof payload, 1, 0, 0, payload, sizeof payload);
    xenc_typed(e, 1, -1, 65535, "x", 1);
    xenc_function(e, ENTER, 5, 0);
    xenc_end_buffer(e, 0);
}

static void fdr_typed_v3(xenc *e)
{
    xenc_init(e, true, 3, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_typed(e, 3, 5, 1, "abc", 3);
    xenc_end_buffer(e, 0);
}

static void fdr_arg_after_plain_entry(xenc *e)
{
    xenc_init(e, true, 3, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_function(e, ENTER, 5, 1);
    xenc_call_arg(e, 42);
    xenc_call_arg(e, 43);
    xenc_function(e, EXIT, 5, 1);
    xenc_end_buffer(e, 0);
}

static void fdr_calls(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_function(e, EXIT, 5, 1);  /* exit without entry */
    xenc_function(e, ENTER, 6, 1);
    xenc_function(e, ENTER, 7, 1);
    xenc_function(e, ENTER, 8, 1);
    xenc_function(e, EXIT, 6, 1);  /* exits of 8 and 7 were lost */
    xenc_function(e, ENTER, 9, 1); /* still open at the end */
    xenc_end_buffer(e, 0);
}

/* A compiler-rt 14 typed event: the extents miss the marker's 16 bytes, so
 * the file loses the buffer's last 16 bytes, and here the cut lands inside
 * the NewCPUId record. */
static void fdr_typed_bug(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_typed(e, 4, 1, 2, "four", 4);
    xenc_function(e, ENTER, 5, 1);
    xenc_mark(e);
    xenc_new_cpu(e, 1, 150);
    xenc_function(e, EXIT, 5, 1);
    xenc_end_buffer(e, 16);
    xenc_begin_buffer(e, 1, 2, 3, 5);
    xenc_new_cpu(e, 0, 200);
    xenc_function(e, ENTER, 7, 1);
    xenc_end_buffer(e, 0);
}

/* The same bug, with the cut inside the payload of the buffer's last event
 * (as in the oracle's fdr-typed-bug trace). */
static void fdr_typed_bug_in_payload(xenc *e)
{
    static const char text[] = "twenty bytes of text";
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_typed(e, 4, 1, 2, "four", 4);
    xenc_mark(e);
    xenc_custom(e, 20, 1, 0, 0, text, 20);
    xenc_end_buffer(e, 16);
    xenc_begin_buffer(e, 1, 2, 3, 5);
    xenc_new_cpu(e, 0, 200);
    xenc_function(e, ENTER, 7, 1);
    xenc_end_buffer(e, 0);
}

static void bad_version(xenc *e) { xenc_init(e, true, 6, false, 1, 0); }
static void bad_basic_version(xenc *e) { xenc_init(e, false, 4, false, 1, 0); }

static void bad_type(xenc *e)
{
    xenc_init(e, true, 5, false, 1, 0);
    e->buf[2] = 2;
}

static void short_header(xenc *e)
{
    xenc_init(e, true, 5, false, 1, 0);
    e->len = 20;
}

static void empty_file(xenc *e)
{
    xenc_init(e, true, 5, false, 1, 0);
    e->len = 0;
}

/* A v5 buffer whose body comes from `body`; the mark is set by it. */
static void v5_buffer(xenc *e, void (*body)(xenc *e))
{
    xenc_init(e, true, 5, false, 1000000000ull, 16384);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 100);
    body(e);
    xenc_end_buffer(e, 0);
}

/* The error mark, then a metadata record of `kind` with a zero body. */
static void marked_metadata(xenc *e, unsigned kind)
{
    static const uint8_t zero[15];
    xenc_mark(e);
    xenc_metadata(e, kind, zero);
}

static void kind_10(xenc *e) { marked_metadata(e, 10); }
static void bad_kind(xenc *e) { v5_buffer(e, kind_10); }

static void eob_v2(xenc *e) { marked_metadata(e, 1); }
static void bad_eob_in_v5(xenc *e) { v5_buffer(e, eob_v2); }

static void action_5(xenc *e)
{
    xenc_mark(e);
    xenc_function(e, 5, 1, 1);
}
static void bad_action(xenc *e) { v5_buffer(e, action_5); }

static void wallclock_in_body(xenc *e) { marked_metadata(e, 4); }
static void bad_wallclock_in_body(xenc *e) { v5_buffer(e, wallclock_in_body); }

static void size_zero(xenc *e)
{
    xenc_mark(e);
    xenc_custom(e, 0, 0, 0, 0, "", 0);
}
static void bad_event_size_zero(xenc *e) { v5_buffer(e, size_zero); }

static void size_negative(xenc *e)
{
    xenc_mark(e);
    xenc_typed(e, -5, 0, 0, "", 0);
}
static void bad_event_size_negative(xenc *e) { v5_buffer(e, size_negative); }

static void arg_after_exit(xenc *e)
{
    xenc_function(e, ENTER, 1, 1);
    xenc_function(e, EXIT, 1, 1);
    xenc_mark(e);
    xenc_call_arg(e, 1);
}
static void bad_arg_after_exit(xenc *e) { v5_buffer(e, arg_after_exit); }

static void arg_first(xenc *e)
{
    xenc_mark(e);
    xenc_call_arg(e, 1);
}
static void bad_arg_first(xenc *e) { v5_buffer(e, arg_first); }

static void bad_extents_in_v1(xenc *e)
{
    static const uint8_t zero[15];
    xenc_init(e, true, 1, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, -1, 3, 4);
    xenc_new_cpu(e, 0, 100);
    xenc_mark(e);
    xenc_metadata(e, 7, zero);
}

static void bad_missing_wallclock(xenc *e)
{
    xenc_init(e, true, 3, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    e->len -= 32; /* drop WallClock and Pid */
    xenc_mark(e);
    xenc_new_cpu(e, 0, 100);
    xenc_end_buffer(e, 0);
}

static void bad_function_before_cpu(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_mark(e);
    xenc_function(e, ENTER, 1, 1);
    xenc_end_buffer(e, 0);
}

static void bad_preamble_only(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_mark(e);
    xenc_end_buffer(e, 0);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 1);
    xenc_end_buffer(e, 0);
}

static void bad_trailing_function(xenc *e)
{
    fdr_v(e, 5, false);
    xenc_mark(e);
    xenc_function(e, ENTER, 1, 1);
}

static void bad_straddle(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 1);
    xenc_function(e, ENTER, 1, 1);
    xenc_mark(e);
    xenc_new_cpu(e, 0, 2);
    xenc_end_buffer(e, 4);
    xenc_begin_buffer(e, 1, 2, 3, 5);
    xenc_new_cpu(e, 0, 3);
    xenc_end_buffer(e, 0);
}

static void bad_payload_past_extents(xenc *e)
{
    xenc_init(e, true, 5, false, 1000000000ull, 512);
    xenc_begin_buffer(e, 1, 2, 3, 4);
    xenc_new_cpu(e, 0, 1);
    xenc_mark(e);
    xenc_custom(e, 10, 0, 0, 0, "0123456789", 10);
    xenc_end_buffer(e, 3);
}

static void bad_v1_over_buffer_size(xenc *e)
{
    int i;
    xenc_init(e, true, 1, true, 1000000000ull, 128);
    xenc_begin_buffer(e, 1, -1, 3, 4);
    xenc_new_cpu(e, 0, 1);
    for (i = 0; i < 9; i++)
        xenc_function(e, ENTER, 1, 1);
    xenc_mark(e);
    xenc_new_cpu(e, 0, 2); /* bytes 120..135 of a 128-byte buffer */
}

static void bad_truncated_buffer(xenc *e)
{
    fdr_v(e, 5, false);
    e->len -= 8;
    e->mark = e->len;
}

static void bad_basic_record_type(xenc *e)
{
    basic_v(e, 3, false);
    xenc_mark(e);
    xenc_basic(e, ENTER, 0, 1, 1, 1, 1);
    e->buf[e->mark] = 2;
}

static void bad_basic_entry_type(xenc *e)
{
    basic_v(e, 3, false);
    xenc_mark(e);
    xenc_basic(e, 4, 0, 1, 1, 1, 1);
}

static void bad_basic_payload_first(xenc *e)
{
    xenc_init(e, false, 3, false, 1000000000ull, 0);
    xenc_mark(e);
    xenc_basic_arg(e, 1, 2, 3, 4);
}

static void bad_basic_payload_mismatch(xenc *e)
{
    xenc_init(e, false, 3, false, 1000000000ull, 0);
    xenc_basic(e, ARGS, 0, 1, 10, 2, 3);
    xenc_mark(e);
    xenc_basic_arg(e, 8, 2, 3, 4);
}

static void bad_basic_payload_after_exit(xenc *e)
{
    xenc_init(e, false, 2, false, 1000000000ull, 0);
    xenc_basic(e, EXIT, 0, 1, 10, 2, 3);
    xenc_mark(e);
    xenc_basic_arg(e, 1, 2, 3, 4);
}

static void basic_detached_payload(xenc *e)
{
    xenc_init(e, false, 3, false, 1000000000ull, 0);
    xenc_basic(e, ARGS, 0, 1, 10, 2, 3);
    xenc_basic(e, ENTER, 0, 7, 11, 5, 3);
    xenc_basic_arg(e, 1, 2, 3, 4);
    xenc_basic(e, EXIT, 0, 7, 12, 5, 3);
    xenc_basic(e, EXIT, 0, 1, 13, 2, 3);
}

static void bad_basic_partial_record(xenc *e)
{
    basic_v(e, 3, false);
    xenc_mark(e);
    xenc_raw(e, "0123456789", 10);
}

const xray_case xray_cases[] = {
    {"fdr-v1-le", fdr_v1_le, TD_END, 0, 0, "padding bytes="},
    {"fdr-v1-be", fdr_v1_be, TD_END, 0, 0, "end_of_buffer"},
    {"fdr-v2-le", fdr_v2_le, TD_END, 0, 0, NULL},
    {"fdr-v2-be", fdr_v2_be, TD_END, 0, 0, NULL},
    {"fdr-v3-le", fdr_v3_le, TD_END, 0, 0, " pid pid=4242"},
    {"fdr-v3-be", fdr_v3_be, TD_END, 0, 0, NULL},
    {"fdr-v4-le", fdr_v4_le, TD_END, 0, 0, NULL},
    {"fdr-v4-be", fdr_v4_be, TD_END, 0, 0, NULL},
    {"fdr-v5-le", fdr_v5_le, TD_END, 0, 0,
     "warning exit-without-entry func=9"},
    {"fdr-v5-be", fdr_v5_be, TD_END, 0, 0, "typed_event type=9"},
    {"basic-v1-le", basic_v1_le, TD_END, 0, 0, NULL},
    {"basic-v2-be", basic_v2_be, TD_END, 0, 0, "function tail_exit func=1"},
    {"basic-v3-le", basic_v3_le, TD_END, 0, 0, "call_arg value=99"},
    {"basic-v3-be", basic_v3_be, TD_END, 0, 0,
     "call_arg value=18446744073709551615"},
    {"fdr-header-only", fdr_header_only, TD_END, 0, 0, NULL},
    {"basic-header-only", basic_header_only, TD_END, 0, 0, NULL},
    {"fdr-empty-buffer", fdr_empty_buffer, TD_END, 0, 0,
     "warning empty-buffer"},
    {"fdr-v1-unsized", fdr_v1_unsized, TD_END, 0, 0, NULL},
    {"fdr-big-payload", fdr_big_payload, TD_END, 0, 0,
     "typed_event type=65535 size=1 delta=-1"},
    {"fdr-typed-v3", fdr_typed_v3, TD_END, 0, 0, "data=\"abc\""},
    {"fdr-arg-after-plain-entry", fdr_arg_after_plain_entry, TD_END, 0, 0,
     "warning arg-after-plain-entry"},
    {"fdr-calls", fdr_calls, TD_END, 0, 0, "warning lost-exits func=6 count=2"},
    {"fdr-typed-bug-recovered", fdr_typed_bug, TD_END, 0,
     TD_XRAY_RECOVER_TYPED_EXTENTS, "warning typed-event-extents"},
    {"fdr-typed-bug-in-payload-recovered", fdr_typed_bug_in_payload, TD_END,
     0, TD_XRAY_RECOVER_TYPED_EXTENTS, "warning typed-event-extents"},
    {"fdr-bad-typed-bug-in-payload", fdr_typed_bug_in_payload,
     TD_E_XRAY_TYPED_EVENT_EXTENTS, 0, 0, NULL},
    {"basic-detached-payload", basic_detached_payload, TD_END, 0, 0,
     "warning detached-arg-payload"},
    {"empty-file", empty_file, TD_E_TRUNCATED, 0, 0, NULL},
    {"short-header", short_header, TD_E_TRUNCATED, 0, 0, NULL},
    {"bad-version", bad_version, TD_E_XRAY_VERSION, 0, 0, NULL},
    {"bad-basic-version", bad_basic_version, TD_E_XRAY_VERSION, 0, 0, NULL},
    {"bad-type", bad_type, TD_E_XRAY_FILE_TYPE, 2, 0, NULL},
    {"fdr-bad-kind", bad_kind, TD_E_XRAY_METADATA_KIND, 0, 0, NULL},
    {"fdr-bad-eob-in-v5", bad_eob_in_v5, TD_E_XRAY_METADATA_KIND, 0, 0, NULL},
    {"fdr-bad-extents-in-v1", bad_extents_in_v1, TD_E_XRAY_METADATA_KIND, 0,
     0, NULL},
    {"fdr-bad-action", bad_action, TD_E_XRAY_FUNCTION_ACTION, 0, 0, NULL},
    {"fdr-bad-wallclock-in-body", bad_wallclock_in_body,
     TD_E_XRAY_BLOCK_ORDER, 0, 0, NULL},
    {"fdr-bad-missing-wallclock", bad_missing_wallclock,
     TD_E_XRAY_BLOCK_ORDER, 0, 0, NULL},
    {"fdr-bad-function-before-cpu", bad_function_before_cpu,
     TD_E_XRAY_BLOCK_ORDER, 0, 0, NULL},
    {"fdr-bad-preamble-only", bad_preamble_only, TD_E_XRAY_BLOCK_INCOMPLETE,
     0, 0, NULL},
    {"fdr-bad-trailing-function", bad_trailing_function,
     TD_E_XRAY_EXPECTED_EXTENTS, 0, 0, NULL},
    {"fdr-bad-straddle", bad_straddle, TD_E_XRAY_EXTENTS, 0, 0, NULL},
    {"fdr-bad-payload-past-extents", bad_payload_past_extents,
     TD_E_XRAY_EXTENTS, 0, 0, NULL},
    {"fdr-bad-typed-bug", fdr_typed_bug, TD_E_XRAY_TYPED_EVENT_EXTENTS, 0, 0,
     NULL},
    {"fdr-bad-v1-over-buffer-size", bad_v1_over_buffer_size,
     TD_E_XRAY_EXTENTS, 0, 0, NULL},
    {"fdr-bad-event-size-zero", bad_event_size_zero, TD_E_XRAY_EVENT_SIZE, 1,
     0, NULL},
    {"fdr-bad-event-size-negative", bad_event_size_negative,
     TD_E_XRAY_EVENT_SIZE, 1, 0, NULL},
    {"fdr-bad-arg-after-exit", bad_arg_after_exit, TD_E_XRAY_CALL_ARGUMENT, 0,
     0, NULL},
    {"fdr-bad-arg-first", bad_arg_first, TD_E_XRAY_CALL_ARGUMENT, 0, 0, NULL},
    {"fdr-bad-truncated-buffer", bad_truncated_buffer, TD_E_TRUNCATED, 0, 0,
     NULL},
    {"basic-bad-record-type", bad_basic_record_type,
     TD_E_XRAY_BASIC_RECORD_TYPE, 0, 0, NULL},
    {"basic-bad-entry-type", bad_basic_entry_type, TD_E_XRAY_BASIC_ENTRY_TYPE,
     3, 0, NULL},
    {"basic-bad-payload-first", bad_basic_payload_first,
     TD_E_XRAY_ARG_PAYLOAD, 0, 0, NULL},
    {"basic-bad-payload-mismatch", bad_basic_payload_mismatch,
     TD_E_XRAY_ARG_PAYLOAD, 0, 0, NULL},
    {"basic-bad-payload-after-exit", bad_basic_payload_after_exit,
     TD_E_XRAY_ARG_PAYLOAD, 0, 0, NULL},
    {"basic-bad-partial-record", bad_basic_partial_record, TD_E_TRUNCATED, 0,
     0, NULL},
};

const unsigned xray_case_count = sizeof xray_cases / sizeof xray_cases[0];

void xray_case_build(const xray_case *c, xenc *e)
{
    c->build(e);
}

unsigned xray_cases_golden(golden_set *s, bool update)
{
    unsigned i, found = 0;
    for (i = 0; i < xray_case_count; i++) {
        char name[256], file[300];
        unsigned f;
        golden_case *c;
        xenc e;
        snprintf(name, sizeof name, "enc-%s", xray_cases[i].name);
        snprintf(file, sizeof file, "%s.xray", name);
        c = golden_find(s, name, &f);
        if (c == NULL)
            continue;
        found++;
        xray_case_build(&xray_cases[i], &e);
        golden_check_bytes(s, f, c, file, e.buf, e.len, NULL, 0, update);
        xenc_free(&e);
    }
    return found;
}

/* --export: the encoder cases into their golden cases (enc-NAME) and the
 * fuzz seeds (the flags' byte, then the bytes). */
int export_xray_cases(void)
{
    golden_set s = golden_read("tests/xray/cases");
    unsigned i;
    int rc = xray_cases_golden(&s, true) == xray_case_count ? 0 : -1;
    for (i = 0; rc == 0 && i < xray_case_count; i++) {
        xenc e;
        xray_case_build(&xray_cases[i], &e);
        rc = golden_write_seed("xray", xray_cases[i].name,
                               xray_cases[i].flags ? 0x07 : 0x05, e.buf,
                               e.len);
        xenc_free(&e);
    }
    golden_save(&s, xray_record);
    return rc;
}
