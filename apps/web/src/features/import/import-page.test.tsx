import type { ImportResponse, ImportRow } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, aWorkspace, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './import-page';

const POST_ID = '5b0c7a6e-8f43-4c2a-9d1e-2f3a4b5c6d7e';
const checkedRows: ImportRow[] = [
  { line: 2, ok: true, text: 'Launch day!', platforms: ['x', 'linkedin'], scheduledAt: '2027-03-02T09:00:00.000Z' },
  {
    line: 3,
    ok: false,
    text: 'Wrong network',
    platforms: [],
    error: { column: 'platforms', message: '"facebook" is not a network Postflow posts to. Use x, linkedin, or both as x;linkedin.' },
  },
  { line: 4, ok: true, text: 'Queued note', platforms: ['x'], queue: true, warnings: ['The image address is not fetched.'] },
];
const checked: ImportResponse = { dryRun: true, timeZone: 'Europe/Berlin', rows: checkedRows, created: 0, failed: 1 };

function renderImport(...routes: MockRoute[]) {
  signIn();
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    ...routes,
  );
  return { server, ...renderApp('/import') };
}

const csv = () => new File(['text,platforms,scheduled_at\nLaunch day!,x;linkedin,2027-03-02 10:00\n'], 'posts.csv', { type: 'text/csv' });

describe('the import page', () => {
  it('checks the file, marks the bad cell, imports the ready rows and shows what became of each', async () => {
    const { user, server } = renderImport(
      reply(api.postImport.importPosts, (call) => {
        if (call.search.get('dryRun') === 'true') return { body: checked };
        const lines = [Number(call.search.get('fromLine')), Number(call.search.get('toLine'))];
        const rows = checkedRows
          .filter((row) => row.line >= (lines[0] as number) && row.line <= (lines[1] as number))
          .map((row) => (row.ok ? { ...row, postId: POST_ID } : row));
        return { body: { dryRun: false, timeZone: 'Europe/Berlin', rows, created: rows.filter((row) => row.ok).length, failed: 1 } };
      }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Import' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute('download', 'postflow-import-template.csv');

    await user.upload(screen.getByLabelText('CSV file'), csv());

    expect(await screen.findByText('2 rows ready, 1 row has a problem')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of posts.csv, as checked' });
    const bad = within(table).getByRole('rowheader', { name: '3' }).closest('tr') as HTMLElement;
    const cells = within(bad).getAllByRole('cell');
    expect(cells[1]).toHaveAttribute('aria-invalid', 'true');
    expect(cells[0]).not.toHaveAttribute('aria-invalid');
    expect(within(bad).getByText(/"facebook" is not a network/)).toBeInTheDocument();
    expect(within(table).getByText('Next free queue slot')).toBeInTheDocument();
    expect(within(table).getByText('The image address is not fetched.')).toBeInTheDocument();
    expect(server.callsTo(api.postImport.importPosts)[0]?.form?.get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Import 2 posts' }));

    expect(await screen.findByRole('heading', { name: 'Imported' })).toBeInTheDocument();
    expect(screen.getByText('2 posts created, 1 row not imported (see below).')).toBeInTheDocument();
    const result = screen.getByRole('table', { name: 'What became of each row' });
    expect(within(result).getAllByText('Created')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/calendar');
    const real = server.callsTo(api.postImport.importPosts)[1];
    expect([real?.search.get('dryRun'), real?.search.get('fromLine'), real?.search.get('toLine')]).toEqual(['false', '2', '4']);
  });

  it('says what is wrong with a file that cannot be imported, and creates nothing', async () => {
    const { user, server } = renderImport(
      reply(
        api.postImport.importPosts,
        apiError(
          400,
          'validation_failed',
          "This file is not UTF-8 text. Save it as CSV UTF-8: in Excel, File › Save As › 'CSV UTF-8 (Comma delimited)'.",
        ),
      ),
    );
    await user.upload(await screen.findByLabelText('CSV file'), csv());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file cannot be imported');
    expect(alert).toHaveTextContent(/Save it as CSV UTF-8/);
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
    expect(server.callsTo(api.postImport.importPosts)).toHaveLength(1);
  });

  it('says how far an import got when a part fails, and imports again from there', async () => {
    const { user, server } = renderImport(
      reply(api.postImport.importPosts, (call, index) => {
        if (call.search.get('dryRun') === 'true') return { body: checked };
        if (index === 1) return 'network-error';
        const rows = checkedRows.map((row) => (row.ok ? { ...row, postId: POST_ID } : row));
        return { body: { dryRun: false, timeZone: 'UTC', rows, created: 2, failed: 1 } };
      }),
    );
    await user.upload(await screen.findByLabelText('CSV file'), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 2 posts' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import stopped after 0 posts');
    expect(alert).toHaveTextContent(
      "Can't reach the server. Check your connection and try again. Import again to go on: rows already created are not created twice.",
    );

    await user.click(screen.getByRole('button', { name: 'Import again' }));
    expect(await screen.findByText('2 posts created, 1 row not imported (see below).')).toBeInTheDocument();
    expect(server.callsTo(api.postImport.importPosts)).toHaveLength(3);
  });

  it('is not offered to viewers', async () => {
    renderImport(reply(api.workspaces.list, { body: { workspaces: [aWorkspace({ role: 'viewer' })] } }));
    expect(await screen.findByRole('heading', { name: 'Only editors can import posts' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });
});
