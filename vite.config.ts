import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { formMetaValidator } from './scripts/vite/form-meta-validator.mjs';

/**
 * Splitting is left to the bundler: every screen, the layout and the form renderer (with
 * Formily) are dynamic imports, so the login route loads only what it renders. Manual groups
 * were tried and broke CommonJS interop inside the Formily chunk. Monaco is never imported here.
 */
export default defineConfig({
  plugins: [react(), formMetaValidator()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The only chunk above this is monaco's editor, loaded when the designer's JSON dialog opens
    // (with every editor contribution registered up front: designer/JsonEditor.tsx says why).
    chunkSizeWarningLimit: 4200,
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      // No changeOrigin: the STOMP endpoint checks that Origin matches Host.
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
