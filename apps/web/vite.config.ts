import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w @postlark/web` proxies the API to a server started with `npm run start:api`.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest tells scripts/prerender.ts which chunk and styles each prerendered page needs.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
