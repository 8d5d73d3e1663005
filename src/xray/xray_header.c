/*
 * xray_header.c - the 32-byte XRay file header, both byte orders.
 *
 *   0  u16 version      FDR 1..5, basic 1..3
 *   2  u16 type         0 basic, 1 FDR
 *   4  u32 bitfield     bit 0 constant_tsc, bit 1 nonstop_tsc, rest reserved
 *                       (basic-mode writers leave garbage there: ignored)
 *   8  u64 cycle frequency
 *  16  16 free-form bytes; FDR: u64 per-thread buffer size, then zeros
 *
 * The byte order is the producer's and is not marked: the header is read
 * little-endian when that gives a supported version and type, else
 * big-endian.
 */
#include "xray_header.h"
#include "xray_internal.h"

static bool version_supported(uint16_t type, uint16_t version)
{
    if (type == TD_XRAY_MODE_FDR)
        return version >= 1 && version <= 5;
    if (type == TD_XRAY_MODE_BASIC)
        return version >= 1 && version <= 3;
    return false;
}

static bool plausible_in(const uint8_t *p, bool big_endian)
{
    return version_supported(tdi_load16(p + 2, big_endian),
                             tdi_load16(p, big_endian));
}

/* Detection is looser than decoding: a small version and a known type
 * make an XRay file, so that unsupported versions get their own error. */
static bool looks_like_in(const uint8_t *p, bool big_endian)
{
    uint16_t version = tdi_load16(p, big_endian);
    return tdi_load16(p + 2, big_endian) <= TD_XRAY_MODE_FDR && version >= 1 &&
           version <= 64;
}

bool tdi_xray_header_plausible(const uint8_t *first4)
{
    return looks_like_in(first4, false) || looks_like_in(first4, true);
}

static int reject(td_xray_decoder *d, const uint8_t *p)
{
    uint16_t le_type = tdi_le16(p + 2), be_type = tdi_be16(p + 2);
    if (le_type <= TD_XRAY_MODE_FDR || be_type <= TD_XRAY_MODE_FDR)
        return tdi_fail(&d->fault, TD_E_XRAY_VERSION, 0,
                       TDI_REASON("header version is not 1-5 (FDR) or 1-3 "
                                 "(basic) in either byte order"));
    return tdi_fail(&d->fault, TD_E_XRAY_FILE_TYPE, 2,
                   TDI_REASON("header type is neither 0 (basic) nor 1 (FDR) "
                             "in either byte order"));
}

int tdi_xray_read_header(td_xray_decoder *d, td_xray_event *ev)
{
    const uint8_t *p = tdi_input_peek(&d->in, XRAY_HEADER_SIZE);
    bool be;
    if (p == NULL)
        return tdi_input_stall(&d->in, &d->fault, 0,
                              TDI_REASON("file shorter than the 32-byte "
                                        "XRay header"));
    if (plausible_in(p, false))
        be = false;
    else if (plausible_in(p, true))
        be = true;
    else
        return reject(d, p);

    d->big_endian = be;
    d->version = tdi_load16(p, be);
    d->mode = (uint8_t)tdi_load16(p + 2, be);
    d->buffer_size = tdi_load64(p + 16, be);

    ev->kind = TD_XRAY_EV_HEADER;
    ev->offset = 0;
    ev->size = XRAY_HEADER_SIZE;
    ev->header.version = d->version;
    ev->header.mode = d->mode;
    ev->header.big_endian = be;
    ev->header.bitfield = tdi_load32(p + 4, be);
    ev->header.constant_tsc = (ev->header.bitfield & 1u) != 0;
    ev->header.nonstop_tsc = (ev->header.bitfield & 2u) != 0;
    ev->header.cycle_frequency = tdi_load64(p + 8, be);
    ev->header.buffer_size = d->mode == TD_XRAY_MODE_FDR ? d->buffer_size : 0;
    xray_context(d, ev);
    tdi_input_take(&d->in, XRAY_HEADER_SIZE);

    if (d->mode == TD_XRAY_MODE_BASIC) {
        d->state = XS_BASIC_RECORD;
    } else {
        d->state = XS_FDR_RECORD;
        tdi_xray_buffer_reset(d);
    }
    return TD_EVENT;
}
