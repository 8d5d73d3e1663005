/*
 * gzip_decoder.c - the gzip decoder (RFC 1952): its entry points, the
 * member's data and its trailer.
 *
 *   file    := member+
 *   member  := header, deflate stream, CRC-32 u32,
 *              ISIZE u32 (output length mod 2^32)
 *
 * Record kind -> function (file):
 *   fixed header: magic, CM, FLG, MTIME, XFL, OS -> tdi_gzip_member
 *     (gzip_header.c)
 *   FEXTRA: XLEN -> tdi_gzip_extra_length, its bytes -> tdi_gzip_extra
 *     (gzip_header.c)
 *   FNAME, FCOMMENT -> tdi_gzip_string (gzip_header.c)
 *   FHCRC -> tdi_gzip_header_crc (gzip_header.c)
 *   the MEMBER event, once the header is whole -> tdi_gzip_header_end
 *     (gzip_header.c)
 *   deflate stream -> member_data (here), through the inflate engine
 *     (src/inflate: inflate_decoder.c lists its records)
 *   trailer: CRC-32 and ISIZE -> trailer (here)
 *
 * next() runs the handler for d->state until one produces an event, asks
 * for input, ends or fails; handlers return TDI_AGAIN when they moved on
 * without an event. The deflate stream is the engine of
 * src/inflate/inflate_core.c working on this decoder's input cursor; when
 * its final block ends, the engine gives back the bytes its bit
 * accumulator read ahead, so the trailer is read from the right byte at
 * any chunking. The input may end only between members, after at least
 * one; any byte after a member must start another.
 */
#include "gzip_internal.h"
#include "../common/entry.h"

#define GZIP_TRAILER 8u

static int member_data(td_gzip_decoder *d, td_gzip_event *ev)
{
    tdi_inflate_output out;
    int rc = tdi_inflate_core_next(&d->z, &d->in, &d->fault, &out);
    if (rc == TD_END) {
        d->state = GS_TRAILER;
        return TDI_AGAIN;
    }
    if (rc != TD_EVENT)
        return rc;
    d->crc = td_crc32(d->crc, out.data, out.len);
    ev->kind = TD_GZIP_EV_DATA;
    ev->offset = out.block_offset;
    ev->size = 0;
    ev->member = d->member;
    ev->data.data = out.data;
    ev->data.len = out.len;
    ev->data.pos = out.pos;
    return TD_EVENT;
}

static int trailer(td_gzip_decoder *d, td_gzip_event *ev)
{
    uint64_t at = tdi_input_tell(&d->in);
    const uint8_t *p = tdi_input_peek(&d->in, GZIP_TRAILER);
    if (p == NULL)
        return tdi_input_stall(&d->in, &d->fault, at,
                              TDI_REASON("input ends inside a gzip member "
                                        "trailer"));
    if (tdi_le32(p) != d->crc)
        return tdi_fail(&d->fault, TD_E_GZIP_CRC, at,
                       TDI_REASON("trailer CRC-32 differs from the CRC-32 of "
                                 "the member's data"));
    if (tdi_le32(p + 4) != (uint32_t)d->z.total_out)
        return tdi_fail(&d->fault, TD_E_GZIP_SIZE, at + 4,
                       TDI_REASON("trailer ISIZE differs from the member's "
                                 "data length modulo 2^32"));
    ev->kind = TD_GZIP_EV_MEMBER_END;
    ev->offset = at;
    ev->size = GZIP_TRAILER;
    ev->member = d->member;
    ev->trailer.crc = tdi_le32(p);
    ev->trailer.isize = tdi_le32(p + 4);
    tdi_input_take(&d->in, GZIP_TRAILER);
    d->member++;
    d->state = GS_MEMBER;
    return TD_EVENT;
}

static int step(td_gzip_decoder *d, td_gzip_event *ev)
{
    switch (d->state) {
    case GS_MEMBER:
        return tdi_gzip_member(d);
    case GS_EXTRA_LENGTH:
        return tdi_gzip_extra_length(d);
    case GS_EXTRA:
        return tdi_gzip_extra(d);
    case GS_NAME:
    case GS_COMMENT:
        return tdi_gzip_string(d);
    case GS_HEADER_CRC:
        return tdi_gzip_header_crc(d);
    case GS_HEADER_END:
        return tdi_gzip_header_end(d, ev);
    case GS_DATA:
        return member_data(d, ev);
    case GS_TRAILER:
        return trailer(d, ev);
    default:
        return TD_END;
    }
}

/* A new input whose members' output goes to window. */
static int start(td_gzip_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    tdi_inflate_core_init(&d->z, window);
    d->state = GS_MEMBER;
    return TD_OK;
}

int td_gzip_init(td_gzip_decoder *d, const td_gzip_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_entry_memory(cfg->memory, cfg->memory_size, TD_INFLATE_WINDOW);
    return rc == TD_OK ? start(d, cfg->memory) : rc;
}

int td_gzip_reset(td_gzip_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT : start(d, d->z.window);
}

const td_fault *td_gzip_fault(const td_gzip_decoder *d)
{
    return &d->fault;
}

int td_gzip_next(td_gzip_decoder *d, td_gzip_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    while (rc == TDI_AGAIN)
        rc = step(d, ev);
    return rc;
}

const td_request *td_gzip_request(const td_gzip_decoder *d)
{
    return &d->in.want;
}

int td_gzip_feed(td_gzip_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
