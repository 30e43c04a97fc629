/** Placeholder until the dashboard issue builds it. */
export function DashboardPage() {
  return (
    <section>
      <title>Dashboard · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
    </section>
  );
}
