import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { takeQueryToken } from './router/routes';
import { storeToken } from './session/store';
import './base.css';

// A token in the query string of any route becomes the session (seed 000 §2.2). Taking it before
// the first render keeps it out of the router's history altogether.
const fromQuery = takeQueryToken(window.location.pathname, window.location.search, window.location.hash);
if (fromQuery) {
  storeToken(fromQuery.token);
  window.history.replaceState(window.history.state, '', fromQuery.cleanUrl);
}

// The seed names the stored-definition preview `#/view` (hash routing); this router uses paths.
if (window.location.hash.startsWith('#/view')) window.history.replaceState(null, '', '/view');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
