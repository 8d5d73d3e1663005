/*
 * zip_central.c - central directory entries (APPNOTE 4.3.12) and how they
 * are checked against the local members.
 *
 *   0  PK\1\2   4 version made by   6 version needed   8 flags
 *  10  method  12 time, date       16 CRC-32  20 compressed size
 *  24  uncompressed size           28 name length   30 extra length
 *  32  comment length  34 disk  36 internal attributes
 *  38  external attributes         42 local header offset
 *  46  name, extra, comment
 *
 * The 46 bytes are read as bytes 0-31, which end with the fields an
 * entry shares with its local header (read by zip_header.c), and 32-45
 * (the input stage holds 32). The name is only hashed (CRC-32): names
 * were delivered with the local headers.
 *
 * Checks. Forward-only, the i-th entry must describe the i-th local
 * member: the count may not exceed the local count, and the digest of
 * (name CRC-32, CRC-32, sizes, local offset) over the entries must equal
 * the local members' when the last one is read; the local values are not
 * kept, so a difference shows there. With TD_ZIP_SEEKABLE each entry
 * also sends the cursor to its local header (tdi_input_seek), re-reads it
 * with its name and extra field, compares it with the entry, and comes
 * back to the byte after the entry: the first entry that disagrees is
 * the one reported.
 */
#include "zip_internal.h"

#define ZIP_CENTRAL_HEAD (ZIP_CENTRAL_SHARED + ZIP_SHARED_SIZE)
#define ZIP_CENTRAL_TAIL (ZIP_CENTRAL_SIZE - ZIP_CENTRAL_HEAD)
#define ZIP_COMMENT_LENGTH 32 /* u16 */
#define ZIP_LOCAL_OFFSET 42   /* u32, or 0xffffffff: in the zip64 field */

static int entry_cut(td_zip_decoder *d)
{
    return zip_cut(d, d->record_offset,
                   TDI_REASON("input ends inside a central directory "
                             "entry"));
}

int tdi_zip_central_head(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_CENTRAL_HEAD);
    td_zip_header *h = &d->cur;
    if (p == NULL)
        return entry_cut(d);
    if (d->phase == ZP_LOCAL) {
        d->phase = ZP_CENTRAL;
        d->central_start = d->record_offset;
    } else if (d->phase != ZP_CENTRAL) {
        return tdi_fail(&d->fault, TD_E_ZIP_SIGNATURE, d->record_offset,
                       TDI_REASON("central directory entry after the end "
                                 "records began"));
    }
    d->extra_left = tdi_zip_read_header(h, p + ZIP_CENTRAL_SHARED);
    d->name_left = h->name_len;
    tdi_input_take(&d->in, ZIP_CENTRAL_HEAD);
    d->state = ZS_CENTRAL_TAIL;
    return TDI_AGAIN;
}

/* Bytes 32-45: the comment's length and the local offset. */
int tdi_zip_central_tail(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_CENTRAL_TAIL);
    if (p == NULL)
        return entry_cut(d);
    d->comment_len = tdi_le16(p + ZIP_COMMENT_LENGTH - ZIP_CENTRAL_HEAD);
    d->cur.local_offset = tdi_le32(p + ZIP_LOCAL_OFFSET - ZIP_CENTRAL_HEAD);
    d->record_size = ZIP_CENTRAL_SIZE + (uint64_t)d->name_left +
                     d->extra_left + d->comment_len;
    d->name_crc = 0;
    tdi_input_take(&d->in, ZIP_CENTRAL_TAIL);
    d->state = ZS_CENTRAL_NAME;
    return TDI_AGAIN;
}

/* CRC-32 of d->name_left name bytes into *crc. */
static int hash_name(td_zip_decoder *d, uint32_t *crc, uint64_t at)
{
    while (d->name_left > 0) {
        size_t len;
        int rc;
        const uint8_t *p = tdi_zip_piece(d, d->name_left, &len, &rc, at,
                                     TDI_REASON("input ends inside a "
                                               "name"));
        if (p == NULL)
            return rc;
        *crc = td_crc32(*crc, p, len);
        d->name_left -= (uint32_t)len;
    }
    return TDI_AGAIN;
}

int tdi_zip_central_name(td_zip_decoder *d)
{
    int rc = hash_name(d, &d->name_crc, d->record_offset);
    if (rc == TDI_AGAIN)
        d->state = ZS_CENTRAL_EXTRA;
    return rc;
}

int tdi_zip_central_extra(td_zip_decoder *d)
{
    int rc = tdi_zip_extra(d, &d->cur, true);
    if (rc != TDI_AGAIN)
        return rc;
    d->skip_left = d->comment_len;
    d->state = ZS_CENTRAL_COMMENT;
    return TDI_AGAIN;
}

/* Go to the entry's local header, to come back to `resume`. */
static int visit_local(td_zip_decoder *d)
{
    if (d->cur.local_offset >= d->central_start)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("entry's local header offset is not "
                                 "before the central directory"));
    d->resume = tdi_input_tell(&d->in);
    tdi_input_seek(&d->in, 0, d->cur.local_offset);
    d->state = ZS_SEEK_HEADER;
    return TDI_AGAIN;
}

int tdi_zip_central_comment(td_zip_decoder *d)
{
    while (d->skip_left > 0) {
        uint64_t n = tdi_input_skip(&d->in, d->skip_left);
        if (n == 0)
            return entry_cut(d);
        d->skip_left -= n;
    }
    if (d->entry >= d->member)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("more central directory entries than "
                                 "local members"));
    if (d->init_flags & TD_ZIP_SEEKABLE)
        return visit_local(d);
    d->state = ZS_CENTRAL_DONE;
    return TDI_AGAIN;
}

int tdi_zip_seek_header(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_LOCAL_SIZE);
    if (p == NULL)
        return zip_cut(d, d->cur.local_offset,
                       TDI_REASON("input ends inside a local file header"));
    if (tdi_le32(p) != ZIP_SIG_LOCAL)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("entry's local header offset does not "
                                 "point at a local file header"));
    d->extra_left = tdi_zip_read_header(&d->local, p + ZIP_LOCAL_SHARED);
    d->local.local_offset = d->cur.local_offset;
    d->name_left = d->local.name_len;
    d->local_name_crc = 0;
    tdi_input_take(&d->in, ZIP_LOCAL_SIZE);
    d->state = ZS_SEEK_NAME;
    return TDI_AGAIN;
}

int tdi_zip_seek_name(td_zip_decoder *d)
{
    int rc = hash_name(d, &d->local_name_crc, d->cur.local_offset);
    if (rc == TDI_AGAIN)
        d->state = ZS_SEEK_EXTRA;
    return rc;
}

/* The local header against the entry; then back after the entry. */
int tdi_zip_seek_extra(td_zip_decoder *d)
{
    const td_zip_header *c = &d->cur, *l = &d->local;
    int rc = tdi_zip_extra(d, &d->local, false);
    if (rc != TDI_AGAIN)
        return rc;
    if (l->method != c->method || l->name_len != c->name_len ||
        d->local_name_crc != d->name_crc)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("entry's method or name differs from its "
                                 "local header's"));
    if (!(l->flags & ZIP_FLAG_DESCRIPTOR) &&
        (l->crc != c->crc || l->compressed_size != c->compressed_size ||
         l->uncompressed_size != c->uncompressed_size))
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("entry's CRC-32 or sizes differ from its "
                                 "local header's"));
    tdi_input_seek(&d->in, 0, d->resume);
    d->state = ZS_CENTRAL_DONE;
    return TDI_AGAIN;
}

int tdi_zip_central_done(td_zip_decoder *d, td_zip_event *ev)
{
    d->central_digest = tdi_zip_digest(d->central_digest, &d->cur, d->name_crc);
    if (d->entry + 1 == d->member && d->central_digest != d->local_digest)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("central directory disagrees with the "
                                 "local headers: a name, CRC-32, size or "
                                 "offset differs, or the order"));
    ev->kind = TD_ZIP_EV_CENTRAL;
    ev->offset = d->record_offset;
    ev->size = d->record_size;
    ev->member = d->entry;
    ev->header = d->cur;
    d->entry++;
    d->state = ZS_RECORD;
    return TD_EVENT;
}
