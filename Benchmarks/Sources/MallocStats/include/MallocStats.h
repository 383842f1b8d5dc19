#include <stddef.h>

/// Bytes the allocator has handed out and not taken back, or 0 where unknown (Linux glibc only).
size_t malloc_stats_allocated_bytes(void);
