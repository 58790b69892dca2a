import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

// Loaded into a server under test (`--import`) when BENCH_SERVER_CPU_PROFILE names a directory:
// the V8 CPU profile of the whole run, written there as it exits (open it in Chrome's DevTools).
// Node 20 refuses --cpu-prof in NODE_OPTIONS, hence the inspector.

const dir = process.env.BENCH_SERVER_CPU_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // An in-process inspector session answers synchronously, so this works in an exit handler.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
