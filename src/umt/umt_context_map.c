/*
 * umt_context_map.c - context_map.itable: exactly 17424 bytes, no table
 * header: DumpSize, ElemCount (at most 512), then four arrays of 512
 * entries (Largest, Name, RegMap32, RegMap64), of which the first ElemCount
 * count.
 *
 * Technique. The check walks one array at a time (d->u.open.array), item by
 * item (d->u.open.index), checking every item the host's span holds before
 * asking for the next place, so a host that answers with the whole file
 * costs one request per array. Lookups during decoding (a slot's register
 * name) read one entry and copy what they need.
 */
#include "umt_internal.h"

enum map_array {
    A_HEAD = 0,
    A_END,
    A_SIZE,
    A_LARGEST,
    A_NAMES,
    A_MAP32,
    A_MAP64,
    A_DONE
};

static int head(td_umt_decoder *d)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_CONTEXT_MAP, 0, 4,
                               TDI_REASON("context_map.itable is shorter "
                                         "than 17424 bytes"),
                               &rc);
    if (p == NULL)
        return rc;
    d->dump_size = tdi_le16(p + MAP_DUMP_SIZE);
    d->elem_count = tdi_le16(p + MAP_ELEM_COUNT);
    if (d->elem_count > MAP_ENTRIES)
        return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP,
                        MAP_ELEM_COUNT,
                        TDI_REASON("ElemCount is above 512"));
    return TD_OK;
}

static int check_largest(td_umt_decoder *d, const uint8_t *p, uint64_t at)
{
    if (tdi_le16(p) >= d->elem_count)
        return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP, at,
                        TDI_REASON("Largest names a register at or above "
                                  "ElemCount"));
    return TD_OK;
}

static int check_name(td_umt_decoder *d, const uint8_t *p, uint64_t at)
{
    unsigned i;
    for (i = 0; i < MAP_NAME_SIZE; i++)
        if (p[i] == 0)
            return TD_OK;
    return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP, at,
                    TDI_REASON("register name is not NUL-terminated within "
                              "16 bytes"));
}

static int check_info(td_umt_decoder *d, const uint8_t *p, uint64_t at)
{
    td_umt_map_entry e;
    tdi_umt_map_entry(p, &e);
    if ((e.offset == 0xffff) != (e.size == 0))
        return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP, at,
                        TDI_REASON("regInfo Offset 0xffff and Size 0 do not "
                                  "go together"));
    if (e.offset != 0xffff && (uint32_t)e.offset + e.size > d->dump_size)
        return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP, at,
                        TDI_REASON("register lies outside the DumpSize "
                                  "bytes of the dump"));
    if (e.eff_largest >= d->elem_count)
        return tdi_umt_fail(d, TD_E_UMT_CONTEXT_MAP, TD_UMT_CONTEXT_MAP,
                        at + INFO_EFF_LARGEST,
                        TDI_REASON("EffLargest names a register at or above "
                                  "ElemCount"));
    return TD_OK;
}

/* Where each array's entries are and how big they are. */
static uint64_t array_base(int array)
{
    return array == A_LARGEST ? MAP_LARGEST
           : array == A_NAMES ? MAP_NAMES
           : array == A_MAP32 ? MAP_REGMAP32
                              : MAP_REGMAP64;
}

static uint32_t item_size(int array)
{
    return array == A_LARGEST ? 2
           : array == A_NAMES ? MAP_NAME_SIZE
                              : MAP_INFO_SIZE;
}

static int check_item(td_umt_decoder *d, int array, const uint8_t *p,
                      uint64_t at)
{
    switch (array) {
    case A_LARGEST:
        return check_largest(d, p, at);
    case A_NAMES:
        return check_name(d, p, at);
    default:
        return check_info(d, p, at);
    }
}

/* Items [index, ElemCount) of one array, as many per request as the span
 * holds. */
static int check_items(td_umt_decoder *d, int array)
{
    uint32_t size = item_size(array);
    while (d->u.open.index < d->elem_count) {
        uint64_t at = array_base(array) + d->u.open.index * size;
        int rc;
        const uint8_t *p = tdi_umt_get(d, TD_UMT_CONTEXT_MAP, at, size,
                                   TDI_REASON("context_map.itable is shorter "
                                             "than 17424 bytes"),
                                   &rc);
        if (p == NULL)
            return rc;
        while (d->u.open.index < d->elem_count &&
               tdi_umt_span_from(d, at) >= size) {
            rc = check_item(d, array, p, at);
            if (rc != TD_OK)
                return rc;
            p += size;
            at += size;
            d->u.open.index++;
        }
    }
    d->u.open.index = 0;
    return TD_OK;
}

static int array_step(td_umt_decoder *d, int array)
{
    switch (array) {
    case A_HEAD:
        return head(d);
    case A_END:
        return tdi_umt_need_end(d, TD_UMT_CONTEXT_MAP, CONTEXT_MAP_SIZE, 0,
                            TDI_REASON("context_map.itable is shorter than "
                                      "17424 bytes"));
    case A_SIZE:
        return tdi_umt_no_more(d, TD_UMT_CONTEXT_MAP, CONTEXT_MAP_SIZE,
                           TDI_REASON("context_map.itable is longer than "
                                     "17424 bytes"));
    default:
        return check_items(d, array);
    }
}

int tdi_umt_context_map_check(td_umt_decoder *d)
{
    while (d->u.open.array < A_DONE) {
        int rc = array_step(d, d->u.open.array);
        if (rc != TD_OK)
            return rc;
        d->u.open.array++;
    }
    d->u.open.array = 0;
    return TD_OK;
}

int tdi_umt_register_name(td_umt_decoder *d, uint16_t reg, td_umt_slot_state *slot)
{
    int rc;
    uint8_t n = 0;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_CONTEXT_MAP,
                MAP_NAMES + (uint64_t)reg * MAP_NAME_SIZE, MAP_NAME_SIZE,
                TDI_REASON("context_map.itable is shorter "
                          "than 17424 bytes"),
                &rc);
    if (p == NULL)
        return rc;
    while (n < MAP_NAME_SIZE && p[n] != 0) {
        slot->name[n] = (char)p[n];
        n++;
    }
    slot->name_len = n;
    return TD_OK;
}

void tdi_umt_map_entry(const uint8_t *p, td_umt_map_entry *e)
{
    e->offset = tdi_le16(p + INFO_OFFSET);
    e->size = p[INFO_SIZE];
    e->eff_largest = tdi_le16(p + INFO_EFF_LARGEST);
}
