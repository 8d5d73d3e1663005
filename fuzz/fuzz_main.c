/*
 * fuzz_main.c - replay driver: runs LLVMFuzzerTestOneInput on each file
 * named on the command line, without a fuzzing engine.
 *   cc -Iinclude fuzz/fuzz_main.c fuzz/xray_fuzzer.c build/libtracedec.a
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        uint8_t *buf = NULL;
        size_t len = 0, cap = 0, n;
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        do {
            if (len == cap) {
                cap = cap ? cap * 2 : 4096;
                buf = realloc(buf, cap);
                if (buf == NULL)
                    return 2;
            }
            n = fread(buf + len, 1, cap - len, f);
            len += n;
        } while (n > 0);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        free(buf);
    }
    printf("replayed %d inputs\n", argc - 1);
    return 0;
}
