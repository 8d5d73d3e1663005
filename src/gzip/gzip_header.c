/*
 * gzip_header.c - a gzip member header (RFC 1952 2.3):
 *
 *   0  1f 8b     magic
 *   2  CM        compression method, 8 = deflate
 *   3  FLG       FTEXT 1, FHCRC 2, FEXTRA 4, FNAME 8, FCOMMENT 16;
 *                bits 5-7 reserved (must be zero)
 *   4  MTIME     u32
 *   8  XFL, 9 OS
 *  10  [XLEN u16, then XLEN bytes]   if FEXTRA
 *      [file name, zero-terminated]  if FNAME
 *      [comment, zero-terminated]    if FCOMMENT
 *      [CRC16 u16]                   if FHCRC: the low 16 bits of the
 *                                    CRC-32 of every header byte before it
 *
 * The optional fields are read in that order as they stream past: FEXTRA
 * in pieces of whatever the spans hold, the strings byte by byte up to
 * their zero byte. Nothing is buffered, so no field has a length limit;
 * a running CRC-32 of the header bytes serves FHCRC. The MEMBER event
 * comes once the whole header has been read.
 */
#include "gzip_internal.h"

#define GZIP_FIXED_HEADER 10u

static int header_cut(td_gzip_decoder *d)
{
    return tdi_input_stall(&d->in, &d->fault, d->member_offset,
                          TDI_REASON("input ends inside a gzip member "
                                    "header"));
}

/* The state of the first optional field after `after` that the flags
 * announce, or GS_HEADER_END. */
static uint8_t next_field(const td_gzip_decoder *d, unsigned after)
{
    if (after < GS_EXTRA_LENGTH && (d->flags & GZIP_FEXTRA))
        return GS_EXTRA_LENGTH;
    if (after < GS_NAME && (d->flags & GZIP_FNAME))
        return GS_NAME;
    if (after < GS_COMMENT && (d->flags & GZIP_FCOMMENT))
        return GS_COMMENT;
    if (after < GS_HEADER_CRC && (d->flags & GZIP_FHCRC))
        return GS_HEADER_CRC;
    return GS_HEADER_END;
}

/* Fewer than two bytes are left: a lone byte other than 1f cannot start
 * a member; otherwise the member is cut short. */
static int short_tail(td_gzip_decoder *d)
{
    const uint8_t *p;
    if (d->in.waiting)
        return TD_NEED_INPUT;
    p = tdi_input_peek(&d->in, 1);
    if (p[0] != 0x1f)
        return tdi_fail(&d->fault, TD_E_GZIP_MAGIC, d->member_offset,
                       TDI_REASON("byte after a gzip member is not the start "
                                 "of another member (1f 8b)"));
    return header_cut(d);
}

static int check_fixed_header(td_gzip_decoder *d, const uint8_t *p)
{
    if (p[2] != 8)
        return tdi_fail(&d->fault, TD_E_GZIP_METHOD, d->member_offset + 2,
                       TDI_REASON("compression method (CM) is not 8 "
                                 "(deflate)"));
    if (p[3] & GZIP_RESERVED)
        return tdi_fail(&d->fault, TD_E_GZIP_FLAGS, d->member_offset + 3,
                       TDI_REASON("reserved flag bits 5-7 are set"));
    return TD_OK;
}

int tdi_gzip_member(td_gzip_decoder *d)
{
    const uint8_t *p;
    int more = tdi_input_probe(&d->in), rc;
    d->member_offset = tdi_input_tell(&d->in);
    if (more < 0)
        return TD_NEED_INPUT;
    if (more == 0) {
        if (d->member == 0)
            return tdi_fail(&d->fault, TD_E_TRUNCATED, 0,
                           TDI_REASON("empty input: a gzip file holds at "
                                     "least one member"));
        d->state = GS_DONE;
        return TD_END;
    }
    p = tdi_input_peek(&d->in, 2);
    if (p == NULL)
        return short_tail(d);
    if (p[0] != 0x1f || p[1] != 0x8b)
        return tdi_fail(&d->fault, TD_E_GZIP_MAGIC, d->member_offset,
                       d->member == 0
                           ? TDI_REASON("not a gzip file: no 1f 8b magic")
                           : TDI_REASON("bytes after a gzip member are not "
                                       "another member (1f 8b)"));
    p = tdi_input_peek(&d->in, GZIP_FIXED_HEADER);
    if (p == NULL)
        return header_cut(d);
    rc = check_fixed_header(d, p);
    if (rc != TD_OK)
        return rc;
    d->flags = p[3];
    d->mtime = tdi_le32(p + 4);
    d->xfl = p[8];
    d->os = p[9];
    d->header_crc = td_crc32(0, p, GZIP_FIXED_HEADER);
    tdi_input_take(&d->in, GZIP_FIXED_HEADER);
    d->state = next_field(d, GS_MEMBER);
    return TDI_AGAIN;
}

int tdi_gzip_extra_length(td_gzip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 2);
    if (p == NULL)
        return header_cut(d);
    d->extra_left = tdi_le16(p);
    d->header_crc = td_crc32(d->header_crc, p, 2);
    tdi_input_take(&d->in, 2);
    d->state = GS_EXTRA;
    return TDI_AGAIN;
}

int tdi_gzip_extra(td_gzip_decoder *d)
{
    while (d->extra_left > 0) {
        size_t len;
        const uint8_t *p = tdi_input_piece(&d->in, d->extra_left, &len);
        if (p == NULL)
            return header_cut(d);
        d->header_crc = td_crc32(d->header_crc, p, len);
        d->extra_left = (uint16_t)(d->extra_left - len);
    }
    d->state = next_field(d, GS_EXTRA);
    return TDI_AGAIN;
}

/* FNAME or FCOMMENT, whichever d->state says. */
int tdi_gzip_string(td_gzip_decoder *d)
{
    for (;;) {
        const uint8_t *p = tdi_input_peek(&d->in, 1);
        uint8_t c;
        if (p == NULL)
            return header_cut(d);
        c = *p;
        d->header_crc = td_crc32(d->header_crc, p, 1);
        tdi_input_take(&d->in, 1);
        if (c == 0)
            break;
    }
    d->state = next_field(d, d->state);
    return TDI_AGAIN;
}

int tdi_gzip_header_crc(td_gzip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 2);
    if (p == NULL)
        return header_cut(d);
    if (tdi_le16(p) != (d->header_crc & 0xffffu))
        return tdi_fail(&d->fault, TD_E_GZIP_HEADER_CRC, tdi_input_tell(&d->in),
                       TDI_REASON("FHCRC is not the low 16 bits of the "
                                 "CRC-32 of the header"));
    tdi_input_take(&d->in, 2);
    d->state = GS_HEADER_END;
    return TDI_AGAIN;
}

int tdi_gzip_header_end(td_gzip_decoder *d, td_gzip_event *ev)
{
    ev->kind = TD_GZIP_EV_MEMBER;
    ev->offset = d->member_offset;
    ev->size = tdi_input_tell(&d->in) - d->member_offset;
    ev->member = d->member;
    ev->header.flags = d->flags;
    ev->header.xfl = d->xfl;
    ev->header.os = d->os;
    ev->header.mtime = d->mtime;
    tdi_inflate_core_init(&d->z, d->z.window);
    d->crc = 0;
    d->state = GS_DATA;
    return TD_EVENT;
}
