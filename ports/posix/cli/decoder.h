/*
 * decoder.h - every decoder of the library as the driver calls it: a
 * tagged pointer, and next, request, feed, fault and warning, each a
 * switch on the tag to the format's own function (direct calls: the
 * driver's loop turns once per event). A new decoder is a case in each.
 */
#ifndef TRACEDEC_DECODER_H
#define TRACEDEC_DECODER_H

#include "report.h"

enum decoder_kind {
    DECODER_XRAY,        /* td_xray_decoder */
    DECODER_DRMEM_FILE,  /* td_drmem_file_decoder (with a tally, or not) */
    DECODER_UMT,         /* td_umt_decoder */
    DECODER_RVN,         /* td_rvn_decoder */
    DECODER_SQLITE_SCAN  /* a td_sqlite_cursor, its requests the database's */
};

typedef struct decoder {
    int kind;              /* enum decoder_kind */
    void *d;               /* the decoder (a scan: its cursor) */
    td_sqlite_decoder *db; /* a scan: the database the cursor reads */
    td_drmem_tally *tally; /* drmemtrace: counts instead of most events
                              (td_drmem_file_tally_next), or NULL */
} decoder;

/* A decoder of `kind` at d, the rest NULL. */
decoder decoder_of(int kind, void *d);

/* The decoder's td_FMT_next() (inline: the driver calls it per event). */
static inline int decoder_next(const decoder *d, void *event)
{
    switch (d->kind) {
    case DECODER_XRAY:
        return td_xray_next(d->d, event);
    case DECODER_DRMEM_FILE:
        if (d->tally != NULL)
            return td_drmem_file_tally_next(d->d, event, d->tally);
        return td_drmem_file_next(d->d, event);
    case DECODER_UMT:
        return td_umt_next(d->d, event);
    case DECODER_RVN:
        return td_rvn_next(d->d, event);
    default:
        return td_sqlite_cursor_next(d->d, event);
    }
}

/* The outstanding request (of the database, for a scan). */
const td_request *decoder_request(const decoder *d);

/* Answer it: the decoder's td_FMT_feed(). */
int decoder_feed(const decoder *d, const void *data, size_t len);

/* The sticky error as an error line says it: with the file inside the
 * path for UMT, the zip member for drmemtrace (whose offsets count from
 * the member's start when they lie in its records). */
void decoder_fault(const decoder *d, cli_fault *f);

/* True when the event is a warning: its code, offset and reason (and
 * UMT's file) in *w. */
bool decoder_warning(const decoder *d, const void *event, cli_fault *w);

#endif /* TRACEDEC_DECODER_H */
