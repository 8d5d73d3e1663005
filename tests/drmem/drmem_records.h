/*
 * drmem_records.h - how a drmemtrace record stream is cut into records
 * for its case file's hex block (case_file.h): 12-byte records (8-byte
 * ones in version 1's compact form), labelled by type and marker.
 */
#ifndef TRACEDEC_TEST_DRMEM_RECORDS_H
#define TRACEDEC_TEST_DRMEM_RECORDS_H

#include "case_file.h"

size_t drmem_record(const golden_case *c, const case_block *b, size_t at,
                    char *label, size_t label_size);

#endif /* TRACEDEC_TEST_DRMEM_RECORDS_H */
