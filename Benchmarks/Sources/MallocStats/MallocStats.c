#include "MallocStats.h"

#if defined(__linux__)
#include <malloc.h>
// Bytes in use: small blocks from the heap (uordblks) plus the large ones glibc maps on
// their own (hblkhd), which a big array or hash table is.
size_t malloc_stats_allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#else
size_t malloc_stats_allocated_bytes(void) { return 0; }
#endif
