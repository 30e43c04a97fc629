import type { User } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { configure, getConfig } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wizardClock } from '../features/posts/composer/clock';
import { aUser, mockApi, reply, signIn, type MockRoute } from '../test/api-mock';
import { emptyPageData } from '../test/page-data';
import { renderApp } from '../test/render-app';
import { choosePlatforms, linkedInAccount, organizations, publishAnswer, publishedForm, writePost, xAccount } from '../test/wizard';
import { browserZone } from '../lib/person-time-zone';

/**
 * The person's own time zone (docs/product.md, Shared rules · Time zone; docs/decisions/145-person-time-zone.md):
 * the browser's is proposed once, the profile's is the one every screen uses, and changing it refetches.
 */
function signedInAs(user: User, ...routes: MockRoute[]) {
  signIn();
  return mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    ...routes,
  );
}

const proposal = () => screen.queryByRole('region', { name: 'Suggested time zone' });

describe('the person’s time zone', () => {
  // The screens are lazy chunks: loaded once up front, so a slow first import does not time a test out.
  const defaultTimeout = getConfig().asyncUtilTimeout;
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 4000 });
    await Promise.all([
      import('./pages/profile-page'),
      import('../features/dashboard/dashboard-page'),
      import('../features/feed/feed-page'),
      import('../features/posts/composer/create-post-page'),
    ]);
  });
  afterAll(() => configure({ asyncUtilTimeout: defaultTimeout }));

  it('proposes the browser’s zone while the profile has none, and “Use it” stores it', async () => {
    vi.spyOn(browserZone, 'timeZone').mockReturnValue('Europe/Berlin');
    const server = signedInAs(aUser({ timeZone: null }));
    const app = renderApp('/dashboard');

    const offer = await screen.findByRole('region', { name: 'Suggested time zone' });
    expect(offer).toHaveTextContent("Use Europe/Berlin (your browser's time zone) for times in Postflow?");
    await screen.findByRole('heading', { name: 'Dashboard' });
    await app.user.click(within(offer).getByRole('button', { name: 'Use it' }));

    await waitFor(() => expect(proposal()).not.toBeInTheDocument());
    expect(server.callsTo(api.profile.updateTimeZone).map((call) => call.body)).toEqual([{ timeZone: 'Europe/Berlin' }]);
    expect(screen.getByText(/Times in Europe\/Berlin/)).toBeInTheDocument();
  });

  it('proposes nothing once a zone is set, and uses the profile’s zone over the browser’s', async () => {
    vi.spyOn(browserZone, 'timeZone').mockReturnValue('Europe/Berlin');
    const server = signedInAs(aUser({ timeZone: 'Asia/Tokyo' }));
    renderApp('/dashboard');

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByText(/Times in Asia\/Tokyo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change time zone' })).toHaveAttribute('href', '/profile#time-zone');
    expect(proposal()).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(api.dashboard.stats)[0]?.search.get('tz')).toBe('Asia/Tokyo'));
  });

  it('“Choose another” opens the profile’s time zone card and is not proposed again', async () => {
    vi.spyOn(browserZone, 'timeZone').mockReturnValue('Europe/Berlin');
    const server = signedInAs(aUser({ timeZone: null }));
    const app = renderApp('/feed');

    const offer = await screen.findByRole('region', { name: 'Suggested time zone' });
    await app.user.click(within(offer).getByRole('button', { name: 'Choose another' }));

    expect(app.pathname()).toBe('/profile');
    expect(await screen.findByRole('heading', { name: 'Time zone' })).toBeInTheDocument();
    expect(screen.getByText("You have not chosen one yet: times are shown in your browser's zone, Europe/Berlin.")).toBeInTheDocument();
    expect(proposal()).not.toBeInTheDocument();
    expect(server.callsTo(api.profile.updateTimeZone)).toEqual([]);

    await app.router.navigate('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(proposal()).not.toBeInTheDocument();
  });

  it('saves a zone chosen on the profile, and fetches again what was counted in the old one', async () => {
    vi.spyOn(browserZone, 'timeZone').mockReturnValue('Europe/Berlin');
    const server = signedInAs(aUser({ timeZone: 'Europe/Berlin' }));
    const app = renderApp('/profile');

    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(field).toHaveValue('Europe/Berlin');
    await waitFor(() => expect(server.callsTo(api.profile.details)).toHaveLength(1));
    expect(server.callsTo(api.profile.details)[0]?.search.get('tz')).toBe('Europe/Berlin');

    await app.user.clear(field);
    await app.user.type(field, 'asia/tokyo');
    await app.user.click(screen.getByRole('button', { name: 'Save time zone' }));

    expect(await screen.findByText('Times now show in Asia/Tokyo')).toBeInTheDocument();
    expect(server.callsTo(api.profile.updateTimeZone).map((call) => call.body)).toEqual([{ timeZone: 'Asia/Tokyo' }]);
    await waitFor(() => expect(server.callsTo(api.profile.details).at(-1)?.search.get('tz')).toBe('Asia/Tokyo'));
    expect(await screen.findByText(/Times in Asia\/Tokyo/)).toBeInTheDocument();
    expect(screen.getByText('Every time is shown, and every day counted, in Asia/Tokyo.')).toBeInTheDocument();
  });

  it('refuses a name that is not a time zone, before asking the server', async () => {
    const server = signedInAs(aUser({ timeZone: 'UTC' }));
    const app = renderApp('/profile');

    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    await app.user.clear(field);
    await app.user.type(field, 'Mars/Olympus');
    await app.user.click(screen.getByRole('button', { name: 'Save time zone' }));

    expect(await screen.findByText('“Mars/Olympus” is not a time zone. Choose one from the list, e.g. Europe/Berlin')).toBeInTheDocument();
    expect(server.callsTo(api.profile.updateTimeZone)).toEqual([]);
  });

  it('schedules in the profile’s zone in the composer, even when the browser is elsewhere', async () => {
    // 20:00 UTC on Tuesday 3 March: still the 3rd in Los Angeles (the browser), already the 4th in Tokyo (the profile).
    vi.spyOn(browserZone, 'timeZone').mockReturnValue('America/Los_Angeles');
    vi.spyOn(wizardClock, 'now').mockImplementation(() => new Date('2026-03-03T20:00:00Z'));
    const server = signedInAs(
      aUser({ timeZone: 'Asia/Tokyo' }),
      reply(api.accounts.list, { body: { socials: [xAccount, linkedInAccount] } }),
      reply(api.accounts.linkedInOrganizations, { body: organizations }),
      reply(api.posts.publish, publishAnswer),
    );
    const app = renderApp('/create-post');

    await screen.findByRole('heading', { name: 'Choose where to post' });
    await choosePlatforms(app.user, 'X (Twitter)');
    await writePost(app.user, 'Planned from Tokyo', { skipAi: true });

    const date = await screen.findByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-03-04');
    expect(screen.getByText(/Times in Asia\/Tokyo/)).toBeInTheDocument();
    await app.user.type(date, '2026-03-05');
    await app.user.type(screen.getByLabelText('Time'), '09:00');
    await app.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(server.callsTo(api.posts.publish)).toHaveLength(1));
    // 09:00 in Tokyo is midnight UTC.
    expect(publishedForm(server).data).toMatchObject({
      isScheduled: true,
      timeZone: 'Asia/Tokyo',
      scheduleDate: '2026-03-05',
      scheduleTime: '00:00',
    });
  });
});
