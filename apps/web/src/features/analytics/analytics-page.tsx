/** Placeholder until the analytics issue builds it. */
export function AnalyticsPage() {
  return (
    <section>
      <title>Analytics · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
    </section>
  );
}
