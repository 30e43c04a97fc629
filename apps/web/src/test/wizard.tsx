import type { LinkedInOrganizations, postsRoutes, SocialAccount } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { ToastProvider } from '../components/ui/toast';
import { wizardClock } from '../features/posts/composer/clock';
import { CreatePostPage } from '../features/posts/composer/create-post-page';
import { anAccount, mockApi, reply, signIn, type MockAnswer, type MockHandler, type MockRoute } from './api-mock';
import { fakeUploads } from './fake-uploads';

export const xAccount = anAccount({ id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01', provider: 'x', username: 'ada_on_x' });
export const linkedInAccount = anAccount({
  id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02',
  provider: 'linkedin',
  social_id: 'li-member-1',
  username: null,
  displayName: 'Ada Lovelace',
});

export const organizations: LinkedInOrganizations = {
  personal: { id: 'li-member-1', name: 'Ada Lovelace', type: 'personal' },
  organizations: [
    { id: 'org-1', name: 'Analytical Engines Ltd', type: 'organization', followerCount: 1234 },
    { id: 'org-2', name: 'Difference Club', type: 'organization', followerCount: null },
  ],
};

/** The AI's answer in tests: says which network and which suggestion it is, so the screen shows where a text came from. */
export const enhanceEcho: MockHandler<typeof postsRoutes.enhance> = ({ body }) => ({
  body: body.platforms.map((platform) => ({ platform, enhanced: `${platform} take ${body.variant ?? 0}: ${body.text}` })),
});

export const publishAnswer: MockAnswer<typeof postsRoutes.publish> = {
  status: 201,
  body: { scheduled: false, scheduleTime: '2026-03-03T08:30:00.000Z', postId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', posts: [] },
};

export interface WizardOptions {
  accounts?: SocialAccount[];
  routes?: MockRoute[];
  /** The clock the wizard reads; Tuesday 3 March 2026, 09:30 in Berlin by default. */
  now?: string;
  timeZone?: string;
  userEvent?: Parameters<typeof userEvent.setup>[0];
  /** Where the wizard opens, e.g. '/create-post?draft=<id>' or '/create-post?at=…' (the calendar's empty slots); and the heading that says it is ready. */
  path?: string;
  readyHeading?: string;
  /** Uploads wait for the test to report their progress and answer them (`uploads`). */
  manualUploads?: boolean;
}

/**
 * The wizard at /create-post with its calls answered: both networks connected, LinkedIn pages, the AI
 * echoing, publishing accepted. The clock and zone are pinned (jsdom's zone would hide the conversions),
 * and object URLs (which jsdom lacks) give 'blob:preview-N'. The pages the wizard leaves for (/feed,
 * /connect-accounts) are stand-ins, so these tests prove where it goes without depending on those screens.
 */
export async function renderWizard(options: WizardOptions = {}) {
  signIn();
  vi.spyOn(wizardClock, 'now').mockImplementation(() => new Date(options.now ?? '2026-03-03T08:30:00Z'));
  vi.spyOn(wizardClock, 'timeZone').mockReturnValue(options.timeZone ?? 'Europe/Berlin');
  let previews = 0;
  const createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  const revokeObjectURL = vi.fn();
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = revokeObjectURL;
    },
  );
  const uploads = fakeUploads({ manual: options.manualUploads ?? false });
  const server = mockApi(
    reply(api.accounts.list, { body: { socials: options.accounts ?? [xAccount, linkedInAccount] } }),
    reply(api.accounts.linkedInOrganizations, { body: organizations }),
    reply(api.posts.enhance, enhanceEcho),
    reply(api.posts.publish, publishAnswer),
    ...(options.routes ?? []),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        // As in the app (SessionRoot), messages live above the routes and outlive the wizard.
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        children: [
          { path: '/create-post', element: <CreatePostPage /> },
          { path: '/feed', element: <h1>Your Feed</h1> },
          { path: '/connect-accounts', element: <h1>Connect Your Accounts</h1> },
        ],
      },
    ],
    { initialEntries: [options.path ?? '/create-post'] },
  );
  const user = userEvent.setup(options.userEvent);
  render(
    <AppProviders client={queryClient}>
      <main>
        <RouterProvider router={router} />
      </main>
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: options.readyHeading ?? 'Choose where to post' });
  const view = { user, router, queryClient, pathname: () => router.state.location.pathname };
  return { server, uploads, createObjectURL, revokeObjectURL, ...view };
}

type User = Awaited<ReturnType<typeof renderWizard>>['user'];

export const main = () => screen.getByRole('main');
export const button = (name: string | RegExp) => within(main()).getByRole('button', { name });
export const postContent = () => screen.getByRole('textbox', { name: 'Post content' });
export const skipAiSwitch = () => screen.getByRole('switch', { name: 'Post as written (skip AI tailoring)' });

/** Step 1: tick the named network cards ('X (Twitter)', 'LinkedIn') or channels ('Difference Club'), then Next. */
export async function choosePlatforms(user: User, ...names: string[]) {
  for (const name of names) await user.click(await screen.findByRole('checkbox', { name }));
  await user.click(button('Next'));
  await screen.findByRole('heading', { name: 'Write your post' });
}

/** Step 2: write the text (pasted, for speed), optionally skip AI, then Next. */
export async function writePost(user: User, text: string, { skipAi = false } = {}) {
  await user.click(postContent());
  await user.paste(text);
  if (skipAi) await user.click(skipAiSwitch());
  await user.click(button('Next'));
}

/** The multipart body of the n-th publish call: its `data` JSON and its `image` part. */
export function publishedForm(server: ReturnType<typeof mockApi>, index = 0) {
  const form = server.callsTo(api.posts.publish)[index]?.form;
  if (!form) throw new Error('the publish call was not multipart');
  return { data: JSON.parse(String(form.get('data'))) as Record<string, unknown>, image: form.get('image'), form };
}
