import { extractHashtagsWithIndices } from '@postflow/contract/client';

/** Plain text with its hashtags in the network's link colour, as both feeds draw them (found as the contract finds them). */
export function HashtagText({ text }: { text: string }) {
  const parts = [];
  let position = 0;
  for (const hashtag of extractHashtagsWithIndices(text)) {
    if (hashtag.start > position) parts.push(text.slice(position, hashtag.start));
    parts.push(
      <span key={hashtag.start} className="text-sky-700">
        {text.slice(hashtag.start, hashtag.end)}
      </span>,
    );
    position = hashtag.end;
  }
  if (position < text.length) parts.push(text.slice(position));
  return <>{parts}</>;
}
