import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const page = process.argv[2] ?? '/landing';
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const result = await lighthouse(`http://127.0.0.1:4517${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const lhr = result!.lhr;
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift', 'interactive']) console.log(id, lhr.audits[id]?.displayValue, lhr.audits[id]?.score);
const el = lhr.audits['largest-contentful-paint-element']?.details as any;
console.log(JSON.stringify(el?.items?.map((i: any) => i.items), null, 0).slice(0, 1500));
for (const id of ['render-blocking-resources', 'render-blocking-insight', 'network-dependency-tree-insight', 'lcp-phases-insight', 'font-display-insight', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown']) {
  const a = lhr.audits[id]; if (!a) continue;
  console.log('\n##', id, a.displayValue ?? '', a.score);
  console.log(JSON.stringify((a.details as any)?.items ?? (a.details as any), null, 0).slice(0, 1500));
}
await chrome.kill();
