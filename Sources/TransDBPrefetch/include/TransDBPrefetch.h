#ifndef TRANSDB_PREFETCH_H
#define TRANSDB_PREFETCH_H

/// Asks the processor to bring the cache line at `address` closer, for reading soon. A hint:
/// it never faults and never changes what a later read returns. Swift has no spelling for it.
static inline void transdb_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
