/*
 * version.c - the version of the library that was linked.
 */
#include "tracedec/common.h"

uint32_t td_version_number(void)
{
    return TD_VERSION_NUMBER;
}

const char *td_version_string(void)
{
    return TD_VERSION_STRING;
}
