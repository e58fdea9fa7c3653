import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/errors';
import { downloadText } from './csv';

/**
 * Export CSV: `build` fetches what the file holds and writes its text; the file is named
 * `courtside-<name>-<date>.csv` and a toast says how many rows went into it.
 */
export function ExportCsvButton(props: {
  name: string;
  /** What a row is, in the plural ("subscribers"). */
  rows: string;
  build: () => Promise<{ text: string; count: number }>;
}) {
  const { name, rows, build } = props;
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { text, count } = await build();
          const day = new Date().toISOString().slice(0, 10);
          downloadText(text, `courtside-${name}-${day}.csv`);
          toast.success(`Exported ${count} ${rows}`);
        } catch (error) {
          toast.error(`The export failed: ${errorText(error)}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      Export CSV
    </Button>
  );
}
