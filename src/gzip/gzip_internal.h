/*
 * gzip_internal.h - state shared by the gzip decoder's files.
 */
#ifndef TDI_GZIP_INTERNAL_H
#define TDI_GZIP_INTERNAL_H

#include "tracedec/gzip.h"
#include "tracedec/checksum.h"
#include "../common/input.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"
#include "../inflate/inflate_core.h"


/* Header flag bits (RFC 1952 2.3.1). */
#define GZIP_FTEXT 1u
#define GZIP_FHCRC 2u
#define GZIP_FEXTRA 4u
#define GZIP_FNAME 8u
#define GZIP_FCOMMENT 16u
#define GZIP_RESERVED 0xe0u

/* What next() is doing (td_gzip_decoder.state), in the order of a member. */
enum gzip_state {
    GS_MEMBER = 0,   /* a member header is next, or the end of the input */
    GS_EXTRA_LENGTH, /* FEXTRA's XLEN */
    GS_EXTRA,        /* FEXTRA's bytes */
    GS_NAME,         /* FNAME, up to its zero byte */
    GS_COMMENT,      /* FCOMMENT, up to its zero byte */
    GS_HEADER_CRC,   /* FHCRC */
    GS_HEADER_END,   /* the header is whole: announce the member */
    GS_DATA,         /* the deflate stream */
    GS_TRAILER,      /* CRC-32 and ISIZE */
    GS_DONE          /* TD_END returned */
};

/* Header fields (gzip_header.c). */
int tdi_gzip_member(td_gzip_decoder *d);
int tdi_gzip_extra_length(td_gzip_decoder *d);
int tdi_gzip_extra(td_gzip_decoder *d);
int tdi_gzip_string(td_gzip_decoder *d);
int tdi_gzip_header_crc(td_gzip_decoder *d);
int tdi_gzip_header_end(td_gzip_decoder *d, td_gzip_event *ev);

#endif /* TDI_GZIP_INTERNAL_H */
