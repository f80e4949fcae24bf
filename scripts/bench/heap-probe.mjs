// Loaded into a bench's server with `--import` (scripts/bench/memory.mjs), never by `npm start`: on
// SIGUSR2 it writes V8's heap figures and Node's memory usage to the file named by
// KLUBOVNA_HEAP_PROBE, so the bench can tell V8's heap from the rest of the anonymous memory. With
// `--expose-gc` it collects all garbage first and reports the heap before and after.
import fs from 'node:fs';
import v8 from 'node:v8';

const target = process.env.KLUBOVNA_HEAP_PROBE;
if (target)
  process.on('SIGUSR2', () => {
    const before = v8.getHeapStatistics();
    // With --expose-gc: a full collection first, so `heapUsed` is what is alive, not garbage.
    globalThis.gc?.();
    const heap = v8.getHeapStatistics();
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
    );
    fs.writeFileSync(
      target,
      JSON.stringify({
        heapTotalBeforeGc: before.total_heap_size,
        heapUsedBeforeGc: before.used_heap_size,
        heapTotal: heap.total_heap_size,
        heapUsed: heap.used_heap_size,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        mallocedMemory: heap.malloced_memory,
        spaces,
      }),
    );
  });
