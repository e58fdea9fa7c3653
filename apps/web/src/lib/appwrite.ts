import { Account, Client, Databases, Storage } from 'appwrite';
import { endpoint, ids } from '../config/env';

/** The one SDK client of the web app and its services, built from configuration. */
export const client = new Client().setEndpoint(endpoint).setProject(ids.project);
export const account = new Account(client);
export const databases = new Databases(client);
export const storage = new Storage(client);
