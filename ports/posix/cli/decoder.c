/*
 * decoder.c - see decoder.h.
 */
#include "decoder.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

decoder decoder_of(int kind, void *d)
{
    decoder dec;
    memset(&dec, 0, sizeof dec);
    dec.kind = kind;
    dec.d = d;
    return dec;
}

const td_request *decoder_request(const decoder *d)
{
    switch (d->kind) {
    case DECODER_XRAY:
        return td_xray_request(d->d);
    case DECODER_DRMEM_FILE:
        return td_drmem_file_request(d->d);
    case DECODER_UMT:
        return td_umt_request(d->d);
    case DECODER_RVN:
        return td_rvn_request(d->d);
    default:
        return td_sqlite_request(d->db);
    }
}

int decoder_feed(const decoder *d, const void *data, size_t len)
{
    switch (d->kind) {
    case DECODER_XRAY:
        return td_xray_feed(d->d, data, len);
    case DECODER_DRMEM_FILE:
        return td_drmem_file_feed(d->d, data, len);
    case DECODER_UMT:
        return td_umt_feed(d->d, data, len);
    case DECODER_RVN:
        return td_rvn_feed(d->d, data, len);
    default:
        return td_sqlite_feed(d->db, data, len);
    }
}

/* A UMT file's name, "?" for none. */
static const char *umt_file(uint32_t file)
{
    const char *name = td_umt_file_name((int)file);
    return name != NULL ? name : "?";
}

/* Container errors have file offsets; record errors in a compressed file
 * have offsets in its decompressed records, which a zip counts from the
 * start of the member (named, as users find it by name). */
static void drmem_fault(const td_drmem_file_decoder *d, cli_fault *f)
{
    bool zip = d->config.container == TD_FORMAT_ZIP;
    td_drmem_where where;
    char member[128] = "";
    cli_fault_from(f, td_drmem_file_fault(d));
    td_drmem_file_where(d, &where);
    if (!where.compressed)
        return;
    if (zip && where.name_len > 0)
        snprintf(member, sizeof member, "zip member %" PRIu32 " \"%.*s\"",
                 where.member, (int)where.name_len,
                 (const char *)where.name);
    if (where.in_records && zip)
        f->offset = where.member_offset;
    if (where.in_records)
        snprintf(f->detail, sizeof f->detail,
                 " (offset in the decompressed records%s%s)",
                 member[0] ? " of " : "", member);
    else if (member[0])
        snprintf(f->detail, sizeof f->detail, " (in %s)", member);
}

void decoder_fault(const decoder *d, cli_fault *f)
{
    switch (d->kind) {
    case DECODER_XRAY:
        cli_fault_from(f, td_xray_fault(d->d));
        break;
    case DECODER_DRMEM_FILE:
        drmem_fault(d->d, f);
        break;
    case DECODER_UMT:
        cli_fault_from(f, td_umt_fault(d->d));
        f->file = umt_file(td_umt_fault_file(d->d));
        break;
    case DECODER_RVN:
        cli_fault_from(f, td_rvn_fault(d->d));
        break;
    default:
        cli_fault_from(f, td_sqlite_fault(d->db));
        break;
    }
}

/* A warning event's code, offset and reason into *w. Returns true. */
static bool take_warning(cli_fault *w, int code, uint64_t offset,
                         const char *reason)
{
    cli_fault_set(w, code, offset, reason);
    return true;
}

bool decoder_warning(const decoder *d, const void *event, cli_fault *w)
{
    const td_xray_event *x = event;
    const td_drmem_event *m = event;
    const td_umt_event *u = event;
    const td_rvn_event *r = event;
    switch (d->kind) {
    case DECODER_XRAY:
        return x->kind == TD_XRAY_EV_WARNING &&
               take_warning(w, x->warning.code, x->offset,
                            x->warning.reason);
    case DECODER_DRMEM_FILE:
        return m->kind == TD_DRMEM_EV_WARNING &&
               take_warning(w, m->warning.code, m->offset,
                            m->warning.reason);
    case DECODER_UMT:
        if (u->kind != TD_UMT_EV_WARNING)
            return false;
        take_warning(w, u->warning.code, u->offset, u->warning.reason);
        w->file = umt_file(u->file);
        return true;
    case DECODER_RVN:
        return r->kind == TD_RVN_EV_WARNING &&
               take_warning(w, r->warning.code, r->offset,
                            r->warning.reason);
    default:
        return false; /* a scan's events hold no warnings */
    }
}
