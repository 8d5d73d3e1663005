/*
 * link_check.c - a program built against an installed tracedec (through
 * pkg-config, by install_check.sh): it decodes the XRay trace named on
 * its command line, held whole in memory, and prints the library's
 * version and the number of events. Exit 0 when the trace is valid.
 */
#include <tracedec.h>

#include <stdio.h>
#include <stdlib.h>

static unsigned char trace[1 << 20];

int main(int argc, char **argv)
{
    td_xray_config cfg = {sizeof cfg, 0, NULL, 0, 0, 0};
    td_xray_decoder d;
    td_xray_event ev;
    unsigned long events = 0;
    size_t len;
    FILE *f;
    int rc;
    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL)
        return 2;
    len = fread(trace, 1, sizeof trace, f);
    fclose(f);
    if (td_xray_init(&d, &cfg) != TD_OK)
        return 2;
    while ((rc = td_xray_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT)
            events++;
        else if (rc == TD_NEED_INPUT) {
            td_xray_feed(&d, trace, len); /* the whole file, then its end */
            len = 0;
        } else
            return 1;
    }
    printf("tracedec %s: %lu events\n", td_version_string(), events);
    return 0;
}
