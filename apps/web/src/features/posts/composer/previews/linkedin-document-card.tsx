import type { PreviewDocument } from './types';

function pagesWords(pages: number): string {
  return `${pages} ${pages === 1 ? 'page' : 'pages'}`;
}

/** LinkedIn's document post: the title and page count over the first page, which readers page through in the feed. */
export function LinkedInDocumentCard({ document }: { document: PreviewDocument }) {
  return (
    <div role="group" aria-label={`Document: ${document.title}, ${pagesWords(document.pages)}`} className="flex flex-col bg-slate-100">
      <p className="flex items-baseline gap-1 bg-slate-800 px-3 py-2 text-sm text-white">
        <span className="truncate font-semibold">{document.title}</span>
        <span aria-hidden="true">·</span>
        <span className="shrink-0">{pagesWords(document.pages)}</span>
      </p>
      <div className="flex justify-center p-4">
        {document.firstPageUrl ? (
          <img src={document.firstPageUrl} alt={`First page of ${document.title}`} className="max-h-80 bg-white shadow-sm" />
        ) : (
          // A page outline stands in for the first page until it is drawn.
          <div aria-hidden="true" className="flex aspect-[3/4] w-48 flex-col gap-2 bg-white p-4 shadow-sm">
            <span className="h-3 w-3/4 rounded bg-slate-300" />
            <span className="h-2 w-full rounded bg-slate-200" />
            <span className="h-2 w-full rounded bg-slate-200" />
            <span className="h-2 w-5/6 rounded bg-slate-200" />
            <span className="mt-2 h-16 w-full rounded bg-slate-100" />
          </div>
        )}
      </div>
      <p className="px-3 pb-2 text-right text-xs text-slate-600 tabular-nums" aria-hidden="true">
        1 / {document.pages}
      </p>
    </div>
  );
}
