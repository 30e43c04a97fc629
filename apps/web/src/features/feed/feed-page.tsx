/** Placeholder until the feed issue builds it. */
export function FeedPage() {
  return (
    <section>
      <title>Your Feed · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Your Feed</h1>
      <p className="mt-1 text-slate-600">Your published posts</p>
    </section>
  );
}
