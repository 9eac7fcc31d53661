#include "importers/bundle/FreedHeap.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace rankscope {

void returnFreedHeapToSystem()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace rankscope
