/*
 * zip_end.c - the records after the central directory entries (APPNOTE
 * 4.3.13-4.3.16):
 *
 *   digital signature  PK\5\5, size u16, data (skipped)
 *   zip64 end          PK\6\6, size of the rest u64, versions, disk u32,
 *                      directory disk u32, entries on disk u64, entries
 *                      u64, directory size u64, directory offset u64,
 *                      extensible data (skipped); read as bytes 0-31 and
 *                      32-55
 *   zip64 locator      PK\6\7, disk u32, zip64 end offset u64, disks u32
 *   end                PK\5\6, disk u16, directory disk u16, entries on
 *                      disk u16, entries u16, directory size u32,
 *                      directory offset u32, comment length u16, comment
 *
 * The totals must be the directory's: as many entries as local members,
 * the directory's offset and size as read. With a zip64 end record its
 * totals are checked, the locator must point at it, and each field of the
 * end record must hold the same value or its 0xffff... marker. Only
 * single-disk archives are accepted. The input must end right after the
 * end record's comment.
 */
#include "zip_internal.h"

#define ZIP64_END_HEAD 32u
#define ZIP64_END_TAIL (ZIP_ZIP64_END_SIZE - ZIP64_END_HEAD)
#define ZIP64_END_FIXED 44u /* the "size of the rest" of a bare record */

static int end_fail(td_zip_decoder *d, const char *reason)
{
    return tdi_fail(&d->fault, TD_E_ZIP_END, d->record_offset, reason);
}

static int out_of_place(td_zip_decoder *d, const char *reason)
{
    return tdi_fail(&d->fault, TD_E_ZIP_SIGNATURE, d->record_offset, reason);
}

int tdi_zip_skip(td_zip_decoder *d)
{
    while (d->skip_left > 0) {
        uint64_t n = tdi_input_skip(&d->in, d->skip_left);
        if (n == 0)
            return zip_cut(d, d->record_offset,
                           TDI_REASON("input ends inside a record"));
        d->skip_left -= n;
    }
    d->state = ZS_RECORD;
    return TDI_AGAIN;
}

int tdi_zip_digital_signature(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 6);
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside a digital signature "
                                 "record"));
    if (d->phase != ZP_CENTRAL)
        return out_of_place(d, TDI_REASON("digital signature record "
                                         "outside the central directory"));
    d->skip_left = tdi_le16(p + 4);
    tdi_input_take(&d->in, 6);
    d->state = ZS_SKIP;
    return TDI_AGAIN;
}

/* The first end record closes the central directory. */
static void close_directory(td_zip_decoder *d)
{
    if (d->phase == ZP_LOCAL)
        d->central_start = d->record_offset;
    d->central_end = d->record_offset;
}

static int check_totals(td_zip_decoder *d, uint64_t entries, uint64_t size,
                        uint64_t offset)
{
    if (d->entry != d->member)
        return tdi_fail(&d->fault, TD_E_ZIP_CENTRAL, d->record_offset,
                       TDI_REASON("fewer central directory entries than "
                                 "local members"));
    if (entries != d->entry)
        return end_fail(d, TDI_REASON("entry count differs from the "
                                     "central directory's"));
    if (size != d->central_end - d->central_start)
        return end_fail(d, TDI_REASON("central directory size differs from "
                                     "the directory's"));
    if (offset != d->central_start)
        return end_fail(d, TDI_REASON("central directory offset differs "
                                     "from where the directory starts"));
    return TD_OK;
}

static int multi_disk(td_zip_decoder *d)
{
    return end_fail(d, TDI_REASON("multi-disk archives are not supported"));
}

int tdi_zip_zip64_end_head(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP64_END_HEAD);
    uint64_t size;
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside the zip64 end of "
                                 "central directory record"));
    if (d->phase != ZP_LOCAL && d->phase != ZP_CENTRAL)
        return out_of_place(d, TDI_REASON("second zip64 end of central "
                                         "directory record"));
    size = tdi_le64(p + 4);
    if (size < ZIP64_END_FIXED)
        return end_fail(d, TDI_REASON("zip64 end record is shorter than "
                                     "its fixed fields"));
    if (tdi_le32(p + 16) != 0 || tdi_le32(p + 20) != 0)
        return multi_disk(d);
    close_directory(d);
    d->zip64_end_offset = d->record_offset;
    d->end_entries = tdi_le64(p + 24);
    d->skip_left = size - ZIP64_END_FIXED;
    tdi_input_take(&d->in, ZIP64_END_HEAD);
    d->phase = ZP_ZIP64_END;
    d->state = ZS_ZIP64_END_TAIL;
    return TDI_AGAIN;
}

/* Bytes 32-55: the totals. */
int tdi_zip_zip64_end_tail(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP64_END_TAIL);
    int rc;
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside the zip64 end of "
                                 "central directory record"));
    if (tdi_le64(p) != d->end_entries)
        return end_fail(d, TDI_REASON("entries on this disk differ from the "
                                     "total entries"));
    rc = check_totals(d, tdi_le64(p), tdi_le64(p + 8), tdi_le64(p + 16));
    if (rc != TD_OK)
        return rc;
    d->end_central_size = tdi_le64(p + 8);
    d->end_central_offset = tdi_le64(p + 16);
    tdi_input_take(&d->in, ZIP64_END_TAIL);
    d->state = ZS_SKIP;
    return TDI_AGAIN;
}

int tdi_zip_locator(td_zip_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_LOCATOR_SIZE);
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside the zip64 end of "
                                 "central directory locator"));
    if (d->phase != ZP_ZIP64_END)
        return out_of_place(d, TDI_REASON("zip64 end locator without a zip64 "
                                         "end record just before it"));
    if (tdi_le32(p + 4) != 0 || tdi_le32(p + 16) > 1)
        return multi_disk(d);
    if (tdi_le64(p + 8) != d->zip64_end_offset)
        return end_fail(d, TDI_REASON("zip64 end locator does not point at "
                                     "the zip64 end record"));
    tdi_input_take(&d->in, ZIP_LOCATOR_SIZE);
    d->phase = ZP_LOCATOR;
    return TDI_AGAIN;
}

/* A field of the end record next to a zip64 end record: the same value,
 * or the marker that sends readers to the zip64 record. */
static bool same_or_marked(uint64_t field, uint64_t marker, uint64_t value)
{
    return field == marker || field == value;
}

static int check_end_fields(td_zip_decoder *d, const uint8_t *p)
{
    if (d->phase == ZP_LOCATOR) {
        if (!same_or_marked(tdi_le16(p + 4), ZIP_MARK16, 0) ||
            !same_or_marked(tdi_le16(p + 6), ZIP_MARK16, 0))
            return multi_disk(d);
        if (!same_or_marked(tdi_le16(p + 8), ZIP_MARK16, d->end_entries) ||
            !same_or_marked(tdi_le16(p + 10), ZIP_MARK16, d->end_entries) ||
            !same_or_marked(tdi_le32(p + 12), ZIP_MARK32,
                            d->end_central_size) ||
            !same_or_marked(tdi_le32(p + 16), ZIP_MARK32,
                            d->end_central_offset))
            return end_fail(d, TDI_REASON("end record disagrees with the "
                                         "zip64 end record"));
        return TD_OK;
    }
    if (d->phase == ZP_ZIP64_END)
        return end_fail(d, TDI_REASON("zip64 end record without its "
                                     "locator"));
    if (tdi_le16(p + 4) != 0 || tdi_le16(p + 6) != 0)
        return multi_disk(d);
    if (tdi_le16(p + 8) != tdi_le16(p + 10))
        return end_fail(d, TDI_REASON("entries on this disk differ from the "
                                     "total entries"));
    close_directory(d);
    return check_totals(d, tdi_le16(p + 10), tdi_le32(p + 12),
                        tdi_le32(p + 16));
}

int tdi_zip_end(td_zip_decoder *d, td_zip_event *ev)
{
    const uint8_t *p = tdi_input_peek(&d->in, ZIP_END_SIZE);
    int rc;
    if (p == NULL)
        return zip_cut(d, d->record_offset,
                       TDI_REASON("input ends inside the end of central "
                                 "directory record"));
    rc = check_end_fields(d, p);
    if (rc != TD_OK)
        return rc;
    d->comment_len = tdi_le16(p + 20);
    ev->kind = TD_ZIP_EV_END;
    ev->offset = d->record_offset;
    ev->size = ZIP_END_SIZE + (uint64_t)d->comment_len;
    ev->member = d->entry;
    ev->end.entries = d->entry;
    ev->end.central_offset = d->central_start;
    ev->end.central_size = d->central_end - d->central_start;
    ev->end.comment_len = d->comment_len;
    ev->end.zip64 = d->phase == ZP_LOCATOR;
    tdi_input_take(&d->in, ZIP_END_SIZE);
    d->skip_left = d->comment_len;
    d->phase = ZP_END;
    d->state = ZS_END_COMMENT;
    return TD_EVENT;
}

int tdi_zip_end_comment(td_zip_decoder *d)
{
    while (d->skip_left > 0) {
        uint64_t n = tdi_input_skip(&d->in, d->skip_left);
        if (n == 0)
            return zip_cut(d, d->record_offset,
                           TDI_REASON("input ends inside the end record's "
                                     "comment"));
        d->skip_left -= n;
    }
    d->state = ZS_AFTER_END;
    return TDI_AGAIN;
}

int tdi_zip_after_end(td_zip_decoder *d)
{
    int more = tdi_input_probe(&d->in);
    if (more < 0)
        return TD_NEED_INPUT;
    if (more > 0)
        return tdi_fail(&d->fault, TD_E_ZIP_END, tdi_input_tell(&d->in),
                       TDI_REASON("bytes after the end of central directory "
                                 "record and its comment"));
    d->state = ZS_DONE;
    return TD_END;
}
