/*
 * xray_header.h - the 32-byte XRay file header.
 */
#ifndef TDI_XRAY_HEADER_H
#define TDI_XRAY_HEADER_H

#include "tracedec/xray.h"

#define XRAY_HEADER_SIZE 32

/* True when the first 4 bytes look like an XRay header (type 0 or 1 and a
 * version from 1 to 64) in either byte order. */
bool tdi_xray_header_plausible(const uint8_t *first4);

/* Decode the header at the cursor into a HEADER event and set the decoder
 * up for the records that follow. Returns TD_EVENT, TD_NEED_INPUT or an
 * error. */
int tdi_xray_read_header(td_xray_decoder *d, td_xray_event *ev);

#endif /* TDI_XRAY_HEADER_H */
