/*
 * zip_internal.h - state shared by the zip decoder's files.
 */
#ifndef TDI_ZIP_INTERNAL_H
#define TDI_ZIP_INTERNAL_H

#include "tracedec/zip.h"
#include "tracedec/checksum.h"
#include "../common/input.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"
#include "../inflate/inflate_core.h"


/* Record signatures (APPNOTE 4.3). */
#define ZIP_SIG_LOCAL 0x04034b50u
#define ZIP_SIG_CENTRAL 0x02014b50u
#define ZIP_SIG_DIGITAL 0x05054b50u
#define ZIP_SIG_ZIP64_END 0x06064b50u
#define ZIP_SIG_LOCATOR 0x07064b50u
#define ZIP_SIG_END 0x06054b50u
#define ZIP_SIG_DESCRIPTOR 0x08074b50u

#define ZIP_LOCAL_SIZE 30u
#define ZIP_CENTRAL_SIZE 46u
#define ZIP_LOCAL_SHARED 4u   /* where the fields both share begin in a */
#define ZIP_CENTRAL_SHARED 6u /* local header and in a central entry */
#define ZIP_SHARED_SIZE 26u
#define ZIP_END_SIZE 22u
#define ZIP_LOCATOR_SIZE 20u
#define ZIP_ZIP64_END_SIZE 56u

/* General purpose flag bits. */
#define ZIP_FLAG_ENCRYPTED 0x0001u
#define ZIP_FLAG_DESCRIPTOR 0x0008u
#define ZIP_FLAG_STRONG_ENCRYPTION 0x0040u
#define ZIP_FLAG_MASKED_HEADER 0x2000u

#define ZIP_MARK16 0xffffu     /* "the value is in a zip64 field" */
#define ZIP_MARK32 0xffffffffu

/* What next() is doing (td_zip_decoder.state). */
enum zip_state {
    ZS_RECORD = 0,      /* at a record boundary */
    ZS_LOCAL_NAME,      /* delivering the local name */
    ZS_LOCAL_EXTRA,     /* the local extra field */
    ZS_STORED,          /* a stored member's bytes */
    ZS_DEFLATE,         /* a deflate member's stream */
    ZS_DESCRIPTOR,      /* the data descriptor after the stream */
    ZS_CENTRAL_TAIL,    /* bytes 28-45 of a central entry */
    ZS_CENTRAL_NAME,    /* the entry's name (CRC-32 only) */
    ZS_CENTRAL_EXTRA,   /* the entry's extra field */
    ZS_CENTRAL_COMMENT, /* the entry's comment (skipped) */
    ZS_SEEK_HEADER,     /* TD_ZIP_SEEKABLE: the entry's local header */
    ZS_SEEK_NAME,       /* its name (CRC-32 only) */
    ZS_SEEK_EXTRA,      /* its extra field */
    ZS_CENTRAL_DONE,    /* the entry is read: check and announce it */
    ZS_ZIP64_END_TAIL,  /* bytes 32-55 of the zip64 end record */
    ZS_SKIP,            /* the tail of a record, then a record boundary */
    ZS_END_COMMENT,     /* the end record's comment */
    ZS_AFTER_END,       /* only the end of the input may follow */
    ZS_DONE             /* TD_END returned */
};

/* Which records may come next (td_zip_decoder.phase). */
enum zip_phase {
    ZP_LOCAL = 0,  /* local members; or the central directory begins */
    ZP_CENTRAL,    /* central entries; or the end records begin */
    ZP_ZIP64_END,  /* after the zip64 end record: its locator */
    ZP_LOCATOR,    /* after the locator: the end record */
    ZP_END         /* after the end record */
};

/* Stall or fail with truncation at `at`. */
static inline int zip_cut(td_zip_decoder *d, uint64_t at, const char *reason)
{
    return tdi_input_stall(&d->in, &d->fault, at, reason);
}

/* Up to max bytes straight from the span (tdi_input_piece), refusing to
 * run when bytes are staged, which the record reading never leaves at
 * these points; NULL with *rc set when nothing can be delivered now. */
const uint8_t *tdi_zip_piece(td_zip_decoder *d, uint64_t max, size_t *len, int *rc,
                         uint64_t at, const char *reason);

/* zip_header.c: the fields a local header and a central entry share
 * (ZIP_SHARED_SIZE bytes at ZIP_LOCAL_SHARED, ZIP_CENTRAL_SHARED) into h,
 * whose zip64 it clears. Returns the extra field's length. */
uint16_t tdi_zip_read_header(td_zip_header *h, const uint8_t *p);

/* The order-sensitive digest of one member: name, CRC, sizes, offset. */
uint64_t tdi_zip_digest(uint64_t digest, const td_zip_header *h,
                        uint32_t name_crc);

/* The extra field (zip_extra.c): d->extra_left bytes of sub-fields; the
 * zip64 one (0x0001) replaces the fields of h that are 0xffffffff
 * (local_offset only in a central entry). TDI_AGAIN when done. */
int tdi_zip_extra(td_zip_decoder *d, td_zip_header *h, bool central);

/* Local members (zip_local.c). */
int tdi_zip_local_header(td_zip_decoder *d, td_zip_event *ev);
int tdi_zip_local_name(td_zip_decoder *d, td_zip_event *ev);
int tdi_zip_local_extra(td_zip_decoder *d);
int tdi_zip_stored(td_zip_decoder *d, td_zip_event *ev);
int tdi_zip_deflate(td_zip_decoder *d, td_zip_event *ev);
int tdi_zip_descriptor(td_zip_decoder *d, td_zip_event *ev);

/* The central directory (zip_central.c). */
int tdi_zip_central_head(td_zip_decoder *d);
int tdi_zip_central_tail(td_zip_decoder *d);
int tdi_zip_central_name(td_zip_decoder *d);
int tdi_zip_central_extra(td_zip_decoder *d);
int tdi_zip_central_comment(td_zip_decoder *d);
int tdi_zip_seek_header(td_zip_decoder *d);
int tdi_zip_seek_name(td_zip_decoder *d);
int tdi_zip_seek_extra(td_zip_decoder *d);
int tdi_zip_central_done(td_zip_decoder *d, td_zip_event *ev);

/* End records (zip_end.c). */
int tdi_zip_digital_signature(td_zip_decoder *d);
int tdi_zip_zip64_end_head(td_zip_decoder *d);
int tdi_zip_zip64_end_tail(td_zip_decoder *d);
int tdi_zip_locator(td_zip_decoder *d);
int tdi_zip_end(td_zip_decoder *d, td_zip_event *ev);
int tdi_zip_skip(td_zip_decoder *d);
int tdi_zip_end_comment(td_zip_decoder *d);
int tdi_zip_after_end(td_zip_decoder *d);

#endif /* TDI_ZIP_INTERNAL_H */
