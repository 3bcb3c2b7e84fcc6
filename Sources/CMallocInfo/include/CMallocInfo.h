#ifndef SPEECH_REPLAY_CMALLOCINFO_H
#define SPEECH_REPLAY_CMALLOCINFO_H
#include <stddef.h>

/// Bytes of heap currently in use (allocated, not yet freed), or 0 where the C library
/// cannot tell. On glibc: mallinfo2().uordblks + hblkhd; under a sanitizer, its allocator's count.
size_t speech_replay_heap_in_use(void);

#endif
