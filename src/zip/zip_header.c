/*
 * zip_header.c - what a local file header and a central directory entry
 * say about a member: the run of fields they share, read by one parser,
 * and the digest that compares the two lists of members.
 *
 * A local header (APPNOTE 4.3.7) and a central entry (4.3.12) hold the
 * same 26 bytes in the same order, from byte 4 of the one and byte 6 of
 * the other (the central entry has "version made by" first):
 *
 *   0  version needed   2  flags          4  method
 *   6  time             8  date          10  CRC-32
 *  14  compressed size 18  uncompressed size
 *  22  name length     24  extra length
 */
#include "zip_internal.h"

#define ZH_VERSION_NEEDED 0
#define ZH_FLAGS 2
#define ZH_METHOD 4
#define ZH_CRC 10
#define ZH_COMPRESSED 14
#define ZH_UNCOMPRESSED 18
#define ZH_NAME_LENGTH 22
#define ZH_EXTRA_LENGTH 24

uint16_t tdi_zip_read_header(td_zip_header *h, const uint8_t *p)
{
    h->version_needed = tdi_le16(p + ZH_VERSION_NEEDED);
    h->flags = tdi_le16(p + ZH_FLAGS);
    h->method = tdi_le16(p + ZH_METHOD);
    h->crc = tdi_le32(p + ZH_CRC);
    h->compressed_size = tdi_le32(p + ZH_COMPRESSED);
    h->uncompressed_size = tdi_le32(p + ZH_UNCOMPRESSED);
    h->name_len = tdi_le16(p + ZH_NAME_LENGTH);
    h->zip64 = false;
    return tdi_le16(p + ZH_EXTRA_LENGTH);
}

static uint64_t digest_mix(uint64_t digest, uint64_t value)
{
    digest = (digest ^ value) * 0x9e3779b97f4a7c15u;
    return digest ^ (digest >> 29);
}

uint64_t tdi_zip_digest(uint64_t digest, const td_zip_header *h,
                        uint32_t name_crc)
{
    digest = digest_mix(digest, name_crc);
    digest = digest_mix(digest, h->crc);
    digest = digest_mix(digest, h->compressed_size);
    digest = digest_mix(digest, h->uncompressed_size);
    return digest_mix(digest, h->local_offset);
}
