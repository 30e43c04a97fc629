import { PlatformIcon } from '../../../../components/ui/icons';

/** On the Enhance step: X's thread is not tailored; it goes out as the person wrote it on Content. */
export function ThreadAsWritten({ parts }: { parts: number }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
      <PlatformIcon provider="x" className="mt-px size-4" />
      <span>
        X gets your thread of {parts} {parts === 1 ? 'post' : 'posts'} as you wrote it; go back to Content to change it. AI tailors the
        other networks&apos; text below.
      </span>
    </p>
  );
}
