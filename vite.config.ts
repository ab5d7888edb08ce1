import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunk groups keep the login route small: React and the router load first, antd's common
 * parts are shared, and Formily (only the form renderer needs it) stays in its own chunk,
 * loaded with the first form. Monaco is never imported by the runtime.
 */
function chunkOf(id: string): string | null {
  if (!id.includes('node_modules')) return null;
  if (/node_modules\/(react|react-dom|scheduler|react-is)\//.test(id)) return 'react';
  if (/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (/node_modules\/@formily\//.test(id)) return 'formily';
  return null;
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: (id: string) => chunkOf(id) }],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
