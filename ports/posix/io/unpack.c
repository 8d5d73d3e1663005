/*
 * unpack.c - see unpack.h.
 */
#include "unpack.h"

bool unpack_is_container(int format)
{
    return format == TD_FORMAT_ZIP || format == TD_FORMAT_GZIP ||
           format == TD_FORMAT_LZ4 || format == TD_FORMAT_SNAPPY;
}

int unpack_init(unpack *u, int container, uint32_t flags, void *window)
{
    u->container = container;
    u->members = 0;
    switch (container) {
    case TD_FORMAT_ZIP: {
        td_zip_config cfg = {sizeof cfg, flags, window, UNPACK_WINDOW};
        return td_zip_init(&u->c.zip, &cfg);
    }
    case TD_FORMAT_GZIP: {
        td_gzip_config cfg = {sizeof cfg, 0, window, UNPACK_WINDOW};
        return td_gzip_init(&u->c.gzip, &cfg);
    }
    case TD_FORMAT_LZ4: {
        td_lz4_config cfg = {sizeof cfg, 0, window, UNPACK_WINDOW};
        return td_lz4_init(&u->c.lz4, &cfg);
    }
    case TD_FORMAT_SNAPPY: {
        td_snappy_config cfg = {sizeof cfg, 0, window, UNPACK_WINDOW};
        return td_snappy_init(&u->c.snappy, &cfg);
    }
    default:
        return TD_E_INVALID_ARGUMENT;
    }
}

/* The container's next event, as a span (*len 0 when it holds no data)
 * and whether it begins a zip member. Returns what the decoder's next()
 * returned. */
static int next_event(unpack *u, const uint8_t **data, size_t *len,
                      bool *member)
{
    td_zip_event z;
    td_gzip_event g;
    td_lz4_event l;
    td_snappy_event s;
    int rc;
    *len = 0;
    *member = false;
    switch (u->container) {
    case TD_FORMAT_ZIP:
        rc = td_zip_next(&u->c.zip, &z);
        *member = rc == TD_EVENT && z.kind == TD_ZIP_EV_MEMBER;
        if (rc == TD_EVENT && z.kind == TD_ZIP_EV_DATA) {
            *data = z.data.data;
            *len = z.data.len;
        }
        return rc;
    case TD_FORMAT_GZIP:
        rc = td_gzip_next(&u->c.gzip, &g);
        if (rc == TD_EVENT && g.kind == TD_GZIP_EV_DATA) {
            *data = g.data.data;
            *len = g.data.len;
        }
        return rc;
    case TD_FORMAT_LZ4:
        rc = td_lz4_next(&u->c.lz4, &l);
        if (rc == TD_EVENT && l.kind == TD_LZ4_EV_DATA) {
            *data = l.data.data;
            *len = l.data.len;
        }
        return rc;
    default:
        rc = td_snappy_next(&u->c.snappy, &s);
        if (rc == TD_EVENT && s.kind == TD_SNAPPY_EV_DATA) {
            *data = s.data.data;
            *len = s.data.len;
        }
        return rc;
    }
}

int unpack_next(unpack *u, const uint8_t **data, size_t *len)
{
    bool member;
    int rc;
    while ((rc = next_event(u, data, len, &member)) == TD_EVENT) {
        if (member && ++u->members > 1)
            return TD_END;
        if (*len > 0)
            return TD_EVENT;
    }
    return rc;
}

const td_request *unpack_request(const unpack *u)
{
    switch (u->container) {
    case TD_FORMAT_ZIP:
        return td_zip_request(&u->c.zip);
    case TD_FORMAT_GZIP:
        return td_gzip_request(&u->c.gzip);
    case TD_FORMAT_LZ4:
        return td_lz4_request(&u->c.lz4);
    default:
        return td_snappy_request(&u->c.snappy);
    }
}

int unpack_feed(unpack *u, const void *data, size_t len)
{
    switch (u->container) {
    case TD_FORMAT_ZIP:
        return td_zip_feed(&u->c.zip, data, len);
    case TD_FORMAT_GZIP:
        return td_gzip_feed(&u->c.gzip, data, len);
    case TD_FORMAT_LZ4:
        return td_lz4_feed(&u->c.lz4, data, len);
    default:
        return td_snappy_feed(&u->c.snappy, data, len);
    }
}

const td_fault *unpack_fault(const unpack *u)
{
    switch (u->container) {
    case TD_FORMAT_ZIP:
        return td_zip_fault(&u->c.zip);
    case TD_FORMAT_GZIP:
        return td_gzip_fault(&u->c.gzip);
    case TD_FORMAT_LZ4:
        return td_lz4_fault(&u->c.lz4);
    default:
        return td_snappy_fault(&u->c.snappy);
    }
}

const char *unpack_tool(int container)
{
    switch (container) {
    case TD_FORMAT_ZIP:
        return "unzip";
    case TD_FORMAT_GZIP:
        return "gunzip";
    case TD_FORMAT_LZ4:
        return "lz4 -d";
    default:
        return "python3 -m snappy -d";
    }
}
