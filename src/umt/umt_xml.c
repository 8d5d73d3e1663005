/*
 * umt_xml.c - trace.xml through the tolerant tag scanner (src/tagscan),
 * which shares the decoder's input cursor: element starts, text fragments
 * and element ends become XML events.
 *
 * trace.xml is not well formed (several top-level elements follow the
 * declaration); the scanner accepts that. Elements seen in real files:
 * /Xed/Version, /UMTracer/Exec/SyscallTable/Version, /App/ProcessID,
 * /TraceMetaData/CPU/{HasXMM,HasYMM,HasZMM}, /TraceMetaData/OS/{Id,Name},
 * /TraceMetaData/Pin/{Version,CommandLine,WorkingDirectory}.
 */
#include "umt_internal.h"

static const uint8_t parts[4] = {0, TD_UMT_XML_START, TD_UMT_XML_TEXT,
                                 TD_UMT_XML_END};

int tdi_umt_xml(td_umt_decoder *d, td_umt_event *ev)
{
    td_tagscan_event t;
    int rc = tdi_tagscan_step(&d->u.xml, &d->in, &d->fault, &t);
    if (rc < 0)
        d->fault_file = TD_UMT_TRACE_XML;
    if (rc == TD_END)
        return TDI_DONE;
    if (rc != TD_EVENT)
        return rc;
    tdi_umt_event(d, ev, TD_UMT_EV_XML, TD_UMT_TRACE_XML, t.offset, t.size);
    ev->xml.part = parts[t.kind];
    ev->xml.path = t.path;
    ev->xml.path_len = t.path_len;
    ev->xml.depth = t.depth;
    ev->xml.text = t.text;
    ev->xml.text_len = t.text_len;
    return TD_EVENT;
}
