/*
 * drmem_file_decoder.c - a drmemtrace file: its container in front of
 * the record decoder.
 *
 * Record kind -> function (file):
 *   the container's records -> its own decoder: zip (zip_decoder.c),
 *     gzip (gzip_decoder.c), LZ4 (lz4_decoder.c), snappy
 *     (snappy_decoder.c), each listing its records; none for a plain file
 *   the container's output spans -> container_output, then pump (here),
 *     which feeds them to the records
 *   a zip member's start (a trace chunk) -> pump (here), then
 *     td_drmem_begin_member (drmem_chunks.c); its name -> keep_name (here)
 *   the records -> td_drmem_next (drmem_decoder.c lists them)
 *
 * Technique. Two pull decoders in a chain. next() asks the record decoder
 * for an event; when it needs input, the container decoder is pulled for
 * its next output span, which is fed to the record decoder as is (no
 * copy: the span lives in the container's window until the record decoder
 * asks again, which is the only time the container is pulled). Container
 * events other than data only matter at zip member starts, which are
 * passed on as trace chunk boundaries; the container's end is the record
 * stream's end of input. When the container needs file bytes, next()
 * returns TD_NEED_INPUT with the container's request. A plain file has no
 * container: the record decoder's requests go to the host directly.
 */
#include "drmem_internal.h"

/* Start the container's decoder on the window; every container's config
 * holds the same four fields. */
static int container_init(td_drmem_file_decoder *f)
{
    const td_drmem_file_config *c = &f->config;
    switch (c->container) {
    case TD_FORMAT_DRMEMTRACE:
        return TD_OK;
    case TD_FORMAT_ZIP: {
        td_zip_config zip = {sizeof zip, c->flags, c->memory, c->memory_size};
        return td_zip_init(&f->c.zip, &zip);
    }
    case TD_FORMAT_GZIP: {
        td_gzip_config gzip = {sizeof gzip, 0, c->memory, c->memory_size};
        return td_gzip_init(&f->c.gzip, &gzip);
    }
    case TD_FORMAT_LZ4: {
        td_lz4_config lz4 = {sizeof lz4, 0, c->memory, c->memory_size};
        return td_lz4_init(&f->c.lz4, &lz4);
    }
    case TD_FORMAT_SNAPPY: {
        td_snappy_config snappy = {sizeof snappy, 0, c->memory,
                                   c->memory_size};
        return td_snappy_init(&f->c.snappy, &snappy);
    }
    default:
        return TD_E_INVALID_ARGUMENT;
    }
}

int td_drmem_file_init(td_drmem_file_decoder *f,
                       const td_drmem_file_config *cfg)
{
    if (f == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        (cfg->flags & ~TD_ZIP_SEEKABLE) != 0)
        return TD_E_INVALID_ARGUMENT;
    if (cfg->container != TD_FORMAT_DRMEMTRACE &&
        (cfg->memory == NULL || cfg->memory_size < TD_DRMEM_FILE_WINDOW))
        return cfg->memory == NULL ? TD_E_INVALID_ARGUMENT : TD_E_BAD_CONFIG;
    memset(f, 0, sizeof *f);
    f->config = *cfg;
    td_drmem_init(&f->records, NULL);
    return container_init(f);
}

int td_drmem_file_reset(td_drmem_file_decoder *f)
{
    td_drmem_file_config cfg;
    if (f == NULL)
        return TD_E_INVALID_ARGUMENT;
    cfg = f->config;
    return td_drmem_file_init(f, &cfg);
}

/* The part of a name fragment that fits in f->name. */
static void keep_name(td_drmem_file_decoder *f, const uint8_t *p, size_t len)
{
    size_t room = sizeof f->name - f->name_len;
    if (len > room)
        len = room;
    if (len > 0)
        memcpy(f->name + f->name_len, p, len);
    f->name_len = (uint8_t)(f->name_len + len);
}

/* One event of whichever container the file has. */
typedef union container_event {
    td_zip_event zip;
    td_gzip_event gzip;
    td_lz4_event lz4;
    td_snappy_event snappy;
} container_event;

static int container_next(td_drmem_file_decoder *f, container_event *e)
{
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        return td_zip_next(&f->c.zip, &e->zip);
    case TD_FORMAT_GZIP:
        return td_gzip_next(&f->c.gzip, &e->gzip);
    case TD_FORMAT_LZ4:
        return td_lz4_next(&f->c.lz4, &e->lz4);
    default:
        return td_snappy_next(&f->c.snappy, &e->snappy);
    }
}

/* Whether a container event is a DATA event. */
static bool is_output(const td_drmem_file_decoder *f, const container_event *e)
{
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        return e->zip.kind == TD_ZIP_EV_DATA;
    case TD_FORMAT_GZIP:
        return e->gzip.kind == TD_GZIP_EV_DATA;
    case TD_FORMAT_LZ4:
        return e->lz4.kind == TD_LZ4_EV_DATA;
    default:
        return e->snappy.kind == TD_SNAPPY_EV_DATA;
    }
}

/* The bytes of a DATA event; returns their length. */
static size_t output_of(const td_drmem_file_decoder *f,
                        const container_event *e, const uint8_t **data)
{
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        *data = e->zip.data.data;
        return e->zip.data.len;
    case TD_FORMAT_GZIP:
        *data = e->gzip.data.data;
        return e->gzip.data.len;
    case TD_FORMAT_LZ4:
        *data = e->lz4.data.data;
        return e->lz4.data.len;
    default:
        *data = e->snappy.data.data;
        return e->snappy.data.len;
    }
}

/* One output span of the container, as a pointer and a length; returns
 * TD_EVENT with a span, TD_EVENT with len 0 for a zip member start,
 * TD_END, TD_NEED_INPUT or an error. Other container events are passed
 * over; a zip member's name is kept for td_drmem_file_where(). */
static int container_output(td_drmem_file_decoder *f, const uint8_t **data,
                            size_t *len, bool *member_start)
{
    container_event e;
    int rc;
    *len = 0;
    *member_start = false;
    while ((rc = container_next(f, &e)) == TD_EVENT) {
        if (is_output(f, &e)) {
            *len = output_of(f, &e, data);
            return TD_EVENT;
        }
        if (f->config.container != TD_FORMAT_ZIP)
            continue;
        if (e.zip.kind == TD_ZIP_EV_MEMBER) {
            f->name_len = 0;
            *member_start = true;
            return TD_EVENT;
        }
        if (e.zip.kind == TD_ZIP_EV_NAME)
            keep_name(f, e.zip.text.data, e.zip.text.len);
    }
    return rc;
}

/* Give the record decoder what it asked for: a span, a member start, or
 * the end of input. */
static int pump(td_drmem_file_decoder *f)
{
    const uint8_t *data = NULL;
    size_t len;
    bool member_start;
    int rc = container_output(f, &data, &len, &member_start);
    if (rc == TD_END)
        return td_drmem_feed(&f->records, NULL, 0);
    if (rc != TD_EVENT)
        return rc;
    if (member_start) {
        f->member_start = f->out_offset;
        return td_drmem_begin_member(&f->records, f->member++);
    }
    f->out_offset += len;
    return len == 0 ? TD_OK : td_drmem_feed(&f->records, data, len);
}

/* The records' next event (tallied when t is not NULL). */
static int records_next(td_drmem_file_decoder *f, td_drmem_event *ev,
                        td_drmem_tally *t)
{
    return t != NULL ? td_drmem_tally_next(&f->records, ev, t)
                     : td_drmem_next(&f->records, ev);
}

static int file_next(td_drmem_file_decoder *f, td_drmem_event *ev, td_drmem_tally *t)
{
    int rc;
    if (f == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (f->config.container == TD_FORMAT_DRMEMTRACE)
        return records_next(f, ev, t);
    for (;;) {
        rc = records_next(f, ev, t);
        if (rc != TD_NEED_INPUT)
            return rc;
        rc = pump(f);
        if (rc != TD_OK)
            return rc;
    }
}

int td_drmem_file_next(td_drmem_file_decoder *f, td_drmem_event *ev)
{
    return file_next(f, ev, NULL);
}

int td_drmem_file_tally_next(td_drmem_file_decoder *f, td_drmem_event *ev,
                             td_drmem_tally *t)
{
    if (t == NULL)
        return TD_E_INVALID_ARGUMENT;
    return file_next(f, ev, t);
}

const td_request *td_drmem_file_request(const td_drmem_file_decoder *f)
{
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        return td_zip_request(&f->c.zip);
    case TD_FORMAT_GZIP:
        return td_gzip_request(&f->c.gzip);
    case TD_FORMAT_LZ4:
        return td_lz4_request(&f->c.lz4);
    case TD_FORMAT_SNAPPY:
        return td_snappy_request(&f->c.snappy);
    default:
        return td_drmem_request(&f->records);
    }
}

int td_drmem_file_feed(td_drmem_file_decoder *f, const void *data, size_t len)
{
    if (f == NULL)
        return TD_E_INVALID_ARGUMENT;
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        return td_zip_feed(&f->c.zip, data, len);
    case TD_FORMAT_GZIP:
        return td_gzip_feed(&f->c.gzip, data, len);
    case TD_FORMAT_LZ4:
        return td_lz4_feed(&f->c.lz4, data, len);
    case TD_FORMAT_SNAPPY:
        return td_snappy_feed(&f->c.snappy, data, len);
    default:
        return td_drmem_feed(&f->records, data, len);
    }
}

static const td_fault *container_fault(const td_drmem_file_decoder *f)
{
    switch (f->config.container) {
    case TD_FORMAT_ZIP:
        return td_zip_fault(&f->c.zip);
    case TD_FORMAT_GZIP:
        return td_gzip_fault(&f->c.gzip);
    case TD_FORMAT_LZ4:
        return td_lz4_fault(&f->c.lz4);
    default:
        return td_snappy_fault(&f->c.snappy);
    }
}

/* A record error, or any error of an uncompressed file, lies in the
 * records; else the container's error, if any, is the one. */
static bool error_in_records(const td_drmem_file_decoder *f)
{
    return f->config.container == TD_FORMAT_DRMEMTRACE ||
           f->records.fault.code != 0;
}

const td_fault *td_drmem_file_fault(const td_drmem_file_decoder *f)
{
    return error_in_records(f) ? &f->records.fault : container_fault(f);
}

void td_drmem_file_where(const td_drmem_file_decoder *f,
                         td_drmem_where *where)
{
    uint64_t offset = f->records.fault.offset;
    where->in_records = error_in_records(f);
    where->compressed = f->config.container != TD_FORMAT_DRMEMTRACE;
    where->member = f->member > 0 ? f->member - 1 : 0;
    where->member_offset =
        offset >= f->member_start ? offset - f->member_start : offset;
    where->name = f->name;
    where->name_len = f->name_len;
}
