/*
 * snappy_internal.h - state shared by the snappy decoder's files.
 */
#ifndef TDI_SNAPPY_INTERNAL_H
#define TDI_SNAPPY_INTERNAL_H

#include "tracedec/snappy.h"
#include "tracedec/checksum.h"
#include "../common/input.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"


#define SNAPPY_CHUNK_HEADER 4
#define SNAPPY_CRC_SIZE 4
#define SNAPPY_MAX_OUTPUT 65536u /* a chunk's output, at most */
#define SNAPPY_MAX_VARINT 5      /* bytes of the uncompressed length */
#define SNAPPY_MAX_ELEMENT 5     /* tag and its length or offset bytes */

/* Chunk types. */
#define SNAPPY_COMPRESSED 0x00u
#define SNAPPY_UNCOMPRESSED 0x01u
#define SNAPPY_COMPRESSED_NO_CRC 0x02u   /* DynamoRIO's */
#define SNAPPY_UNCOMPRESSED_NO_CRC 0x03u /* DynamoRIO's */
#define SNAPPY_FIRST_RESERVED 0x04u      /* 0x04-0x7f: unskippable */
#define SNAPPY_FIRST_SKIPPABLE 0x80u     /* 0x80-0xfd, and 0xfe padding */
#define SNAPPY_STREAM_IDENTIFIER 0xffu

/* What next() is doing (td_snappy_decoder.state). */
enum snappy_state {
    SS_CHUNK = 0, /* at a chunk boundary */
    SS_STREAM_ID, /* the body of a stream identifier */
    SS_SKIP,      /* skipping a skippable or padding chunk */
    SS_CRC,       /* the masked CRC-32C of a data chunk */
    SS_LENGTH,    /* the uncompressed length varint */
    SS_ELEMENT,   /* at an element boundary in compressed data */
    SS_LITERAL,   /* copying a literal's bytes */
    SS_RAW,       /* copying an uncompressed chunk's data */
    SS_CHECK      /* the chunk's output is complete: check, hand out */
};

/* Chunks (snappy_chunk.c). */
int tdi_snappy_chunk(td_snappy_decoder *d);
int tdi_snappy_stream_id(td_snappy_decoder *d, td_snappy_event *ev);
int tdi_snappy_skip(td_snappy_decoder *d, td_snappy_event *ev);
int tdi_snappy_crc(td_snappy_decoder *d);
int tdi_snappy_raw(td_snappy_decoder *d);
int tdi_snappy_check(td_snappy_decoder *d, td_snappy_event *ev);

/* Compressed data (snappy_elements.c). */
int tdi_snappy_length(td_snappy_decoder *d);
int tdi_snappy_elements(td_snappy_decoder *d);
int tdi_snappy_literal(td_snappy_decoder *d);

/* The chunk type carries a CRC field (0x00, 0x01). */
static inline bool snappy_has_crc(uint8_t type)
{
    return type == SNAPPY_COMPRESSED || type == SNAPPY_UNCOMPRESSED;
}

/* Copy up to max bytes of the chunk from the span to the window's end of
 * output; *copied says how many. TD_OK, or what the stall gives. */
int tdi_snappy_copy_in(td_snappy_decoder *d, uint32_t max, uint32_t *copied);

#endif /* TDI_SNAPPY_INTERNAL_H */
