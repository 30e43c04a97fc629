import { escapeHtml as e } from '../consent/html';

/** What a public post page shows: who posted it, when, the text, its pictures and its counts. */
export interface PostPageModel {
  networkLabel: string;
  authorName: string;
  /** `@handle` on X, the page's vanity name or nothing on LinkedIn. */
  authorHandle: string | undefined;
  avatarUrl: string;
  createdAt: Date;
  text: string;
  mediaUrls: string[];
  /** A LinkedIn article post's link card. */
  card?: { url: string; title: string; description: string; imageUrl: string | undefined } | undefined;
  metrics: Array<{ label: string; value: number }>;
  /** An X reply: the post it answers (a thread's previous part), by its author's handle. */
  replyingTo?: { handle: string; url: string } | undefined;
  /** A LinkedIn post's comments that are not deleted, oldest first (a first comment among them). */
  comments?: Array<{ authorName: string; text: string }> | undefined;
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 12px; }
  header { display: flex; gap: .75rem; align-items: center; }
  header img { width: 48px; height: 48px; border-radius: 50%; }
  .badge { display: inline-block; font-size: .75rem; padding: .1rem .5rem; border: 1px solid GrayText; border-radius: 999px; }
  .text { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 1.05rem; line-height: 1.5; }
  .media img { width: 100%; border-radius: 8px; margin-top: .5rem; }
  .card { display: block; border: 1px solid GrayText; border-radius: 8px; overflow: hidden; color: inherit; text-decoration: none; }
  .card img { width: 100%; display: block; } .card div { padding: .5rem .75rem; } .card small { color: GrayText; }
  dl { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0 0; }
  dl div { display: flex; gap: .3rem; }
  dt { order: 2; } dd { margin: 0; font-weight: 600; }
`;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The sandbox's stand-in for a post's public page on x.com or linkedin.com, so "View on X" opens something real. */
export function postPage(model: PostPageModel): string {
  const handle = model.authorHandle ? `<div>${e(model.authorHandle)}</div>` : '';
  const media = model.mediaUrls.map((url, index) => `<img src="${e(url)}" alt="Image ${index + 1} of the post">`).join('');
  const card = model.card
    ? `<a class="card" href="${e(model.card.url)}" rel="noopener nofollow">${model.card.imageUrl ? `<img src="${e(model.card.imageUrl)}" alt="">` : ''}<div><strong>${e(model.card.title)}</strong><br><small>${e(hostOf(model.card.url))}</small>${model.card.description ? `<p>${e(model.card.description)}</p>` : ''}</div></a>`
    : '';
  const replyingTo = model.replyingTo ? `<p>Replying to <a href="${e(model.replyingTo.url)}">${e(model.replyingTo.handle)}</a></p>` : '';
  const comments = model.comments?.length
    ? `<section aria-label="Comments"><h2 style="font-size:1rem">Comments</h2>${model.comments
        .map((comment) => `<article><strong>${e(comment.authorName)}</strong><p class="text">${e(comment.text)}</p></article>`)
        .join('')}</section>`
    : '';
  const metrics = model.metrics
    .map(({ label, value }) => `<div><dd>${value.toLocaleString('en-US')}</dd><dt>${e(label)}</dt></div>`)
    .join('');
  return page(
    `${model.authorName} on ${model.networkLabel} (sandbox)`,
    `<p><span class="badge">${e(model.networkLabel)} sandbox</span></p>
<article>
<header><img src="${e(model.avatarUrl)}" alt=""><div><h1 style="margin:0;font-size:1.1rem">${e(model.authorName)}</h1>${handle}</div></header>
${replyingTo}
<p class="text">${e(model.text)}</p>
${media ? `<div class="media">${media}</div>` : ''}
${card}
<p><time datetime="${model.createdAt.toISOString()}">${e(model.createdAt.toUTCString())}</time></p>
<dl aria-label="Engagement">${metrics}</dl>
</article>
${comments}`,
  );
}

export function missingPostPage(networkLabel: string): string {
  return page(
    `Post not found (${networkLabel} sandbox)`,
    `<h1>This post does not exist</h1><p>It was deleted, or the ${e(networkLabel)} sandbox never had it (its state was reset).</p>`,
  );
}
