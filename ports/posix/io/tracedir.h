/*
 * tracedir.h - the trace files of a drmemtrace directory, found the way
 * DynamoRIO finds them.
 */
#ifndef TRACEDEC_TRACEDIR_H
#define TRACEDEC_TRACEDIR_H

#include <stddef.h>

typedef struct shard_list {
    char **paths;   /* one per shard, sorted by file name */
    size_t count;
} shard_list;

/* `path` is a file (one shard) or a directory: a .dir with trace/ (and
 * raw/) in it, its trace/ or raw/ folder, or a folder of trace files.
 * Schedule files, module and function lists, encodings.bin,
 * v2p.textproto and info.textproto are skipped, and so are folders (such
 * as the aux/ of Google's workload traces); every other file is a shard. Returns 0, or -1
 * with a message in `error`. */
int tracedir_open(const char *path, shard_list *list, char *error,
                  size_t error_len);
void tracedir_free(shard_list *list);

#endif /* TRACEDEC_TRACEDIR_H */
