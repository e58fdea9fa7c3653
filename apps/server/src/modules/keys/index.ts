/** The keys module's public face: the request pipeline's key check and the CLI's commands. */
export { keysModule, type KeysService } from './module.js';
export { createKey, listKeys, revokeKey, type ApiKeyInfo } from './store.js';
