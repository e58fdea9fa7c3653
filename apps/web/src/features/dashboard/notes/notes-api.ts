import { ID, Query } from 'appwrite';
import type { DocumentMeta } from '@courtside/shop';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/** The most notes a page lists; an order or a customer gathers a handful. */
export const NOTES_LIMIT = 100;

/** What a note is about: an order by its id, a customer by their number (+923XXXXXXXXX). */
export interface NoteSubject {
  kind: 'order' | 'customer';
  id: string;
}

export type OwnerNote = DocumentMeta & { text: string };

/** Each kind's admin-only collection and the attribute naming its subject. */
const STORE = {
  order: { collection: () => ids.orderNotes, field: 'order_id' },
  customer: { collection: () => ids.customerNotes, field: 'phone' },
} as const;

const tag = (s: NoteSubject) => [{ type: 'OwnerNote' as const, id: `${s.kind}:${s.id}` }];

/**
 * The owner's notes on one order or one customer (docs/shop.md#the-dashboard), newest first.
 * Adding or deleting one fetches that subject's notes again.
 */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownerNotes: build.query<OwnerNote[], NoteSubject>({
      queryFn: (s) =>
        call(async () => {
          const { collection, field } = STORE[s.kind];
          const list = await databases.listDocuments<OwnerNote>(ids.database, collection(), [
            Query.equal(field, s.id),
            Query.orderDesc('$createdAt'),
            Query.limit(NOTES_LIMIT),
          ]);
          return list.documents;
        }),
      providesTags: (_r, _e, s) => tag(s),
    }),
    addOwnerNote: build.mutation<OwnerNote, NoteSubject & { text: string }>({
      queryFn: ({ text, ...s }) =>
        call(() => {
          const { collection, field } = STORE[s.kind];
          return databases.createDocument<OwnerNote>(ids.database, collection(), ID.unique(), {
            [field]: s.id,
            text,
          });
        }),
      invalidatesTags: (_r, _e, { kind, id }) => tag({ kind, id }),
    }),
    deleteOwnerNote: build.mutation<null, NoteSubject & { noteId: string }>({
      queryFn: ({ noteId, kind }) =>
        call(async () => {
          await databases.deleteDocument(ids.database, STORE[kind].collection(), noteId);
          return null;
        }),
      invalidatesTags: (_r, _e, { kind, id }) => tag({ kind, id }),
    }),
  }),
});

export const { useOwnerNotesQuery, useAddOwnerNoteMutation, useDeleteOwnerNoteMutation } = notesApi;
