/*
 * xray_records.h - how an XRay file is cut into records for its case
 * file's hex block (case_file.h), from the file's own structure: the
 * header, then FDR metadata and function records (custom and typed events
 * with their payloads) or basic mode's 32-byte records.
 */
#ifndef TRACEDEC_TEST_XRAY_RECORDS_H
#define TRACEDEC_TEST_XRAY_RECORDS_H

#include <stdbool.h>

#include "case_file.h"

size_t xray_record(const golden_case *c, const case_block *b, size_t at,
                   char *label, size_t label_size);

/* An n-byte number at p in the producer's byte order. */
uint64_t xray_load(const uint8_t *p, int n, bool be);

#endif /* TRACEDEC_TEST_XRAY_RECORDS_H */
