import { startApp } from './start-app';

// The inline script carries the app's entry in `data-entry` (build-plugins.ts, inlineLoader).
const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.entry;
if (entry) startApp(entry);
