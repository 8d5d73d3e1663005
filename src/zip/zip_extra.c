/*
 * zip_extra.c - extra fields: a sequence of sub-fields (id u16, size u16,
 * data), of which only zip64's (id 0x0001, APPNOTE 4.5.3) matters here:
 *
 *   uncompressed size u64  if the record's 32-bit field is 0xffffffff
 *   compressed size   u64  likewise
 *   local offset      u64  central entries: likewise
 *   disk number       u32  (not used: multi-disk archives are refused)
 *
 * Only the fields marked in the record are present, in that order. The
 * sub-fields are read as they stream past: a sub-field header and the
 * zip64 values it needs fit in the input stage; every other byte is
 * skipped without being looked at. Bytes too few for a sub-field header
 * at the end (padding some writers add), or another sub-field that claims
 * more bytes than are left, are skipped too; a zip64 sub-field that does
 * is an error.
 */
#include "zip_internal.h"

#define ZIP64_ID 0x0001u
#define ZIP64_MAX_VALUES 24u /* three u64 values */

static int extra_cut(td_zip_decoder *d)
{
    return zip_cut(d, d->record_offset,
                   TDI_REASON("input ends inside an extra field"));
}

/* The zip64 values at p (size bytes of sub-field data) replace the fields
 * of h marked 0xffffffff. */
static int read_zip64(td_zip_decoder *d, td_zip_header *h, const uint8_t *p,
                      unsigned size, bool central, uint64_t at)
{
    bool usize = h->uncompressed_size == ZIP_MARK32;
    bool csize = h->compressed_size == ZIP_MARK32;
    bool offset = central && h->local_offset == ZIP_MARK32;
    unsigned need = 8u * ((unsigned)usize + (unsigned)csize +
                          (unsigned)offset), pos = 0;
    if (size < need)
        return tdi_fail(&d->fault, TD_E_ZIP_ZIP64, at,
                       TDI_REASON("zip64 extra field is shorter than the "
                                 "0xffffffff fields it must replace"));
    if (usize) {
        h->uncompressed_size = tdi_le64(p + pos);
        pos += 8;
    }
    if (csize) {
        h->compressed_size = tdi_le64(p + pos);
        pos += 8;
    }
    if (offset)
        h->local_offset = tdi_le64(p + pos);
    h->zip64 = true;
    return TD_OK;
}

/* One sub-field header at the cursor: read zip64's values, or arrange to
 * skip the sub-field. */
static int sub_field(td_zip_decoder *d, td_zip_header *h, bool central)
{
    uint64_t at = tdi_input_tell(&d->in);
    const uint8_t *p = tdi_input_peek(&d->in, 4);
    unsigned id, size, head;
    int rc;
    if (p == NULL)
        return extra_cut(d);
    id = tdi_le16(p);
    size = tdi_le16(p + 2);
    if (id != ZIP64_ID) {
        tdi_input_take(&d->in, 4);
        d->extra_left -= 4;
        d->skip_left = size < d->extra_left ? size : d->extra_left;
        return TDI_AGAIN;
    }
    if (size > d->extra_left - 4)
        return tdi_fail(&d->fault, TD_E_ZIP_ZIP64, at,
                       TDI_REASON("zip64 extra field runs past the end of "
                                 "the extra field"));
    head = size < ZIP64_MAX_VALUES ? size : ZIP64_MAX_VALUES;
    p = tdi_input_peek(&d->in, 4 + head);
    if (p == NULL)
        return extra_cut(d);
    rc = read_zip64(d, h, p + 4, size, central, at);
    if (rc != TD_OK)
        return rc;
    tdi_input_take(&d->in, 4 + head);
    d->extra_left -= 4 + head;
    d->skip_left = size - head;
    return TDI_AGAIN;
}

int tdi_zip_extra(td_zip_decoder *d, td_zip_header *h, bool central)
{
    while (d->extra_left > 0) {
        int rc;
        if (d->skip_left > 0) {
            uint64_t n = tdi_input_skip(&d->in, d->skip_left);
            if (n == 0)
                return extra_cut(d);
            d->skip_left -= n;
            d->extra_left -= (uint32_t)n;
            continue;
        }
        if (d->extra_left < 4) {
            d->skip_left = d->extra_left;
            continue;
        }
        rc = sub_field(d, h, central);
        if (rc != TDI_AGAIN)
            return rc;
    }
    return TDI_AGAIN;
}
