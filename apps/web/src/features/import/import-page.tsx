import type { ImportResponse } from '@postflow/contract';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@postflow/contract/client';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Spinner } from '../../components/ui/spinner';
import { personTimeZone } from '../../lib/person-time-zone';
import { useWorkspace } from '../../lib/workspace';
import { ImportStopped, useImportCheck, useImportPosts } from './api/use-import';
import { ImportTable } from './import-table';
import { templateHref } from './template';

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "2 rows ready, 1 row has a problem". */
export function readySummary(result: ImportResponse): string {
  const ready = result.rows.filter((row) => row.ok && !row.postId).length;
  const done = result.rows.filter((row) => row.postId).length;
  const parts = [`${count(ready, 'row', 'rows')} ready`];
  if (done) parts.push(`${count(done, 'row was', 'rows were')} imported before`);
  if (result.failed) parts.push(`${count(result.failed, 'row has a problem', 'rows have a problem')}`);
  return parts.join(', ');
}

/**
 * /import (docs/product.md, Bulk import · Page): choose a CSV file, see every row checked (a dry
 * run), then import the ready rows and see what became of each.
 */
export function ImportPage() {
  const { can } = useWorkspace();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const check = useImportCheck();
  const run = useImportPosts((done, total) => setProgress({ done, total }));

  if (!can('editor')) {
    return (
      <div className="p-6">
        <EmptyState title="Only editors can import posts" action={{ label: 'Go to the dashboard', to: '/dashboard' }}>
          You are a viewer in this workspace. Ask one of its owners, admins or editors to import posts.
        </EmptyState>
      </div>
    );
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    run.reset();
    check.reset();
    setProgress(null);
    setFile(chosen);
    setTooLarge(Boolean(chosen && chosen.size > IMPORT_MAX_BYTES));
    if (chosen && chosen.size <= IMPORT_MAX_BYTES) check.mutate(chosen);
  }

  function startOver() {
    run.reset();
    check.reset();
    setFile(null);
    setProgress(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  }

  const checked = check.data;
  const ready = checked ? checked.rows.filter((row) => row.ok && !row.postId).length : 0;
  const result = run.data;
  const stopped = run.error instanceof ImportStopped ? run.error : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Import posts</h1>
        <p className="mt-1 text-slate-600">
          Schedule many posts at once from a CSV file. Postflow checks every row first and shows you what it will create; nothing is created
          until you confirm.
        </p>
      </header>

      <section aria-labelledby="import-columns" className="rounded-2xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        <h2 id="import-columns" className="text-base font-semibold text-slate-900">
          The file
        </h2>
        <p className="mt-1">
          One post per line, under a header line naming the columns (in any order). Commas or semicolons between values both work, as Excel,
          Numbers and Google Sheets save them; save as “CSV UTF-8”.
        </p>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-mono font-semibold">text</dt>
          <dd>The post, as it goes out on every network named. Put it in quotes if it holds commas, semicolons or line breaks.</dd>
          <dt className="font-mono font-semibold">platforms</dt>
          <dd>
            <code>x</code>, <code>linkedin</code>, or both as <code>x;linkedin</code>. The workspace needs a connected account on each.
          </dd>
          <dt className="font-mono font-semibold">scheduled_at</dt>
          <dd>
            <code>2027-03-02 09:00</code> in your time zone ({checked?.timeZone ?? personTimeZone()}), or with its offset as{' '}
            <code>2027-03-02T09:00:00+01:00</code>. Leave it empty to add the post to the queue.
          </dd>
          <dt className="font-mono font-semibold">image_url (optional)</dt>
          <dd>Not fetched: posts are created without images. Add an image in the composer afterwards.</dd>
        </dl>
        <p className="mt-3">
          Up to {IMPORT_MAX_ROWS.toLocaleString()} rows and {IMPORT_MAX_BYTES / (1024 * 1024)} MB. A cell starting like a spreadsheet
          formula (<code>=</code>, or <code>+</code>, <code>-</code>, <code>@</code> with a function) is refused.{' '}
          <a
            href={templateHref(new Date(), personTimeZone())}
            download="postflow-import-template.csv"
            className="font-medium text-brand underline"
          >
            Download the template
          </a>
        </p>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
          CSV file
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={onChoose}
          disabled={check.isPending || run.isPending}
          className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
        />
      </div>

      {tooLarge && (
        <Alert variant="error">
          This file is larger than {IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files and import them one by one.
        </Alert>
      )}
      {check.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner size="sm" /> Checking {file?.name}…
        </p>
      )}
      {check.isError && (
        <Alert variant="error" title="This file cannot be imported">
          {check.error.message}
        </Alert>
      )}

      {checked && !result && (
        <section aria-labelledby="import-preview" className="flex flex-col gap-3">
          <h2 id="import-preview" className="text-lg font-semibold text-slate-900">
            Check of {file?.name}
          </h2>
          <p role="status" className="text-sm font-medium text-slate-800">
            {readySummary(checked)}
          </p>
          <ImportTable rows={checked.rows} dryRun caption={`Rows of ${file?.name ?? 'the file'}, as checked`} />
          {progress && run.isPending && (
            <div className="flex flex-col gap-1">
              <ProgressBar value={progress.done} max={progress.total} label="Import progress" />
              <p role="status" className="text-sm text-slate-700">
                Importing… {progress.done.toLocaleString()} of {count(progress.total, 'post', 'posts')}
              </p>
            </div>
          )}
          {stopped && (
            <Alert variant="error" title={`The import stopped after ${count(stopped.created, 'post', 'posts')}`}>
              {stopped.message} Import again to go on: rows already created are not created twice.
            </Alert>
          )}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="primary"
              disabled={ready === 0}
              busy={run.isPending}
              busyLabel="Importing…"
              onClick={() => file && run.mutate({ file, checked })}
            >
              {stopped ? 'Import again' : `Import ${count(ready, 'post', 'posts')}`}
            </Button>
            <Button variant="secondary" onClick={startOver} disabled={run.isPending}>
              Choose another file
            </Button>
          </div>
        </section>
      )}

      {result && (
        <section aria-labelledby="import-result" className="flex flex-col gap-3">
          <h2 id="import-result" className="text-lg font-semibold text-slate-900">
            Imported
          </h2>
          <Alert variant={result.failed ? 'warning' : 'success'}>
            {count(result.created, 'post created', 'posts created')}
            {result.failed ? `, ${count(result.failed, 'row', 'rows')} not imported (see below)` : ''}.
          </Alert>
          <div className="flex flex-wrap gap-3">
            <Link to="/calendar" className={buttonClasses({ variant: 'primary' })}>
              Open the calendar
            </Link>
            <Link to="/profile" className={buttonClasses({ variant: 'secondary' })}>
              See scheduled posts
            </Link>
            <Button variant="ghost" onClick={startOver}>
              Import another file
            </Button>
          </div>
          <ImportTable rows={result.rows} dryRun={false} caption="What became of each row" />
        </section>
      )}
    </div>
  );
}
