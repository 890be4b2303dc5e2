// Everything is inline in include/TransDBPrefetch.h; SwiftPM wants a source file per C target.
#include "TransDBPrefetch.h"
