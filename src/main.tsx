// First: no eval in the console, before any schema is built (src/no-eval.ts).
import './no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installTypeAhead } from './ui/type-ahead';
import './styles.css';

/** From the first paint: a Ctrl/Cmd+K pressed while the shell still loads opens the palette once it is there. */
installTypeAhead();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
