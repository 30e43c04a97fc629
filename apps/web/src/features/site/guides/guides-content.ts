import type { Guide } from './guide-types';

/**
 * The guides, written for Postflow as it is built (README, docs/architecture.md, docs/decisions,
 * packages/sandbox/README.md). When a behaviour changes, change its guide in the same pull request.
 */
export const guides: readonly Guide[] = [
  {
    slug: 'creating-account',
    title: 'Creating an account',
    category: 'Getting Started',
    summary: 'Sign up with email and a password, or with X or LinkedIn, and learn how sign-in sessions and password resets work.',
    sections: [
      {
        heading: 'Two ways to sign up',
        blocks: [
          {
            type: 'list',
            items: [
              'With email: open [Create account](/register), enter your name, your email address and a password of at least 8 characters.',
              'With a network: on the [sign-in page](/login) choose "Continue with X (Twitter)" or "Continue with LinkedIn". Postflow creates your account and connects that network in the same step.',
            ],
          },
          {
            type: 'p',
            text: 'Either way you land on the dashboard. You can add the other network later from Connect Accounts. If the network shared your email address, you can also give the account a password with "Forgot password?" on the sign-in page.',
          },
        ],
      },
      {
        heading: 'How signing in works',
        blocks: [
          {
            type: 'p',
            text: 'Signing in gives your browser a session that lasts one hour and renews itself quietly for up to 30 days, so you are not sent back to the sign-in page while you work. Logging out ends that session at once.',
          },
          {
            type: 'p',
            text: 'After ten wrong passwords Postflow pauses sign-in for that address for up to 15 minutes and says when to try again. That protects your account from guessing.',
          },
        ],
      },
      {
        heading: 'Forgot your password?',
        blocks: [
          {
            type: 'steps',
            items: [
              'Open [Reset password](/reset-password) and enter your email address.',
              'Open the link from the email. It works once, for one hour.',
              'Choose a new password. Every browser signed in to your account is signed out.',
            ],
          },
          {
            type: 'note',
            text: 'Running Postflow yourself without a mail server? Reset emails are kept in the database and the reset link is printed in the server log, so you can still use it. Set `SMTP_URL` to send real mail.',
          },
        ],
      },
      {
        heading: 'Running your own Postflow',
        blocks: [
          {
            type: 'p',
            text: 'Postflow is open source. On a machine with Node 20, one command installs what is missing, builds the app and starts it with everything it needs: an embedded PostgreSQL, the background worker, the built-in AI engine and the X and LinkedIn sandbox.',
          },
          { type: 'code', text: 'npm start\n# Postflow is running at http://localhost:8080' },
          {
            type: 'p',
            text: 'Data lives in `./data` (set `DATA_DIR` to move it) and survives restarts. Every setting is an environment variable or a line in a `.env` file; a wrong value stops the start with a message naming the variable. The [API integration](/guides/api-integration) and [Security practices](/guides/security-practices) guides cover running it for other people.',
          },
        ],
      },
    ],
  },
  {
    slug: 'connecting-platforms',
    title: 'Connecting platforms',
    category: 'Getting Started',
    summary: 'Connect X and LinkedIn, try everything offline with the built-in sandbox, and know what "Reconnect" means.',
    sections: [
      {
        heading: 'Connect an account',
        blocks: [
          {
            type: 'steps',
            items: [
              'Open Connect Accounts from the sidebar.',
              'Press Connect on the X or LinkedIn card. You go to that network\u2019s consent page.',
              'Approve the access Postflow asks for. You come back to Connect Accounts with the account listed.',
            ],
          },
          {
            type: 'p',
            text: 'Postflow asks X for permission to read and write posts, upload media and stay connected (a refresh token). It asks LinkedIn for your profile, your email address and permission to post as you.',
          },
        ],
      },
      {
        heading: 'The sandbox: X and LinkedIn without API keys',
        blocks: [
          {
            type: 'p',
            text: 'A network with no API credentials configured is played by the sandbox, a small server that starts beside Postflow and imitates the X and LinkedIn APIs, consent pages included. Accounts connected there carry a "Sandbox" badge: their posts go to the imitation, never to the real network.',
          },
          {
            type: 'list',
            items: [
              'The consent page lists ready-made people: `sandbox_alice` and `sandbox_bob` on X; "Alice Admin" (administrator of the pages "Acme Sandbox Ltd" and "Globex Sandbox") and "Bob Member" on LinkedIn.',
              'Type any name in the text field to create a new person. A LinkedIn name containing "admin" also gets a company page of its own to post as.',
              'Posts you publish in the sandbox gain impressions, likes, comments and shares over the following hours, so analytics and insights have numbers to show.',
            ],
          },
        ],
      },
      {
        heading: 'Connecting the real networks',
        blocks: [
          {
            type: 'p',
            text: 'Whoever runs your Postflow registers an app with each network and gives Postflow its credentials. The redirect (callback) addresses to register are your public address followed by `/auth/x/callback` and `/auth/linkedin/callback`.',
          },
          {
            type: 'code',
            text: 'PUBLIC_URL=https://postflow.example.com\nX_CLIENT_ID=...\nX_CLIENT_SECRET=...\nLINKEDIN_CLIENT_ID=...\nLINKEDIN_CLIENT_SECRET=...\n# once both networks are real:\nSANDBOX=off',
          },
          {
            type: 'p',
            text: 'A self-serve LinkedIn app may post as its members only. Posting as a company page and reading post statistics need LinkedIn\u2019s approval for its Community Management API; once you have it, list the extra scopes in `LINKEDIN_SCOPES`. With `SANDBOX=off` and no credentials for a network, its card says "Not set up on this server".',
          },
        ],
      },
      {
        heading: 'Reconnect, expiry and disconnecting',
        blocks: [
          {
            type: 'list',
            items: [
              'X access renews itself. LinkedIn access lasts 60 days: Postflow emails you 14, 7, 2 and 1 days before it ends, and the card shows the date. Press Reconnect to start a new 60 days.',
              '"Needs reconnect" means the network refused Postflow\u2019s access, for example because you revoked it in the network\u2019s settings. Scheduled posts for that account cannot go out until you reconnect it.',
              'Disconnect asks the network to revoke Postflow\u2019s access where it can, and deletes the stored tokens.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'creating-posts',
    title: 'Creating posts',
    category: 'Content Management',
    summary: 'Write a post once in the wizard, let AI tailor it for X and LinkedIn, add an image, and publish or schedule it.',
    sections: [
      {
        heading: 'The four steps',
        blocks: [
          {
            type: 'steps',
            items: [
              'Platforms: choose X, LinkedIn or both. Only connected networks can be chosen; an unconnected one offers to take you to Connect Accounts.',
              'Content: write your post (up to 2,000 characters) and, if you like, add one JPG, PNG or GIF image of up to 10 MB. With LinkedIn chosen, pick whether to post as yourself or as a company page you administer.',
              'Enhance (when AI is on): Postflow shows a version for each network. Regenerate one to get another take, and edit any of them.',
              'Review & Schedule: check each version, then post now or pick a date and time. After it is sent or scheduled you land on your feed.',
            ],
          },
        ],
      },
      {
        heading: 'How AI tailors your text',
        blocks: [
          {
            type: 'p',
            text: 'The built-in engine works offline and gives the same answer for the same text. For X it tightens the wording, removes filler, keeps links intact and fits the post in 280 characters, adding a hashtag or two only when they fit. For LinkedIn it opens with a hook line, splits the text into short paragraphs and adds a few hashtags at the end, within LinkedIn\u2019s 3,000 characters.',
          },
          {
            type: 'p',
            text: 'If the person running Postflow configured an OpenAI-compatible model (`AI_BASE_URL`, `AI_API_KEY` and `AI_MODEL`), that model writes the versions instead, and the built-in engine answers whenever the model is unavailable. If AI fails altogether you get your original text, cut to 277 characters plus "..." for X when it is longer than 280.',
          },
        ],
      },
      {
        heading: 'Counting characters like X does',
        blocks: [
          {
            type: 'p',
            text: 'X does not count every character as one: most emoji and many non-Latin characters count as two, and every link counts as 23. The X counter in the wizard counts the same way, warns when fewer than 30 characters remain and turns red past 280. It never blocks you, because the AI step or your own edit can still shorten the text.',
          },
        ],
      },
      {
        heading: 'After posting',
        blocks: [
          {
            type: 'list',
            items: [
              'A post for X and LinkedIn becomes one entry per network, each with its own status and its own link once published.',
              'Your profile lists published posts and scheduled ones. Scheduled posts can be edited, published at once or deleted there.',
              'Deleting a published post also deletes it on the network.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'content-scheduling',
    title: 'Content scheduling',
    category: 'Content Management',
    summary: 'How scheduled posts keep their time in your time zone, go out exactly once, and what "missed" and "needs reconnect" mean.',
    sections: [
      {
        heading: 'Picking a time',
        blocks: [
          {
            type: 'p',
            text: 'In the wizard\u2019s last step choose a date and a time. They are in your own time zone, and the UTC equivalent is shown next to them. The time must be in the future and at most a year ahead.',
          },
        ],
      },
      {
        heading: 'Time zones and daylight saving',
        blocks: [
          {
            type: 'p',
            text: 'Postflow stores the exact moment you chose, together with the name of your time zone (such as `Europe/Berlin`). A post set for 09:00 on a day after the clocks change goes out at 09:00 on your clock that day: the moment was worked out for that date, and it never moves afterwards.',
          },
          {
            type: 'note',
            text: 'On the night the clocks change, some times happen twice or not at all. If you schedule in that hour, check the UTC time shown under the inputs before you confirm.',
          },
        ],
      },
      {
        heading: 'Exactly once, on time',
        blocks: [
          {
            type: 'p',
            text: 'At the chosen moment the background worker sends the post to each network once. Each attempt is recorded before the network is called. If the answer never arrives (a timeout, a dropped connection), the next attempt first looks at your recent posts on that network, so a post that did go out is never sent twice. Rate limits and network outages are retried with increasing pauses.',
          },
        ],
      },
      {
        heading: 'What each status means',
        blocks: [
          {
            type: 'list',
            items: [
              'Scheduled: waiting for its time. You can edit it, publish it now or delete it from your profile.',
              'Published: it is on the network; "View Post" opens it there.',
              'Failed: the network refused the post, for example because of its content. The reason is shown on the post and emailed to you.',
              'Missed: the post could not go out within 2 hours of its time (say the server was down), so Postflow held it back rather than post it at a surprising time. Reschedule it or publish it now. The window is set with `PUBLISH_MISSED_AFTER`.',
              'Needs reconnect: the network no longer accepts Postflow\u2019s access to that account. Reconnect it on Connect Accounts, then reschedule the post.',
            ],
          },
          {
            type: 'p',
            text: 'Every failed, missed or needs-reconnect post is also emailed to you, so nothing fails silently.',
          },
        ],
      },
      {
        heading: 'For the person running Postflow',
        blocks: [
          {
            type: 'p',
            text: 'Scheduled posts are sent by the worker. `npm start` runs it inside the app (`ROLE=all`). If you split the API and the worker (`ROLE=api`, `ROLE=worker`), keep at least one worker running: `GET /healthz` reports `worker: ok` while one has checked in during the last 30 seconds.',
          },
        ],
      },
    ],
  },
  {
    slug: 'understanding-analytics',
    title: 'Understanding analytics',
    category: 'Analytics',
    summary: 'Where the numbers come from, how often they are refreshed, and how to read insights and their confidence.',
    sections: [
      {
        heading: 'Where the numbers come from',
        blocks: [
          {
            type: 'p',
            text: 'Postflow reads impressions, likes, comments, shares and clicks of your published posts from X and LinkedIn, and your follower counts once a day. Every reading is kept as a snapshot, never overwritten, so you can see how a post grew and insights can learn from the history.',
          },
          {
            type: 'list',
            items: [
              'Posts younger than two days are read every hour, posts under a month old once a day, older ones once a week.',
              'Sync Data on the Analytics page reads every post of the last 90 days for the chosen platform right away.',
              'Syncs respect each network\u2019s limits; a sync stopped by a limit keeps what it read and the next one continues.',
            ],
          },
          {
            type: 'note',
            text: 'On the real LinkedIn, reading post statistics needs LinkedIn\u2019s Community Management approval (see [Connecting platforms](/guides/connecting-platforms)). Without it LinkedIn posts show no numbers. The sandbox always provides them.',
          },
        ],
      },
      {
        heading: 'Reading the Analytics page',
        blocks: [
          {
            type: 'list',
            items: [
              'Choose a platform (all, X or LinkedIn) and a date range; it starts with the last 30 days.',
              'Overview: totals for the period. Engagement rate is likes, comments and shares divided by impressions.',
              'Top posts, the engagement trend over time and your audience breakdown.',
            ],
          },
        ],
      },
      {
        heading: 'Insights and their confidence',
        blocks: [
          {
            type: 'p',
            text: 'Generate AI Insights compares your own posts with each other: which hours and days, lengths, hashtags and platforms did better than the rest. An insight is written only when the difference is unlikely to be chance, and the figures always come from your own statistics, even when a language model words them.',
          },
          {
            type: 'p',
            text: 'Each insight carries a confidence that combines how clear the difference is with how many posts it rests on. A finding based on a handful of posts cannot score high: with 12 posts in the smaller group its confidence is at most 63%, with 36 posts at most 95%. Post more, sync, and generate again to firm it up.',
          },
          {
            type: 'p',
            text: 'Mark an insight as read, or as applied once you act on it. Generating again refreshes an insight with the same finding rather than adding a copy.',
          },
        ],
      },
    ],
  },
  {
    slug: 'custom-reports',
    title: 'Custom reports',
    category: 'Analytics',
    summary: 'What you can slice today (date ranges and platforms), what is not built yet, and how to get the raw numbers.',
    sections: [
      {
        heading: 'What you can do today',
        blocks: [
          {
            type: 'list',
            items: [
              'Analytics: any start and end date, for all platforms or for X or LinkedIn alone.',
              'Dashboard: the last 7, 30 or 90 days, or the last year.',
              'Feed: filter your posts by platform, by time (today, this week, this month) and by status.',
            ],
          },
        ],
      },
      {
        heading: 'Not built yet',
        blocks: [
          {
            type: 'p',
            text: 'There is no report builder, no export to CSV or PDF and no scheduled report by email yet. If you need one, [tell us](/contact) what it should contain.',
          },
        ],
      },
      {
        heading: 'Getting the raw numbers',
        blocks: [
          {
            type: 'p',
            text: 'Everything the Analytics page shows comes from the API, which you can call yourself (see [API integration](/guides/api-integration)), for example the summary for a platform and a period:',
          },
          { type: 'code', text: 'GET /api/v1/analytics/summary?platform=x&start_date=2026-01-01&end_date=2026-01-31' },
          {
            type: 'p',
            text: 'If you run Postflow, the numbers are also in your own PostgreSQL: `metric_snapshots` holds every reading of every post and `follower_snapshots` one follower count per account and day. Any SQL client or BI tool can read them.',
          },
        ],
      },
    ],
  },
  {
    slug: 'team-collaboration',
    title: 'Team collaboration',
    category: 'Advanced Features',
    summary:
      'What Postflow offers teams today (one person per account), how to work as a team anyway, and why scaling out is a different thing.',
    sections: [
      {
        heading: 'One person per account, today',
        blocks: [
          {
            type: 'p',
            text: 'A Postflow account belongs to one person: their connected networks, posts and analytics. Shared workspaces, roles and approval steps are not built yet, even though the higher plans describe team users.',
          },
        ],
      },
      {
        heading: 'Working as a team anyway',
        blocks: [
          {
            type: 'list',
            items: [
              'Give each teammate their own Postflow account on the same server, each connecting their own X and LinkedIn accounts.',
              'For a LinkedIn company page, every teammate who is an administrator of the page can post as the page from their own account (on the real LinkedIn this needs the approval described in [Connecting platforms](/guides/connecting-platforms)).',
              'Avoid sharing one login: each sign-in is its own session, and a password reset signs everybody out.',
            ],
          },
        ],
      },
      {
        heading: 'Scaling out is not collaboration',
        blocks: [
          {
            type: 'p',
            text: 'For more people or more posts, the person running Postflow can run several API processes (`ROLE=api`) and several workers (`ROLE=worker`) against one PostgreSQL (`DATABASE_URL`), all with the same `SECRET_KEY`. Jobs spread across the workers and the networks\u2019 limits are counted in the database, so they hold across processes. That adds capacity; it does not let people share accounts.',
          },
        ],
      },
    ],
  },
  {
    slug: 'api-integration',
    title: 'API integration',
    category: 'Advanced Features',
    summary:
      'Call the same API the web app uses: sign in for a bearer token, schedule posts with POST /posts, and read the OpenAPI description at /api/docs.',
    sections: [
      {
        heading: 'The API description',
        blocks: [
          {
            type: 'p',
            text: 'Every call the web app makes is described at `/api/docs` on your Postflow server (OpenAPI, generated from the same schemas the server validates with). Requests and answers are JSON; errors always have the shape `{"error": {"code", "message", "fields"}}`.',
          },
        ],
      },
      {
        heading: 'Signing in',
        blocks: [
          {
            type: 'p',
            text: 'There are no personal API keys yet. Sign in with the email and password of a Postflow account and send the token as a bearer token. It lasts one hour; trade the refresh token at `POST /auth/refresh` for a new pair (each refresh token works once).',
          },
          {
            type: 'code',
            text: 'curl -s https://postflow.example.com/auth/login \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"email":"you@example.com","password":"your password"}\'\n# {"token":"pf_at_...","refreshToken":"pf_rt_...","expiresIn":3600,"user":{...}}',
          },
        ],
      },
      {
        heading: 'Scheduling a post',
        blocks: [
          {
            type: 'p',
            text: '`POST /posts` publishes at once, or schedules when you give `scheduledFor` (a date and time with its offset). `timeZone` is the zone you planned in, kept for display; `perPlatformText` sets a different text per network.',
          },
          {
            type: 'code',
            text: 'curl -s https://postflow.example.com/posts \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"text":"Hello from the API","platforms":["x","linkedin"],\n       "scheduledFor":"2026-03-02T09:00:00+01:00","timeZone":"Europe/Berlin"}\'',
          },
          {
            type: 'p',
            text: 'The answer (201) holds `postId`, the UTC `scheduleTime` and one entry per network with its status. Images go through the multipart call `POST /content/publish` instead.',
          },
        ],
      },
      {
        heading: 'Other useful calls',
        blocks: [
          {
            type: 'list',
            items: [
              '`GET /posts?status=scheduled&platform=x`: your posts, newest first (`limit`, `offset`).',
              '`PUT /content/{id}`, `DELETE /content/{id}` and `POST /content/{id}/publish-now` for a post that has not gone out.',
              '`GET /auth/accounts`: your connected accounts.',
              '`GET /healthz`: whether the API, the database and a worker are up, for a load balancer.',
            ],
          },
          {
            type: 'note',
            text: 'Sign-in and a few other calls are rate limited: a refused call answers 429 with a `Retry-After` header giving the seconds to wait.',
          },
        ],
      },
    ],
  },
  {
    slug: 'security-practices',
    title: 'Security practices',
    category: 'Advanced Features',
    summary:
      'What Postflow stores and how it protects it, and what the person running it should do: keep SECRET_KEY safe, serve over HTTPS, guard logs and backups.',
    sections: [
      {
        heading: 'What Postflow stores and how',
        blocks: [
          {
            type: 'list',
            items: [
              'Passwords only as argon2id hashes. A wrong password and an unknown address get the same answer, so nobody can probe who has an account.',
              'Sign-in tokens only as SHA-256 digests, with the browser and IP address of each session. Logging out revokes the session; a password reset revokes all of them.',
              'The networks\u2019 access and refresh tokens encrypted with AES-256-GCM under `SECRET_KEY`. Disconnecting an account deletes them.',
              'Posts, images (checked by content, re-encoded with their metadata removed, stored under `DATA_DIR/media`), metric snapshots, sent mail and contact messages, in your PostgreSQL.',
            ],
          },
        ],
      },
      {
        heading: 'Limits against guessing and flooding',
        blocks: [
          {
            type: 'p',
            text: 'Sign-in, registration, password resets and the contact form are limited per address and per network, in the database so the limits hold across processes. A refusal says when to try again. Behind a reverse proxy set `TRUST_PROXY=on`, or every visitor looks like the proxy.',
          },
        ],
      },
      {
        heading: 'Keep SECRET_KEY safe',
        blocks: [
          {
            type: 'list',
            items: [
              'With the embedded database the key is generated into `DATA_DIR/secrets.json` (readable by its owner only). Back it up with the data.',
              'With your own PostgreSQL (`DATABASE_URL`) you must set `SECRET_KEY` yourself (`openssl rand -hex 32`), the same for every process.',
              'A database dump together with the key gives access to everyone\u2019s networks: store them apart. A lost key means everyone reconnects their accounts.',
            ],
          },
        ],
      },
      {
        heading: 'Serving Postflow to others',
        blocks: [
          {
            type: 'steps',
            items: [
              'Put a TLS proxy (such as Caddy or nginx) in front and serve only HTTPS; Postflow sends HSTS and a strict Content Security Policy.',
              'Listen beyond localhost with `HOST=0.0.0.0`, set `PUBLIC_URL` to the https address and `TRUST_PROXY=on`.',
              'Set `SMTP_URL`: without it password-reset links are printed in the server log, so anyone who reads the log could use them.',
              'Keep the server, Node and PostgreSQL updated, and restrict who can read `DATA_DIR`, the database and the logs.',
            ],
          },
          {
            type: 'p',
            text: 'Postflow\u2019s own logs leave out passwords, tokens and other secrets. The public pages load no third-party scripts and set no tracking cookies.',
          },
        ],
      },
    ],
  },
];

export function guideBySlug(slug: string): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}
