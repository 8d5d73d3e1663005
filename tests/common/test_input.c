/*
 * test_input.c - the shared input cursor: fields straddling spans are
 * staged, requests always name the next byte, pieces never stage, and the
 * end of input is told apart from a request.
 */
#include "harness.h"
#include "guard_span.h"

#include "common/input.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_input_staging(void)
{
    static const uint8_t a[3] = {1, 2, 3}, b[2] = {4, 5}, c[4] = {6, 7, 8, 9};
    td_input in;
    const uint8_t *p;
    tdi_input_init(&in);
    expect(tdi_input_peek(&in, 1) == NULL && in.waiting, "empty: request");
    expect(in.want.offset == 0 && in.want.min_len == 1, "first request");
    expect(tdi_input_feed(&in, a, sizeof a) == TD_OK, "feed a");
    expect(tdi_input_feed(&in, a, sizeof a) == TD_E_PROTOCOL,
           "unrequested feed is refused");
    p = tdi_input_peek(&in, 2);
    expect(p == a, "in-span peek points into the span");
    tdi_input_take(&in, 2);
    expect(tdi_input_tell(&in) == 2, "tell after take");
    p = tdi_input_peek(&in, 4);
    expect(p == NULL && in.waiting && in.want.offset == 3 &&
               in.want.min_len == 3,
           "straddling peek stages 1 byte and asks for 3 more at 3");
    expect(tdi_input_tell(&in) == 2, "staged bytes are not taken");
    tdi_input_feed(&in, b, sizeof b);
    p = tdi_input_peek(&in, 4);
    expect(p == NULL && in.want.offset == 5 && in.want.min_len == 1,
           "still one short");
    tdi_input_feed(&in, c, sizeof c);
    p = tdi_input_peek(&in, 4);
    expect(p != NULL && memcmp(p, "\3\4\5\6", 4) == 0, "staged field");
    tdi_input_take(&in, 4);
    expect(tdi_input_tell(&in) == 6 && in.staged == 0, "tell after staged");
    p = tdi_input_peek(&in, 3);
    expect(p == c + 1, "back to the span");
}

static void test_input_pieces_and_end(void)
{
    static const uint8_t a[10] = {0};
    td_input in;
    size_t len;
    td_fault f;
    memset(&f, 0, sizeof f);
    tdi_input_init(&in);
    expect(tdi_input_probe(&in) == -1, "probe asks");
    tdi_input_feed(&in, a, sizeof a);
    expect(tdi_input_piece(&in, 4, &len) == a && len == 4, "piece of 4");
    expect(tdi_input_piece(&in, 100, &len) == a + 4 && len == 6,
           "rest of the span");
    expect(tdi_input_piece(&in, 100, &len) == NULL && in.waiting &&
               in.want.offset == 10,
           "piece asks for the next byte");
    expect(tdi_input_stall(&in, &f, 3, "r") == TD_NEED_INPUT && f.code == 0,
           "stall while waiting is need-input");
    tdi_input_feed(&in, NULL, 0);
    expect(tdi_input_probe(&in) == 0, "probe sees the end");
    expect(tdi_input_peek(&in, 2) == NULL && !in.waiting, "no request at end");
    expect(tdi_input_stall(&in, &f, 3, "r") == TD_E_TRUNCATED &&
               f.code == TD_E_TRUNCATED && f.offset == 3,
           "stall at end is truncation");
    expect(tdi_input_feed(&in, a, 1) == TD_E_PROTOCOL, "no feed after end");
}

static void test_input_skip(void)
{
    static const uint8_t a[3] = {1, 2, 3}, b[8] = {4, 5, 6, 7, 8, 9, 10, 11};
    td_input in;
    tdi_input_init(&in);
    tdi_input_peek(&in, 1);
    tdi_input_feed(&in, a, sizeof a);
    expect(tdi_input_peek(&in, 16) == NULL && in.staged == 3,
           "3 bytes staged");
    expect(tdi_input_skip(&in, 2) == 2 && tdi_input_tell(&in) == 2 &&
               in.staged == 1,
           "skip drops staged bytes first");
    expect(tdi_input_skip(&in, 10) == 1 && tdi_input_tell(&in) == 3,
           "then the rest of the stage");
    expect(tdi_input_skip(&in, 10) == 0 && in.waiting &&
               in.want.offset == 3,
           "then asks for the next byte");
    tdi_input_feed(&in, b, sizeof b);
    expect(tdi_input_skip(&in, 5) == 5 && tdi_input_tell(&in) == 8,
           "skip within the span");
}

static void test_input_random_access(void)
{
    static const uint8_t page[100] = {1, 2, 3};
    td_input in;
    size_t avail;
    const uint8_t *p;
    tdi_input_init(&in);
    p = tdi_input_at(&in, 3, 4096, 100, &avail);
    expect(p == NULL && in.waiting && in.want.source == 3 &&
               in.want.offset == 4096 && in.want.min_len == 100,
           "a random read asks for its bytes");
    tdi_input_feed(&in, page, sizeof page);
    p = tdi_input_at(&in, 3, 4096, 100, &avail);
    expect(p == page, "then points into the span");
    p = tdi_input_at(&in, 3, 4100, 10, &avail);
    expect(p == page + 4, "reads inside the span need no request");
    p = tdi_input_at(&in, 2, 4100, 10, &avail);
    expect(p == NULL && in.waiting && in.want.source == 2,
           "another source needs a request");
    tdi_input_feed(&in, page, 7);
    p = tdi_input_at(&in, 2, 4100, 10, &avail);
    expect(p == NULL && !in.waiting && avail == 7,
           "a short answer is the end of the source");
    p = tdi_input_at(&in, 2, 0, 64, &avail);
    expect(p == NULL && in.waiting, "a read elsewhere asks again");
    tdi_input_feed(&in, NULL, 0);
    p = tdi_input_at(&in, 2, 0, 64, &avail);
    expect(p == NULL && !in.waiting && avail == 0,
           "an empty answer: nothing there");
}

static void test_error_names(void)
{
    expect(strcmp(td_error_name(TD_E_TRUNCATED), "truncated") == 0,
           "truncated");
    expect(strcmp(td_error_name(TD_E_XRAY_EXTENTS), "xray-extents") == 0,
           "xray-extents");
    expect(strcmp(td_error_name(-12345), "unknown") == 0, "unknown");
    expect(strcmp(td_warning_name(TD_W_XRAY_LOST_EXITS), "lost-exits") == 0,
           "lost-exits");
    expect(td_version_number() == TD_VERSION_NUMBER, "version number");
    expect(strcmp(td_version_string(), TD_VERSION_STRING) == 0,
           "version string");
}

static void exit_on_fault(int sig)
{
    (void)sig;
    _exit(5);
}

/* Whether reading p[i] in a child process faults. The child installs its
 * own SIGSEGV handler so that a sanitizer's handler (which would report
 * and exit 1) does not stand in the way. */
static bool read_faults(const volatile uint8_t *p, long i)
{
    int status;
    pid_t child;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        struct sigaction sa;
        uint8_t v;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = exit_on_fault;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, NULL);
        sigaction(SIGBUS, &sa, NULL);
        v = p[i];
        _exit(v == 0xa5 ? 3 : 4);
    }
    if (child < 0 || waitpid(child, &status, 0) != child)
        return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 5;
}

/* The guard-page host the sweeps use: a byte past an even span, or before
 * an odd one, is not readable. */
static void test_guard_span(void)
{
    guard_span g = {NULL, 0, 0};
    static uint8_t src[10000];
    const uint8_t *p;
    memset(src, 0xa5, sizeof src);
    p = guard_span_copy(&g, src, 100);
    expect(p[0] == 0xa5 && p[99] == 0xa5, "span content");
    expect(read_faults(p, 100), "reading past an even span does not fault");
    p = guard_span_copy(&g, src, 7);
    expect(read_faults(p, -1), "reading before an odd span does not fault");
    p = guard_span_copy(&g, src, 10000);
    expect(read_faults(p, 10000), "reading past a grown span does not fault");
    guard_span_free(&g);
}

const test_case input_tests[] = {
    {"guard-page host", test_guard_span},
    {"input staging", test_input_staging},
    {"input pieces and end", test_input_pieces_and_end},
    {"input skip", test_input_skip},
    {"input random access", test_input_random_access},
    {"error names", test_error_names},
    {NULL, NULL},
};
