import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClass } from '../components/site-links';

const TOKEN = /`([^`]+)`|\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** Renders a guide's text: `code` and [label](/internal-path) links; everything else stays plain text. */
export function InlineText({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, code, label, href] = match;
    if (code !== undefined) {
      parts.push(
        <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
          {code}
        </code>,
      );
    } else {
      parts.push(
        <Link key={index} to={href as string} className={textLinkClass}>
          {label}
        </Link>,
      );
    }
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
