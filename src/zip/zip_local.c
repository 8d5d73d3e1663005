/*
 * zip_local.c - local members: the header, the name, the data and the
 * data descriptor (APPNOTE 4.3.7-4.3.9).
 *
 *   0  PK\3\4     4  version needed   6  flags   8  method
 *  10  time, date                     14  CRC-32
 *  18  compressed size                22  uncompressed size
 *  26  name length                    28  extra length
 *  30  name, extra, data, [descriptor]
 *
 * Stored data is handed out straight from the input spans. Deflate data
 * goes through the inflate engine; without a descriptor the engine may
 * not read past the compressed size (tdi_inflate_core_limit), so a stream
 * that does not end inside the member never reads the next record. With
 * a descriptor (flag bit 3) the member ends where its deflate stream
 * ends, and the descriptor follows: CRC-32, compressed and uncompressed
 * sizes (8 bytes each when the header had a zip64 extra field), with or
 * without a leading PK\7\8. A CRC-32 equal to that signature is told
 * apart by the word after it. Each member's CRC and both sizes are
 * checked against the data; the values then enter the local digest.
 */
#include "zip_internal.h"

static int check_local(td_zip_decoder *d, const td_zip_header *h)
{
    if (h->flags & (ZIP_FLAG_ENCRYPTED | ZIP_FLAG_STRONG_ENCRYPTION |
                    ZIP_FLAG_MASKED_HEADER))
        return tdi_fail(&d->fault, TD_E_ZIP_ENCRYPTED, d->record_offset + 6,
                       TDI_REASON("member is encrypted (flag bit 0, 6 or "
                                 "13)"));
    if (h->method != 0 && h->method != 8)
        return tdi_fail(&d->fault, TD_E_ZIP_METHOD, d->record_offset + 8,
                       TDI_REASON("method is neither 0 (stored) nor 8 "
                                 "(deflate)"));
    if (h->method == 0 && (h->flags & ZIP_FLAG_DESCRIPTOR))
        return tdi_fail(&d->fault, TD_E_ZIP_DESCRIPTOR, d->record_offset + 6,
                       TDI_REASON("stored member with its size in a data "
                                 "descriptor: where it ends cannot be "
                                 "found reading forward"));
    return TD_OK;
}

int tdi_zip_local_header(td_zip_decoder *d, td_zip_event *ev)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_LOCAL_SIZE);
    int rc;
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside a local file header"));
    if (d->phase != ZP_LOCAL)
        return tdi_fail(&d->fault, TD_E_ZIP_SIGNATURE, d->record_offset,
                       TDI_REASON("local file header after the central "
                                 "directory began"));
    d->extra_left = tdi_zip_read_header(&d->cur, p + ZIP_LOCAL_SHARED);
    d->cur.local_offset = d->record_offset;
    rc = check_local(d, &d->cur);
    if (rc != TD_OK)
        return rc;
    d->name_left = d->cur.name_len;
    d->record_size = ZIP_LOCAL_SIZE + d->name_left + d->extra_left;
    d->name_crc = 0;
    tdi_input_take(&d->in, ZIP_LOCAL_SIZE);
    ev->kind = TD_ZIP_EV_MEMBER;
    ev->offset = d->record_offset;
    ev->size = d->record_size;
    ev->member = d->member;
    ev->header = d->cur;
    d->state = ZS_LOCAL_NAME;
    return TD_EVENT;
}

int tdi_zip_local_name(td_zip_decoder *d, td_zip_event *ev)
{
    const uint8_t *p = (const uint8_t *)"";
    size_t len = 0;
    int rc;
    if (d->name_left > 0) {
        p = tdi_zip_piece(d, d->name_left, &len, &rc, d->record_offset,
                      TDI_REASON("input ends inside a local file header's "
                                "name"));
        if (p == NULL)
            return rc;
    }
    d->name_crc = td_crc32(d->name_crc, p, len);
    d->name_left -= (uint32_t)len;
    ev->kind = TD_ZIP_EV_NAME;
    ev->flags = d->name_left == 0 ? TD_LAST_FRAGMENT : 0;
    ev->offset = tdi_input_tell(&d->in) - len;
    ev->size = len;
    ev->member = d->member;
    ev->text.data = p;
    ev->text.len = len;
    ev->text.pos = d->cur.name_len - d->name_left - len;
    if (d->name_left == 0)
        d->state = ZS_LOCAL_EXTRA;
    return TD_EVENT;
}

/* The deflate stream may not reach the byte after its compressed size. */
static uint64_t data_end(const td_zip_decoder *d)
{
    uint64_t size = d->cur.compressed_size;
    return size > UINT64_MAX - d->data_offset ? UINT64_MAX
                                               : d->data_offset + size;
}

int tdi_zip_local_extra(td_zip_decoder *d)
{
    int rc = tdi_zip_extra(d, &d->cur, false);
    if (rc != TDI_AGAIN)
        return rc;
    d->data_offset = tdi_input_tell(&d->in);
    d->crc = 0;
    if (d->cur.method == 0) {
        if (d->cur.compressed_size != d->cur.uncompressed_size)
            return tdi_fail(&d->fault, TD_E_ZIP_SIZE, d->record_offset,
                           TDI_REASON("stored member's compressed and "
                                     "uncompressed sizes differ"));
        d->data_left = d->cur.compressed_size;
        d->state = ZS_STORED;
        return TDI_AGAIN;
    }
    tdi_inflate_core_init(&d->z, d->z.window);
    if (!(d->cur.flags & ZIP_FLAG_DESCRIPTOR))
        tdi_inflate_core_limit(&d->z, data_end(d));
    d->state = ZS_DEFLATE;
    return TDI_AGAIN;
}

/* The member is whole and checked: digest it and announce it. */
static int member_end(td_zip_decoder *d, td_zip_event *ev, uint64_t at,
                      uint64_t size)
{
    d->local_digest = tdi_zip_digest(d->local_digest, &d->cur, d->name_crc);
    ev->kind = TD_ZIP_EV_MEMBER_END;
    ev->offset = at;
    ev->size = size;
    ev->member = d->member;
    ev->header = d->cur;
    d->member++;
    d->state = ZS_RECORD;
    return TD_EVENT;
}

/* A member without a descriptor: its header's CRC and size must match. */
static int check_member(td_zip_decoder *d, td_zip_event *ev, uint64_t out_size)
{
    if (d->crc != d->cur.crc)
        return tdi_fail(&d->fault, TD_E_ZIP_CRC, d->record_offset,
                       TDI_REASON("CRC-32 of the member's data differs from "
                                 "its local header's"));
    if (out_size != d->cur.uncompressed_size)
        return tdi_fail(&d->fault, TD_E_ZIP_SIZE, d->record_offset,
                       TDI_REASON("member's data length differs from its "
                                 "local header's uncompressed size"));
    return member_end(d, ev, tdi_input_tell(&d->in), 0);
}

int tdi_zip_stored(td_zip_decoder *d, td_zip_event *ev)
{
    const uint8_t *p;
    size_t len;
    int rc;
    if (d->data_left == 0)
        return check_member(d, ev, d->cur.compressed_size);
    p = tdi_zip_piece(d, d->data_left, &len, &rc, d->record_offset,
                  TDI_REASON("input ends inside a member's data"));
    if (p == NULL)
        return rc;
    d->crc = td_crc32(d->crc, p, len);
    d->data_left -= len;
    ev->kind = TD_ZIP_EV_DATA;
    ev->offset = tdi_input_tell(&d->in) - len;
    ev->size = 0;
    ev->member = d->member;
    ev->data.data = p;
    ev->data.len = len;
    ev->data.pos = d->cur.compressed_size - d->data_left - len;
    return TD_EVENT;
}

int tdi_zip_deflate(td_zip_decoder *d, td_zip_event *ev)
{
    tdi_inflate_output out;
    int rc = tdi_inflate_core_next(&d->z, &d->in, &d->fault, &out);
    if (rc == TD_EVENT) {
        d->crc = td_crc32(d->crc, out.data, out.len);
        ev->kind = TD_ZIP_EV_DATA;
        ev->offset = out.block_offset;
        ev->size = 0;
        ev->member = d->member;
        ev->data.data = out.data;
        ev->data.len = out.len;
        ev->data.pos = out.pos;
        return TD_EVENT;
    }
    if (rc == TDI_INFLATE_PAST_LIMIT)
        return tdi_fail(&d->fault, TD_E_ZIP_SIZE, d->record_offset,
                       TDI_REASON("deflate stream runs past the member's "
                                 "compressed size"));
    if (rc != TD_END)
        return rc;
    if (d->cur.flags & ZIP_FLAG_DESCRIPTOR) {
        d->state = ZS_DESCRIPTOR;
        return TDI_AGAIN;
    }
    if (tdi_input_tell(&d->in) != data_end(d))
        return tdi_fail(&d->fault, TD_E_ZIP_SIZE, d->record_offset,
                       TDI_REASON("deflate stream ends before the member's "
                                 "compressed size"));
    return check_member(d, ev, d->z.total_out);
}

/* Whether the descriptor at p starts with its optional signature. */
static bool descriptor_signed(td_zip_decoder *d, const uint8_t *p, int *rc,
                              uint64_t at)
{
    if (tdi_le32(p) != ZIP_SIG_DESCRIPTOR)
        return false;
    if (d->crc != ZIP_SIG_DESCRIPTOR)
        return true;
    /* The CRC-32 is the signature's value: signed if the CRC follows. */
    p = tdi_input_peek(&d->in, 8);
    if (p == NULL) {
        *rc = zip_cut(d, at, TDI_REASON("input ends inside a data "
                                       "descriptor"));
        return false;
    }
    return tdi_le32(p + 4) == ZIP_SIG_DESCRIPTOR;
}

int tdi_zip_descriptor(td_zip_decoder *d, td_zip_event *ev)
{
    uint64_t at = tdi_input_tell(&d->in), csize, usize;
    const uint8_t *p = tdi_input_peek(&d->in, 4);
    size_t wide = d->cur.zip64 ? 8 : 4, size;
    bool sig;
    int rc = TD_OK;
    if (p == NULL)
        return zip_cut(d, at, TDI_REASON("input ends inside a data "
                                        "descriptor"));
    sig = descriptor_signed(d, p, &rc, at);
    if (rc != TD_OK)
        return rc;
    size = (sig ? 4 : 0) + 4 + 2 * wide;
    p = tdi_input_peek(&d->in, size);
    if (p == NULL)
        return zip_cut(d, at, TDI_REASON("input ends inside a data "
                                        "descriptor"));
    p += sig ? 4 : 0;
    csize = wide == 8 ? tdi_le64(p + 4) : tdi_le32(p + 4);
    usize = wide == 8 ? tdi_le64(p + 12) : tdi_le32(p + 8);
    if (tdi_le32(p) != d->crc)
        return tdi_fail(&d->fault, TD_E_ZIP_CRC, at,
                       TDI_REASON("CRC-32 of the member's data differs from "
                                 "its data descriptor's"));
    if (csize != at - d->data_offset || usize != d->z.total_out)
        return tdi_fail(&d->fault, TD_E_ZIP_SIZE, at,
                       TDI_REASON("member's sizes differ from its data "
                                 "descriptor's"));
    tdi_input_take(&d->in, size);
    d->cur.crc = d->crc;
    d->cur.compressed_size = csize;
    d->cur.uncompressed_size = usize;
    return member_end(d, ev, at, size);
}
