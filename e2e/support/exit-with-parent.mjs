import { isMainThread } from 'node:worker_threads';

// Loaded before a test server's own code (node --import): the server ends when the Playwright
// worker that started it does. A worker killed on a fixture's timeout never stops its server
// itself, and a server left running (its background loops busy) slows every test after it. The
// worker holds the write end of this process's stdin, which closes with the worker, however it ends.
// Worker threads load it too (they inherit --import), and their stdin is empty: only the main
// thread watches.
if (isMainThread) {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
}
