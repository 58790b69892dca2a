// The thread MJML renders in (mjml-renderer.ts): a large message's layout and CSS inlining take
// a second of CPU, which on the main thread would hold every tenant's requests and sending.
// Plain JavaScript: it needs nothing of the TypeScript sources, so it starts without tsx.
import { parentPort } from 'node:worker_threads';
import mjml2html from 'mjml';

// No web font is imported for a font a stack names (MJML fetches Roboto or Ubuntu from Google
// for every reader by default); the brand kit's own web font is an mj-font in the document.
const OPTIONS = { validationLevel: 'skip', keepComments: true, minify: false, beautify: false, fonts: {} };

parentPort.on('message', async ({ id, mjml }) => {
  try {
    const { html } = await mjml2html(mjml, OPTIONS);
    parentPort.postMessage({ id, ok: true, html });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
