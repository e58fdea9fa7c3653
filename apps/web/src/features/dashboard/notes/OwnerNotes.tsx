import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { checkNoteText, NOTE_MAX } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { LoadError } from '../../../components/ui/LoadError';
import { errorText } from '../../../lib/errors';
import { formatWhen } from '../../../lib/format-when';
import {
  useAddOwnerNoteMutation,
  useDeleteOwnerNoteMutation,
  useOwnerNotesQuery,
  type NoteSubject,
  type OwnerNote,
} from './notes-api';
import { Loading } from '../ui';

/**
 * The owner's notes on an order or a customer (never shown to the customer): newest first, a box
 * to add one, and Delete on each (asked first).
 */
export function OwnerNotes({
  subject,
  placeholder,
}: {
  subject: NoteSubject;
  placeholder: string;
}) {
  const notes = useOwnerNotesQuery(subject);
  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted">Only you see these; the customer never does.</p>
      <AddNote subject={subject} placeholder={placeholder} />
      {notes.isLoading ? (
        <Loading label="Loading the notes" />
      ) : notes.isError ? (
        <LoadError error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data && notes.data.length > 0 ? (
        <ul className="divide-y divide-line border-y border-line">
          {notes.data.map((note) => (
            <NoteItem key={note.$id} note={note} subject={subject} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No notes yet.</p>
      )}
    </div>
  );
}

function AddNote({ subject, placeholder }: { subject: NoteSubject; placeholder: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [add, adding] = useAddOwnerNoteMutation();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkNoteText(text);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    try {
      await add({ ...subject, text: checked.ok }).unwrap();
      setText('');
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        New note
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={NOTE_MAX}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={placeholder}
        className={`rounded-xl border bg-white px-3.5 py-2.5 text-base shadow-sm outline-none ${error ? 'border-danger' : 'border-line focus:border-ink'}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
      <Button type="submit" variant="ghost" loading={adding.isLoading} className="justify-self-end">
        Add note
      </Button>
    </form>
  );
}

function NoteItem({ note, subject }: { note: OwnerNote; subject: NoteSubject }) {
  const [remove, removing] = useDeleteOwnerNoteMutation();
  const [asking, setAsking] = useState(false);
  const del = useRef<HTMLButtonElement>(null);
  return (
    <li className="py-2.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm break-words whitespace-pre-wrap">{note.text}</p>
          <p className="mt-0.5 text-xs text-muted">{formatWhen(note.$createdAt)}</p>
        </div>
        <button
          ref={del}
          type="button"
          disabled={removing.isLoading}
          aria-expanded={asking}
          onClick={() => setAsking(true)}
          className="min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-danger hover:bg-red-50"
        >
          Delete
          <span className="sr-only"> note</span>
        </button>
      </div>
      {asking && (
        <ConfirmPanel
          label="Delete this note"
          confirm="Delete"
          cancel="Keep it"
          busy={removing.isLoading}
          className="mt-2"
          onCancel={() => {
            setAsking(false);
            del.current?.focus();
          }}
          onConfirm={() =>
            void remove({ ...subject, noteId: note.$id })
              .unwrap()
              .catch((failure: unknown) => {
                setAsking(false);
                toast.error(`The note was not deleted: ${errorText(failure)}`);
              })
          }
        >
          Delete this note? It cannot be brought back.
        </ConfirmPanel>
      )}
    </li>
  );
}
