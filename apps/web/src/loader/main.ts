import { showShellLogo } from './shell-logo';
import { startApp } from './start-app';

showShellLogo();
// The inline script carries the app's entry in `data-entry` (build-plugins.ts, inlineLoader).
const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.entry;
if (entry) startApp(entry);
