/*
 * zip_decoder.c - the zip decoder (APPNOTE 6.3): its entry points and the
 * loop that drives its state machine.
 *
 *   archive := local-member* central-entry* [digital-signature]
 *              [zip64-end zip64-locator] end [comment]
 *   local-member := local-header name extra data [descriptor]
 *
 * Record kind -> function (file), by signature at a record boundary
 * (record, here; an unknown signature is rejected there):
 *   PK\3\4 local file header -> tdi_zip_local_header (zip_local.c), its
 *     fields shared with the central entry -> tdi_zip_read_header
 *     (zip_header.c); name -> tdi_zip_local_name, extra field ->
 *     tdi_zip_local_extra (zip_local.c)
 *   extra field sub-fields, the zip64 one (0x0001) and the others
 *     (skipped) -> tdi_zip_extra (zip_extra.c)
 *   member data: stored -> tdi_zip_stored, deflate -> tdi_zip_deflate
 *     (zip_local.c), through the inflate engine (src/inflate)
 *   data descriptor, with or without PK\7\8 -> tdi_zip_descriptor
 *     (zip_local.c)
 *   PK\1\2 central directory entry -> tdi_zip_central_head and
 *     tdi_zip_central_tail, name -> tdi_zip_central_name, extra ->
 *     tdi_zip_central_extra, comment -> tdi_zip_central_comment; checked
 *     against the local members -> tdi_zip_central_done (zip_central.c)
 *   the entry's local header again (TD_ZIP_SEEKABLE) ->
 *     tdi_zip_seek_header, tdi_zip_seek_name, tdi_zip_seek_extra
 *     (zip_central.c)
 *   PK\5\5 digital signature -> tdi_zip_digital_signature (zip_end.c)
 *   PK\6\6 zip64 end of central directory -> tdi_zip_zip64_end_head and
 *     tdi_zip_zip64_end_tail (zip_end.c)
 *   PK\6\7 zip64 end locator -> tdi_zip_locator (zip_end.c)
 *   PK\5\6 end of central directory -> tdi_zip_end, its comment ->
 *     tdi_zip_end_comment, nothing after it -> tdi_zip_after_end
 *     (zip_end.c)
 *   bytes skipped: a signature's data, a zip64 end record's extensible
 *     data -> tdi_zip_skip (zip_end.c)
 *
 * Records are read in file order; d->phase says which may come next.
 * next() runs the handler for d->state until one produces an event, asks
 * for input, ends or fails; handlers return TDI_AGAIN when they moved on
 * without an event. Records longer than the input cursor's stage
 * (TD_STAGE_SIZE) are read in two fixed parts. Names, stored data and
 * skipped bytes are taken as pieces straight from the spans, so no length
 * limit applies.
 */
#include "zip_internal.h"
#include "../common/entry.h"

const uint8_t *tdi_zip_piece(td_zip_decoder *d, uint64_t max, size_t *len, int *rc,
                         uint64_t at, const char *reason)
{
    const uint8_t *p;
    if (d->in.staged > 0) {
        *rc = tdi_fail(&d->fault, TD_E_INTERNAL, at,
                      TDI_REASON("staged bytes where a piece is taken"));
        return NULL;
    }
    p = tdi_input_piece(&d->in, max, len);
    if (p == NULL)
        *rc = zip_cut(d, at, reason);
    return p;
}

static int record(td_zip_decoder *d, td_zip_event *ev)
{
    const uint8_t *p;
    d->record_offset = tdi_input_tell(&d->in);
    p = tdi_input_peek(&d->in, 4);
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends before the end of central "
                                 "directory record"));
    switch (tdi_le32(p)) {
    case ZIP_SIG_LOCAL:
        return tdi_zip_local_header(d, ev);
    case ZIP_SIG_CENTRAL:
        return tdi_zip_central_head(d);
    case ZIP_SIG_DIGITAL:
        return tdi_zip_digital_signature(d);
    case ZIP_SIG_ZIP64_END:
        return tdi_zip_zip64_end_head(d);
    case ZIP_SIG_LOCATOR:
        return tdi_zip_locator(d);
    case ZIP_SIG_END:
        return tdi_zip_end(d, ev);
    default:
        return tdi_fail(&d->fault, TD_E_ZIP_SIGNATURE, d->record_offset,
                       TDI_REASON("unknown record signature"));
    }
}

static int step(td_zip_decoder *d, td_zip_event *ev)
{
    switch (d->state) {
    case ZS_RECORD:
        return record(d, ev);
    case ZS_LOCAL_NAME:
        return tdi_zip_local_name(d, ev);
    case ZS_LOCAL_EXTRA:
        return tdi_zip_local_extra(d);
    case ZS_STORED:
        return tdi_zip_stored(d, ev);
    case ZS_DEFLATE:
        return tdi_zip_deflate(d, ev);
    case ZS_DESCRIPTOR:
        return tdi_zip_descriptor(d, ev);
    case ZS_CENTRAL_TAIL:
        return tdi_zip_central_tail(d);
    case ZS_CENTRAL_NAME:
        return tdi_zip_central_name(d);
    case ZS_CENTRAL_EXTRA:
        return tdi_zip_central_extra(d);
    case ZS_CENTRAL_COMMENT:
        return tdi_zip_central_comment(d);
    case ZS_SEEK_HEADER:
        return tdi_zip_seek_header(d);
    case ZS_SEEK_NAME:
        return tdi_zip_seek_name(d);
    case ZS_SEEK_EXTRA:
        return tdi_zip_seek_extra(d);
    case ZS_CENTRAL_DONE:
        return tdi_zip_central_done(d, ev);
    case ZS_ZIP64_END_TAIL:
        return tdi_zip_zip64_end_tail(d);
    case ZS_SKIP:
        return tdi_zip_skip(d);
    case ZS_END_COMMENT:
        return tdi_zip_end_comment(d);
    case ZS_AFTER_END:
        return tdi_zip_after_end(d);
    default:
        return TD_END;
    }
}

/* A new input whose members' output goes to window. */
static int start(td_zip_decoder *d, uint8_t *window, uint32_t flags)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    tdi_inflate_core_init(&d->z, window);
    d->init_flags = flags;
    d->state = ZS_RECORD;
    d->phase = ZP_LOCAL;
    return TD_OK;
}

int td_zip_init(td_zip_decoder *d, const td_zip_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        (cfg->flags & ~TD_ZIP_SEEKABLE) != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_entry_memory(cfg->memory, cfg->memory_size, TD_INFLATE_WINDOW);
    return rc == TD_OK ? start(d, cfg->memory, cfg->flags) : rc;
}

int td_zip_reset(td_zip_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : start(d, d->z.window, d->init_flags);
}

const td_fault *td_zip_fault(const td_zip_decoder *d)
{
    return &d->fault;
}

int td_zip_next(td_zip_decoder *d, td_zip_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    while (rc == TDI_AGAIN)
        rc = step(d, ev);
    return rc;
}

const td_request *td_zip_request(const td_zip_decoder *d)
{
    return &d->in.want;
}

int td_zip_feed(td_zip_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
