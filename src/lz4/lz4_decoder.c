/*
 * lz4_decoder.c - the LZ4 frame decoder: its entry points, the loop that
 * drives its state machine, and the handing out of output.
 *
 * Record kind -> function (file):
 *   frame magic 0x184D2204 -> tdi_lz4_magic (lz4_frame.c)
 *   legacy magic 0x184C2102, any other magic -> tdi_lz4_magic: rejected
 *   skippable frame, magic 0x184D2A50..5F -> skippable_header, its user
 *     data -> tdi_lz4_skip (lz4_frame.c)
 *   frame descriptor: FLG, BD, content size, dictionary ID, header
 *     checksum -> tdi_lz4_frame_header (lz4_frame.c)
 *   block size word -> tdi_lz4_block_header (lz4_frame.c)
 *   end mark (block size 0) and content checksum -> end_mark (lz4_frame.c)
 *   stored block (size bit 31) -> tdi_lz4_stored (lz4_block.c)
 *   compressed block, sequences whole in the span ->
 *     tdi_lz4_fast_sequences (lz4_fast.c)
 *   a sequence across spans, field by field: token -> tdi_lz4_token,
 *     literal length -> tdi_lz4_literal_length, literals ->
 *     tdi_lz4_literals, offset -> tdi_lz4_offset, match length ->
 *     tdi_lz4_match_length, match -> tdi_lz4_match (lz4_block.c)
 *   block checksum -> tdi_lz4_block_checksum (lz4_frame.c)
 *   output, as DATA events -> emit (here)
 *
 * next() runs the handler of d->state until one produces an event, asks
 * for input, ends or fails; handlers return TDI_AGAIN when they only
 * changed state. Output accumulates in the ring (the caller's window) from
 * `emitted` to `next`. It goes out as a DATA event when the ring is full
 * (then writing wraps to its start, after the event) and when a block
 * ends; since neither depends on where spans end, neither do the DATA
 * events. The content checksum hashes each DATA span as it goes out.
 */
#include "lz4_internal.h"
#include "../common/entry.h"
#include "../common/mem.h"

/* An overshooting stride must never reach a byte a match may still read,
 * and a wrapped match source must lie a whole stride ahead of its
 * destination. */
typedef char lz4_ring_has_overshoot_room
    [LZ4_RING >= LZ4_MAX_DISTANCE + 1 + LZ4_OVERSHOOT ? 1 : -1];

/* A new input whose output goes to window. */
static int start(td_lz4_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->window = window;
    d->state = LS_MAGIC;
    return TD_OK;
}

int td_lz4_init(td_lz4_decoder *d, const td_lz4_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_entry_memory(cfg->memory, cfg->memory_size, TD_LZ4_WINDOW);
    return rc == TD_OK ? start(d, cfg->memory) : rc;
}

int td_lz4_reset(td_lz4_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT : start(d, d->window);
}

const td_fault *td_lz4_fault(const td_lz4_decoder *d)
{
    return &d->fault;
}

/* Hand out the ring from `emitted` to `next`; wrap when it is full. */
static int emit(td_lz4_decoder *d, td_lz4_event *ev)
{
    uint32_t len = d->next - d->emitted;
    ev->kind = TD_LZ4_EV_DATA;
    ev->offset = d->block_offset;
    ev->size = 0;
    ev->frame = d->frame;
    ev->data.data = d->window + d->emitted;
    ev->data.len = len;
    ev->data.pos = d->frame_out - len;
    if (d->flags & LZ4_FLG_CONTENT_CHECKSUM)
        td_xxh32_update(&d->content_hash, ev->data.data, len);
    d->emitted = d->next;
    if (d->next == LZ4_RING)
        d->next = d->emitted = 0;
    return TD_EVENT;
}

/* The block is done: hand out what is left of it, then the next block. */
static int block_end(td_lz4_decoder *d, td_lz4_event *ev)
{
    d->state = LS_BLOCK_HEADER;
    if (d->next > d->emitted)
        return emit(d, ev);
    return TDI_AGAIN;
}

static int step(td_lz4_decoder *d, td_lz4_event *ev)
{
    switch (d->state) {
    case LS_MAGIC:
        return tdi_lz4_magic(d);
    case LS_FRAME_HEADER:
        return tdi_lz4_frame_header(d, ev);
    case LS_SKIP:
        return tdi_lz4_skip(d, ev);
    case LS_BLOCK_HEADER:
        return tdi_lz4_block_header(d, ev);
    case LS_STORED:
        return tdi_lz4_stored(d);
    case LS_TOKEN:
        tdi_lz4_fast_sequences(d);
        return tdi_lz4_token(d);
    case LS_LITERAL_LENGTH:
        return tdi_lz4_literal_length(d);
    case LS_LITERALS:
        return tdi_lz4_literals(d);
    case LS_OFFSET:
        return tdi_lz4_offset(d);
    case LS_MATCH_LENGTH:
        return tdi_lz4_match_length(d);
    case LS_MATCH:
        return tdi_lz4_match(d);
    case LS_BLOCK_CHECKSUM:
        return tdi_lz4_block_checksum(d);
    case LS_BLOCK_END:
        return block_end(d, ev);
    default:
        return TD_END;
    }
}

int td_lz4_next(td_lz4_decoder *d, td_lz4_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    while (rc == TDI_AGAIN)
        rc = d->next == LZ4_RING ? emit(d, ev) : step(d, ev);
    return rc;
}

const td_request *td_lz4_request(const td_lz4_decoder *d)
{
    return &d->in.want;
}

int td_lz4_feed(td_lz4_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
