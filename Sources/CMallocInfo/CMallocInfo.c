#include <stdlib.h>  // defines __GLIBC__ on glibc, which selects the branch below
#include "CMallocInfo.h"

// Under AddressSanitizer or ThreadSanitizer the sanitizer's allocator replaces malloc, and glibc's
// mallinfo2() reports 0: ask the sanitizer runtime instead (a weak symbol, null without one).
#if defined(__linux__)  // a weak undefined symbol links on ELF; on Darwin it would need -U
extern size_t __sanitizer_get_current_allocated_bytes(void) __attribute__((weak));
#define SPEECH_REPLAY_SANITIZER_HEAP() \
  if (__sanitizer_get_current_allocated_bytes) return __sanitizer_get_current_allocated_bytes()
#else
#define SPEECH_REPLAY_SANITIZER_HEAP()
#endif

#if defined(__GLIBC__)
#include <malloc.h>
size_t speech_replay_heap_in_use(void) {
  SPEECH_REPLAY_SANITIZER_HEAP();
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#elif defined(__APPLE__)
#include <malloc/malloc.h>
size_t speech_replay_heap_in_use(void) {
  SPEECH_REPLAY_SANITIZER_HEAP();
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return stats.size_in_use;
}
#else
size_t speech_replay_heap_in_use(void) { return 0; }
#endif
